/**
 * The OpenAPI paths of this feature's operations, written by hand beside its routes: each
 * becomes an `operation()` next to its route (server/platform/operations.ts) and leaves this file.
 */
import { json, problemResponse, body, PUBLIC, idParam, jsonBodyErrors, signedIn } from '../../platform/openapi.ts';

export const openApiPaths = {
  '/auth/login': {
    post: {
      operationId: 'login', tags: ['auth'], security: PUBLIC,
      summary: 'Sign in with email and password (rate-limited: 429 with Retry-After)', requestBody: body('LoginInput'),
      responses: { 200: json('TokenPair', 'Token pair'), 401: problemResponse('Wrong credentials'), 429: problemResponse('Too many failed attempts'), ...jsonBodyErrors },
    },
  },
  '/auth/refresh': {
    post: {
      operationId: 'refreshToken', tags: ['auth'], security: PUBLIC,
      summary: 'Rotate a refresh token; reusing one revokes its whole family (type token-reused)', requestBody: body('RefreshInput'),
      responses: { 200: json('TokenPair', 'New pair'), 401: problemResponse('Invalid, expired or reused refresh token'), ...jsonBodyErrors },
    },
  },
  '/auth/logout': {
    post: {
      operationId: 'logout', tags: ['auth'],
      summary: 'Revoke the refresh-token family (body `{refresh_token}` optional; without it, every session of the user)',
      requestBody: { required: false, content: { 'application/json': { schema: { type: 'object', additionalProperties: false, properties: { refresh_token: { type: 'string', maxLength: 500 } } } } } },
      responses: { 204: { description: 'Signed out' }, ...signedIn, ...jsonBodyErrors },
    },
  },
  '/auth/user': {
    get: { operationId: 'getUser', tags: ['auth'], summary: 'The signed-in user', responses: { 200: json('UserResponse', 'User'), ...signedIn } },
  },
  '/auth/social/{provider}/start': {
    get: {
      operationId: 'startSocialLogin', tags: ['auth'], security: PUBLIC,
      summary: 'Start an OpenID Connect sign-in (browser navigation): redirects to the provider',
      parameters: [
        idParam('provider', 'Provider', { type: 'string', enum: ['google', 'demo'] }),
        { name: 'code_challenge', in: 'query', required: true, description: 'PKCE S256 challenge of the browser', schema: { type: 'string' } },
        { name: 'code_challenge_method', in: 'query', required: false, schema: { type: 'string', enum: ['S256'] } },
      ],
      responses: {
        302: { description: 'To the provider\'s sign-in page (or back to `/login?error=…` when the provider is unavailable)', headers: { Location: { schema: { type: 'string' } } } },
        400: problemResponse('Missing or invalid PKCE challenge'),
        404: problemResponse('Unknown or unconfigured provider'),
      },
    },
  },
  '/auth/social/{provider}/callback': {
    get: {
      operationId: 'finishSocialLogin', tags: ['auth'], security: PUBLIC,
      summary: 'The provider sends the browser back here; redirects to `/login?code=…` (one-time code) or `/login?error=…`',
      parameters: [
        idParam('provider', 'Provider', { type: 'string', enum: ['google', 'demo'] }),
        { name: 'state', in: 'query', required: false, schema: { type: 'string' } },
        { name: 'code', in: 'query', required: false, schema: { type: 'string' } },
      ],
      responses: {
        302: { description: 'Back to the site\'s `/login`', headers: { Location: { schema: { type: 'string' } } } },
        404: problemResponse('Unknown or unconfigured provider'),
      },
    },
  },
  '/auth/social/token': {
    post: {
      operationId: 'exchangeSocialCode', tags: ['auth'], security: PUBLIC,
      summary: 'Exchange a one-time social-login code (PKCE) for a token pair', requestBody: body('SocialTokenInput'),
      responses: { 200: json('TokenPair', 'Token pair'), ...jsonBodyErrors, 400: problemResponse('Invalid or expired code, or malformed JSON') },
    },
  },
};
