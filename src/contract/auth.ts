import * as z from 'zod/mini';

/** The sentences the auth API answers with (problem `detail`); the client may show them as they are. */
export const AUTH_MESSAGES = {
  signIn: 'Inicia sesión para continuar.',
  sessionExpired: 'Tu sesión ha caducado. Inicia sesión de nuevo.',
  accountGone: 'La cuenta ya no existe.',
  badCredentials: 'Revisa tu correo y tu contraseña e inténtalo de nuevo.',
  tooManyFailures: (seconds: number) => `Demasiados intentos fallidos. Vuelve a intentarlo en ${seconds} s.`,
  refreshInvalid: 'La sesión no es válida. Inicia sesión de nuevo.',
  refreshReused:
    'Por seguridad hemos cerrado la sesión en todos los dispositivos que la compartían. Inicia sesión de nuevo.',
  refreshExpired: 'La sesión ha caducado. Inicia sesión de nuevo.',
  unknownProvider: 'Ese proveedor de inicio de sesión no existe.',
  pkceMissing: 'Falta el reto PKCE (code_challenge, S256) del navegador.',
  pkceField: 'Debe ser un reto S256 en base64url de 43 caracteres.',
  socialCodeInvalid: 'El inicio de sesión caducó o no es válido. Vuelve a intentarlo.',
} as const;

export const LoginInput = z.strictObject({
  email: z.email(),
  password: z.string().check(z.minLength(1), z.maxLength(200)),
});
export const RefreshInput = z.strictObject({ refresh_token: z.string().check(z.minLength(1), z.maxLength(500)) });
export const SocialTokenInput = z.strictObject({
  code: z.string().check(z.minLength(1), z.maxLength(500)),
  code_verifier: z.string().check(z.minLength(43), z.maxLength(128)),
});
export const TokenPair = z.object({
  token: z.string(),
  refresh_token: z.string(),
  expires_in: z.int(),
  refresh_expires_in: z.optional(z.int()),
  token_type: z.optional(z.string()),
});
export const User = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  avatar: z.optional(z.string()),
  scope: z.array(z.string()),
});
export const UserResponse = z.object({ user: User });

/** Claims of the access JWT. */
export interface AccessClaims {
  sub: string;
  scope: string[];
  exp: number;
  iat: number;
  name?: string;
  /** Unique per token (RFC 7519 §4.1.7): two tokens issued in the same second still differ. */
  jti?: string;
}

export type LoginInput = z.infer<typeof LoginInput>;
export type TokenPair = z.infer<typeof TokenPair>;
export type User = z.infer<typeof User>;
