/**
 * Accounts and sessions: users, access JWTs, rotating refresh tokens (stored hashed,
 * grouped in families; a reused token revokes its family), login rate limiting — all in
 * the database, so any number of instances share them.
 * `issueTokenPair` and `findOrCreateUserByEmail` are also what social login uses.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../../platform/db/database.ts';
import { getMeta } from '../../platform/db/database.ts';
import * as sql from './queries.ts';
import type { UserRow } from './queries.ts';
import type { ServerConfig } from '../../platform/config.ts';
import { AUTH_MESSAGES, type AccessClaims, type TokenPair, type User } from '../../../src/contract/auth.ts';
import { signJwt, verifyJwt } from './jwt.ts';
import { cleanText } from '../../../src/contract/text.ts';
import { DUMMY_HASH_PROMISE, verifyPassword } from './passwords.ts';
import { HttpProblem, problem } from '../../platform/problem.ts';
import type { RateLimiter } from '../../platform/rate-limit.ts';

export type { UserRow } from './queries.ts';

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    ...(row.avatar ? { avatar: row.avatar } : {}),
    scope: JSON.parse(row.scope) as string[],
  };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

export interface AuthService {
  secret: string;
  userById(id: string): Promise<UserRow | undefined>;
  userByEmail(email: string): Promise<UserRow | undefined>;
  /**
   * Social sign-in with an email the provider proved: finds the account with that email or creates one (no
   * password). An account whose email was never proved (made from an invitation: whoever held the link chose its
   * password) loses that password and every session opened with it, and counts as proved from then on.
   */
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
  await sql.insertJwtSecret(db, randomBytes(48).toString('base64url'));
  return (await getMeta(db, 'jwt_secret'))!;
}

export async function createAuthService(db: Db, config: ServerConfig, limiter: RateLimiter): Promise<AuthService> {
  const secret = await loadJwtSecret(db, config.jwtSecret);
  const userById = (id: string, q: Queryable = db) => sql.userById(q, id);
  const userByEmail = (email: string) => sql.userByEmail(db, email.trim().toLowerCase());

  async function issueTokenPair(
    userId: string,
    familyId: string = randomUUID(),
    familyExpiresAt?: number,
    q: Queryable = db,
  ): Promise<TokenPair> {
    const user = await userById(userId, q);
    if (!user) throw problem('unauthorized', 401, AUTH_MESSAGES.accountGone);
    const now = Math.floor(Date.now() / 1000);
    const claims: AccessClaims = {
      sub: user.id,
      scope: JSON.parse(user.scope) as string[],
      iat: now,
      exp: now + config.accessTtlSeconds,
      name: user.name,
      jti: randomUUID(),
    };
    const token = signJwt(claims, secret);
    const refreshToken = randomBytes(32).toString('base64url');
    const absolute = familyExpiresAt ?? now + config.refreshAbsoluteSeconds;
    const expiresAt = Math.min(now + config.refreshTtlSeconds, absolute);
    await sql.insertRefreshToken(q, {
      hash: sha256(refreshToken),
      familyId,
      userId: user.id,
      expiresAt,
      familyExpiresAt: absolute,
      createdAt: now,
    });
    return {
      token,
      refresh_token: refreshToken,
      expires_in: config.accessTtlSeconds,
      refresh_expires_in: expiresAt - now,
      token_type: 'Bearer',
    };
  }

  /** Failed logins per client key (IP + email), counted by the server's rate limiter: the limit holds across instances. */
  const loginLimit = { max: config.loginMaxFailures, windowSeconds: config.loginWindowSeconds };
  const loginBucket = (clientKey: string) => `login:${clientKey}`;
  const tooManyFailures = (_wait: string, seconds: number) => AUTH_MESSAGES.tooManyFailures(seconds);

  return {
    secret,
    userById: (id) => userById(id),
    userByEmail,
    async findOrCreateUserByEmail({ email, name, avatar }) {
      const normalized = email.trim().toLowerCase();
      const existing = await userByEmail(normalized);
      if (existing?.email_verified === 0) {
        const at = Math.floor(Date.now() / 1000);
        await db.transaction(async (tx) => {
          if ((await sql.markEmailProved(tx, existing.id)) === 1) await sql.revokeUserTokens(tx, existing.id, at);
        });
        return (await userById(existing.id))!;
      }
      if (existing) return existing;
      // The provider's name is cleaned like every name people read (src/contract/text.ts): it is signed into tokens.
      await sql.insertSocialUser(db, {
        id: randomUUID(),
        email: normalized,
        name: cleanText(name).slice(0, 80) || normalized,
        avatar: avatar ?? null,
        createdAt: new Date().toISOString(),
      });
      return (await userByEmail(normalized))!;
    },
    issueTokenPair: (userId, familyId, familyExpiresAt) => issueTokenPair(userId, familyId, familyExpiresAt),
    async login(email, password, clientKey) {
      await limiter.check(db, loginBucket(clientKey), loginLimit, tooManyFailures);
      const user = await userByEmail(email);
      const ok = user?.password_hash
        ? await verifyPassword(password, user.password_hash)
        : (await verifyPassword(password, await DUMMY_HASH_PROMISE), false);
      if (!ok || !user) {
        await limiter.record(db, loginBucket(clientKey));
        throw problem('invalidCredentials', 401, AUTH_MESSAGES.badCredentials);
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
        const row = await sql.refreshTokenByHash(tx, hash, db.forUpdate);
        if (!row) return problem('unauthorized', 401, AUTH_MESSAGES.refreshInvalid);
        if (row.used_at !== null) {
          await sql.revokeFamily(tx, row.family_id, now);
          return problem('tokenReused', 401, AUTH_MESSAGES.refreshReused);
        }
        if (row.revoked_at !== null || row.expires_at <= now || row.family_expires_at <= now) {
          return problem('unauthorized', 401, AUTH_MESSAGES.refreshExpired);
        }
        await sql.markRefreshTokenUsed(tx, hash, now);
        return issueTokenPair(row.user_id, row.family_id, row.family_expires_at, tx);
      });
      if (outcome instanceof HttpProblem) throw outcome;
      return outcome;
    },
    async logout(userId, refreshToken) {
      const now = Math.floor(Date.now() / 1000);
      if (refreshToken) {
        const row = await sql.refreshTokenByHash(db, sha256(refreshToken));
        if (row && row.user_id === userId) {
          await sql.revokeFamily(db, row.family_id, now);
          return;
        }
      }
      // Without a (matching) refresh token, sign the user out everywhere.
      await sql.revokeUserTokens(db, userId, now);
    },
    verifyAccess: (token) => verifyJwt(token, secret),
  };
}
