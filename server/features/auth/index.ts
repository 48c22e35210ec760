/** Accounts, tokens and sign-in (email and social): the auth feature's public module. */
export { createAuthService, type AuthService } from './service.ts';
export { hashPassword } from './passwords.ts';
export { authenticator } from './middleware.ts';
export { authRoutes } from './routes.ts';
export { socialRoutes } from './social/routes.ts';
export * as operations from './operations.ts';
