/**
 * Accounts and sessions: users, access JWTs, rotating refresh tokens (stored hashed,
 * grouped in families; a reused token revokes its family), login rate limiting.
 * `issueTokenPair` and `findOrCreateUserByEmail` are also what social login uses.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { getMeta, setMeta, transaction } from '../db/database.ts';
import type { ServerConfig } from '../config.ts';
import type { AccessClaims, TokenPair, User } from '../../src/contract/auth.ts';
import { signJwt, verifyJwt } from './jwt.ts';
import { DUMMY_HASH_PROMISE, verifyPassword } from './passwords.ts';
import { HttpProblem, problem } from '../problem.ts';

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
  userById(id: string): UserRow | undefined;
  userByEmail(email: string): UserRow | undefined;
  /** Finds a user by email or creates one (no password: social accounts). */
  findOrCreateUserByEmail(input: { email: string; name: string; avatar?: string }): UserRow;
  issueTokenPair(userId: string, familyId?: string, familyExpiresAt?: number): TokenPair;
  login(email: string, password: string, clientKey: string): Promise<TokenPair>;
  refresh(refreshToken: string): TokenPair;
  logout(userId: string, refreshToken?: string): void;
  verifyAccess(token: string): AccessClaims | undefined;
}

export function loadJwtSecret(db: Db, configured?: string): string {
  if (configured) return configured;
  const stored = getMeta(db, 'jwt_secret');
  if (stored) return stored;
  const secret = randomBytes(48).toString('base64url');
  setMeta(db, 'jwt_secret', secret);
  return secret;
}

export function createAuthService(db: Db, config: ServerConfig): AuthService {
  const secret = loadJwtSecret(db, config.jwtSecret);
  const byId = db.prepare('SELECT * FROM users WHERE id = ?');
  const byEmail = db.prepare('SELECT * FROM users WHERE email = ?');
  const insertUser = db.prepare('INSERT INTO users (id, email, name, avatar, password_hash, scope, created_at) VALUES (?, ?, ?, ?, NULL, ?, ?)');
  const insertToken = db.prepare(`INSERT INTO refresh_tokens (token_hash, family_id, user_id, expires_at, family_expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?)`);
  const selectToken = db.prepare('SELECT * FROM refresh_tokens WHERE token_hash = ?');
  const markUsed = db.prepare('UPDATE refresh_tokens SET used_at = ? WHERE token_hash = ? AND used_at IS NULL');
  const revokeFamily = db.prepare('UPDATE refresh_tokens SET revoked_at = ? WHERE family_id = ? AND revoked_at IS NULL');
  const revokeUser = db.prepare('UPDATE refresh_tokens SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL');

  /** Failed logins per client key (IP + email): timestamps within the window. */
  const failures = new Map<string, number[]>();

  const userById = (id: string) => byId.get(id) as UserRow | undefined;
  const userByEmail = (email: string) => byEmail.get(email.trim().toLowerCase()) as UserRow | undefined;

  function issueTokenPair(userId: string, familyId: string = randomUUID(), familyExpiresAt?: number): TokenPair {
    const user = userById(userId);
    if (!user) throw problem('unauthorized', 401, 'La cuenta ya no existe.');
    const now = Math.floor(Date.now() / 1000);
    const claims: AccessClaims = { sub: user.id, scope: JSON.parse(user.scope) as string[], iat: now, exp: now + config.accessTtlSeconds, name: user.name, jti: randomUUID() };
    const token = signJwt(claims, secret);
    const refreshToken = randomBytes(32).toString('base64url');
    const absolute = familyExpiresAt ?? now + config.refreshAbsoluteSeconds;
    const expiresAt = Math.min(now + config.refreshTtlSeconds, absolute);
    insertToken.run(sha256(refreshToken), familyId, user.id, expiresAt, absolute, now);
    return { token, refresh_token: refreshToken, expires_in: config.accessTtlSeconds, refresh_expires_in: expiresAt - now, token_type: 'Bearer' };
  }

  function checkRateLimit(clientKey: string, now: number): void {
    const windowMs = config.loginWindowSeconds * 1000;
    const recent = (failures.get(clientKey) ?? []).filter((t) => now - t < windowMs);
    if (recent.length) failures.set(clientKey, recent);
    else failures.delete(clientKey);
    if (recent.length >= config.loginMaxFailures) {
      const retryAfter = Math.max(1, Math.ceil((recent[0]! + windowMs - now) / 1000));
      throw problem('rateLimited', 429, `Demasiados intentos fallidos. Vuelve a intentarlo en ${retryAfter} s.`, {}, { 'retry-after': String(retryAfter) });
    }
  }

  return {
    secret,
    userById,
    userByEmail,
    findOrCreateUserByEmail({ email, name, avatar }) {
      const normalized = email.trim().toLowerCase();
      const existing = userByEmail(normalized);
      if (existing) return existing;
      const id = randomUUID();
      insertUser.run(id, normalized, name.slice(0, 80) || normalized, avatar ?? null, '[]', new Date().toISOString());
      return userById(id)!;
    },
    issueTokenPair,
    async login(email, password, clientKey) {
      const now = Date.now();
      if (failures.size > 10_000) for (const [k, v] of failures) if (now - (v.at(-1) ?? 0) > config.loginWindowSeconds * 1000) failures.delete(k);
      checkRateLimit(clientKey, now);
      const user = userByEmail(email);
      const ok = user?.password_hash ? await verifyPassword(password, user.password_hash) : (await verifyPassword(password, await DUMMY_HASH_PROMISE), false);
      if (!ok || !user) {
        const list = failures.get(clientKey) ?? [];
        list.push(Date.now());
        failures.set(clientKey, list);
        throw problem('invalidCredentials', 401, 'Revisa tu correo y tu contraseña e inténtalo de nuevo.');
      }
      failures.delete(clientKey);
      return issueTokenPair(user.id);
    },
    refresh(refreshToken) {
      const hash = sha256(refreshToken);
      const now = Math.floor(Date.now() / 1000);
      // Decide inside one transaction, throw after it commits: a reuse must leave its family revoked.
      const outcome = transaction(db, (): TokenPair | HttpProblem => {
        const row = selectToken.get(hash) as { family_id: string; user_id: string; expires_at: number; family_expires_at: number; used_at: number | null; revoked_at: number | null } | undefined;
        if (!row) return problem('unauthorized', 401, 'La sesión no es válida. Inicia sesión de nuevo.');
        if (row.used_at !== null) {
          revokeFamily.run(now, row.family_id);
          return problem('tokenReused', 401, 'Por seguridad hemos cerrado la sesión en todos los dispositivos que la compartían. Inicia sesión de nuevo.');
        }
        if (row.revoked_at !== null || row.expires_at <= now || row.family_expires_at <= now) {
          return problem('unauthorized', 401, 'La sesión ha caducado. Inicia sesión de nuevo.');
        }
        markUsed.run(now, hash);
        return issueTokenPair(row.user_id, row.family_id, row.family_expires_at);
      });
      if (outcome instanceof HttpProblem) throw outcome;
      return outcome;
    },
    logout(userId, refreshToken) {
      const now = Math.floor(Date.now() / 1000);
      if (refreshToken) {
        const row = selectToken.get(sha256(refreshToken)) as { family_id: string; user_id: string } | undefined;
        if (row && row.user_id === userId) {
          revokeFamily.run(now, row.family_id);
          return;
        }
      }
      // Without a (matching) refresh token, sign the user out everywhere.
      revokeUser.run(now, userId);
    },
    verifyAccess: (token) => verifyJwt(token, secret),
  };
}
