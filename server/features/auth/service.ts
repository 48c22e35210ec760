/**
 * Accounts and sessions: users, access JWTs, rotating refresh tokens (stored hashed,
 * grouped in families; a reused token revokes its family), login rate limiting — all in
 * the database, so any number of instances share them.
 * `issueTokenPair` and `findOrCreateUserByEmail` are also what social login uses.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../../platform/db/database.ts';
import { getMeta } from '../../platform/db/database.ts';
import type { ServerConfig } from '../../platform/config.ts';
import type { AccessClaims, TokenPair, User } from '../../../src/contract/auth.ts';
import { signJwt, verifyJwt } from './jwt.ts';
import { DUMMY_HASH_PROMISE, verifyPassword } from './passwords.ts';
import { HttpProblem, problem } from '../../platform/problem.ts';
import type { RateLimiter } from '../../platform/rate-limit.ts';

export interface UserRow {
  id: string;
  email: string;
  name: string;
  avatar: string | null;
  password_hash: string | null;
  scope: string;
}

export function toUser(row: UserRow): User {
  return { id: row.id, name: row.name, email: row.email, ...(row.avatar ? { avatar: row.avatar } : {}), scope: JSON.parse(row.scope) as string[] };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

export interface AuthService {
  secret: string;
  userById(id: string): Promise<UserRow | undefined>;
  userByEmail(email: string): Promise<UserRow | undefined>;
  /** Finds a user by email or creates one (no password: social accounts). */
  findOrCreateUserByEmail(input: { email: string; name: string; avatar?: string }): Promise<UserRow>;
  issueTokenPair(userId: string, familyId?: string, familyExpiresAt?: number): Promise<TokenPair>;
  login(email: string, password: string, clientKey: string): Promise<TokenPair>;
  refresh(refreshToken: string): Promise<TokenPair>;
  logout(userId: string, refreshToken?: string): Promise<void>;
  verifyAccess(token: string): AccessClaims | undefined;
  /** Deletes login failures older than the window (run now and then). */
}

/**
 * The signing secret: `UMENU_JWT_SECRET`, or one generated on the first start and stored
 * in the database (instances starting together agree: the first insert wins).
 */
export async function loadJwtSecret(db: Queryable, configured?: string): Promise<string> {
  if (configured) return configured;
  await db.run('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING', ['jwt_secret', randomBytes(48).toString('base64url')]);
  return (await getMeta(db, 'jwt_secret'))!;
}

interface TokenRow { family_id: string; user_id: string; expires_at: number; family_expires_at: number; used_at: number | null; revoked_at: number | null }

