import * as z from 'zod/mini';

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
