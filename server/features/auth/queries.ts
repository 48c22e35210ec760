/** Every SQL statement of the auth feature (accounts, refresh tokens, the JWT secret, social sign-in records). */
import type { Queryable } from '../../platform/db/database.ts';

export interface UserRow {
  id: string;
  email: string;
  name: string;
  avatar: string | null;
  password_hash: string | null;
  scope: string;
  /** 1 when the email was proved (a social sign-in, the seed); 0 for an account made from an invitation until then. */
  email_verified: number;
}

export interface TokenRow {
  family_id: string;
  user_id: string;
  expires_at: number;
  family_expires_at: number;
  used_at: number | null;
  revoked_at: number | null;
}

/** Stores the generated JWT secret unless an instance stored one first. */
export const insertJwtSecret = (q: Queryable, secret: string) =>
  q.run('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING', ['jwt_secret', secret]);

export const userById = (q: Queryable, id: string) => q.get<UserRow>('SELECT * FROM users WHERE id = ?', [id]);

/** `email` already normalized (trimmed, lower case). */
export const userByEmail = (q: Queryable, email: string) =>
  q.get<UserRow>('SELECT * FROM users WHERE email = ?', [email]);

/** A social account (no password); a concurrent insert of the same email wins. */
export const insertSocialUser = (
  q: Queryable,
  user: { id: string; email: string; name: string; avatar: string | null; createdAt: string },
) =>
  q.run(
    'INSERT INTO users (id, email, name, avatar, password_hash, scope, created_at) VALUES (?, ?, ?, ?, NULL, ?, ?) ON CONFLICT (email) DO NOTHING',
    [user.id, user.email, user.name, user.avatar, '[]', user.createdAt],
  );

/**
 * The account's email was just proved by a provider: the password, chosen by whoever held an invitation link,
 * goes (the person signs in with the provider from now on).
 */
export const markEmailProved = (q: Queryable, userId: string) =>
  q.run('UPDATE users SET email_verified = 1, password_hash = NULL WHERE id = ? AND email_verified = 0', [userId]);

export const insertRefreshToken = (
  q: Queryable,
  t: { hash: string; familyId: string; userId: string; expiresAt: number; familyExpiresAt: number; createdAt: number },
) =>
  q.run(
    'INSERT INTO refresh_tokens (token_hash, family_id, user_id, expires_at, family_expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    [t.hash, t.familyId, t.userId, t.expiresAt, t.familyExpiresAt, t.createdAt],
  );

/** `forUpdate`: the database's row lock (`Db.forUpdate`), inside a transaction. */
export const refreshTokenByHash = (q: Queryable, hash: string, forUpdate = '') =>
  q.get<TokenRow>(`SELECT * FROM refresh_tokens WHERE token_hash = ?${forUpdate}`, [hash]);

export const markRefreshTokenUsed = (q: Queryable, hash: string, at: number) =>
  q.run('UPDATE refresh_tokens SET used_at = ? WHERE token_hash = ? AND used_at IS NULL', [at, hash]);

export const revokeFamily = (q: Queryable, familyId: string, at: number) =>
  q.run('UPDATE refresh_tokens SET revoked_at = ? WHERE family_id = ? AND revoked_at IS NULL', [at, familyId]);

export const revokeUserTokens = (q: Queryable, userId: string, at: number) =>
  q.run('UPDATE refresh_tokens SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL', [at, userId]);

/** Social sign-in records (server/features/auth/social/store.ts): pending requests and one-time codes. */
export const SOCIAL_TABLES = { pending: 'social_pending', code: 'social_codes' } as const;
export type SocialTable = keyof typeof SOCIAL_TABLES;

export const deleteExpiredSocial = (q: Queryable, kind: SocialTable, now: number) =>
  q.run(`DELETE FROM ${SOCIAL_TABLES[kind]} WHERE expires_at <= ?`, [now]);

export const upsertSocial = (q: Queryable, kind: SocialTable, key: string, data: string, expiresAt: number) =>
  q.run(
    `INSERT INTO ${SOCIAL_TABLES[kind]} (key, data, expires_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET data = excluded.data, expires_at = excluded.expires_at`,
    [key, data, expiresAt],
  );

export const countSocial = async (q: Queryable, kind: SocialTable) =>
  (await q.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${SOCIAL_TABLES[kind]}`))!.n;

/** Deletes the `n` rows that expire first. */
export const deleteOldestSocial = (q: Queryable, kind: SocialTable, n: number) =>
  q.run(
    `DELETE FROM ${SOCIAL_TABLES[kind]} WHERE key IN (SELECT key FROM ${SOCIAL_TABLES[kind]} ORDER BY expires_at ASC LIMIT ?)`,
    [n],
  );

/** DELETE … RETURNING: of two instances taking the same key, one gets it. */
export const takeSocial = (q: Queryable, kind: SocialTable, key: string) =>
  q.get<{ data: string; expires_at: number }>(
    `DELETE FROM ${SOCIAL_TABLES[kind]} WHERE key = ? RETURNING data, expires_at`,
    [key],
  );