export async function createAuthService(db: Db, config: ServerConfig, limiter: RateLimiter): Promise<AuthService> {
  const secret = await loadJwtSecret(db, config.jwtSecret);
  const userById = (id: string, q: Queryable = db) => q.get<UserRow>('SELECT * FROM users WHERE id = ?', [id]);
  const userByEmail = (email: string) => db.get<UserRow>('SELECT * FROM users WHERE email = ?', [email.trim().toLowerCase()]);

  async function issueTokenPair(userId: string, familyId: string = randomUUID(), familyExpiresAt?: number, q: Queryable = db): Promise<TokenPair> {
    const user = await userById(userId, q);
    if (!user) throw problem('unauthorized', 401, 'La cuenta ya no existe.');
    const now = Math.floor(Date.now() / 1000);
    const claims: AccessClaims = { sub: user.id, scope: JSON.parse(user.scope) as string[], iat: now, exp: now + config.accessTtlSeconds, name: user.name, jti: randomUUID() };
    const token = signJwt(claims, secret);
    const refreshToken = randomBytes(32).toString('base64url');
    const absolute = familyExpiresAt ?? now + config.refreshAbsoluteSeconds;
    const expiresAt = Math.min(now + config.refreshTtlSeconds, absolute);
    await q.run('INSERT INTO refresh_tokens (token_hash, family_id, user_id, expires_at, family_expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?)', [sha256(refreshToken), familyId, user.id, expiresAt, absolute, now]);
    return { token, refresh_token: refreshToken, expires_in: config.accessTtlSeconds, refresh_expires_in: expiresAt - now, token_type: 'Bearer' };
  }

  /** Failed logins per client key (IP + email), counted by the server's rate limiter: the limit holds across instances. */
  const loginLimit = { max: config.loginMaxFailures, windowSeconds: config.loginWindowSeconds };
  const loginBucket = (clientKey: string) => `login:${clientKey}`;
  const tooManyFailures = (_wait: string, seconds: number) => `Demasiados intentos fallidos. Vuelve a intentarlo en ${seconds} s.`;

  return {
    secret,
    userById: (id) => userById(id),
    userByEmail,
    async findOrCreateUserByEmail({ email, name, avatar }) {
      const normalized = email.trim().toLowerCase();
      const existing = await userByEmail(normalized);
      if (existing) return existing;
      await db.run('INSERT INTO users (id, email, name, avatar, password_hash, scope, created_at) VALUES (?, ?, ?, ?, NULL, ?, ?) ON CONFLICT (email) DO NOTHING', [randomUUID(), normalized, name.slice(0, 80) || normalized, avatar ?? null, '[]', new Date().toISOString()]);
      return (await userByEmail(normalized))!;
    },
    issueTokenPair: (userId, familyId, familyExpiresAt) => issueTokenPair(userId, familyId, familyExpiresAt),
    async login(email, password, clientKey) {
      await limiter.check(db, loginBucket(clientKey), loginLimit, tooManyFailures);
      const user = await userByEmail(email);
      const ok = user?.password_hash ? await verifyPassword(password, user.password_hash) : (await verifyPassword(password, await DUMMY_HASH_PROMISE), false);
      if (!ok || !user) {
        await limiter.record(db, loginBucket(clientKey));
        throw problem('invalidCredentials', 401, 'Revisa tu correo y tu contraseña e inténtalo de nuevo.');
      }
      await limiter.reset(loginBucket(clientKey));
      return issueTokenPair(user.id);
    },
    async refresh(refreshToken) {
      const hash = sha256(refreshToken);
      const now = Math.floor(Date.now() / 1000);
      // Decide inside one transaction (the token row locked: two instances cannot both rotate it),
      // throw after it commits: a reuse must leave its family revoked.
      const outcome = await db.transaction(async (tx): Promise<TokenPair | HttpProblem> => {
        const row = await tx.get<TokenRow>(`SELECT * FROM refresh_tokens WHERE token_hash = ?${db.forUpdate}`, [hash]);
        if (!row) return problem('unauthorized', 401, 'La sesión no es válida. Inicia sesión de nuevo.');
        if (row.used_at !== null) {
          await tx.run('UPDATE refresh_tokens SET revoked_at = ? WHERE family_id = ? AND revoked_at IS NULL', [now, row.family_id]);
          return problem('tokenReused', 401, 'Por seguridad hemos cerrado la sesión en todos los dispositivos que la compartían. Inicia sesión de nuevo.');
        }
        if (row.revoked_at !== null || row.expires_at <= now || row.family_expires_at <= now) {
          return problem('unauthorized', 401, 'La sesión ha caducado. Inicia sesión de nuevo.');
        }
        await tx.run('UPDATE refresh_tokens SET used_at = ? WHERE token_hash = ? AND used_at IS NULL', [now, hash]);
        return issueTokenPair(row.user_id, row.family_id, row.family_expires_at, tx);
      });
      if (outcome instanceof HttpProblem) throw outcome;
      return outcome;
    },
    async logout(userId, refreshToken) {
      const now = Math.floor(Date.now() / 1000);
      if (refreshToken) {
        const row = await db.get<{ family_id: string; user_id: string }>('SELECT family_id, user_id FROM refresh_tokens WHERE token_hash = ?', [sha256(refreshToken)]);
        if (row && row.user_id === userId) {
          await db.run('UPDATE refresh_tokens SET revoked_at = ? WHERE family_id = ? AND revoked_at IS NULL', [now, row.family_id]);
          return;
        }
      }
      // Without a (matching) refresh token, sign the user out everywhere.
      await db.run('UPDATE refresh_tokens SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL', [now, userId]);
    },
    verifyAccess: (token) => verifyJwt(token, secret),
  };
}
