/**
 * An in-memory auth API with the reference server's rules: access JWTs with
 * `exp`, refresh tokens that rotate on every use, and a reused refresh token
 * revoking its whole family. Lets the client's rules be tested against the
 * behaviour they must survive.
 */
import type { TokenPair, User } from '../../../src/contract/auth.ts';
import { AuthNetworkError, AuthRequestError } from '../../../src/features/auth/errors.ts';
import type { AuthApi } from '../../../src/features/auth/state.ts';

function b64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

export function makeJwt(claims: Record<string, unknown>): string {
  return `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(claims)}.c2lnbmF0dXJl`;
}

export const ANA: User = { id: 'u-ana', name: 'Ana García', email: 'ana@umenu.test', scope: [] };

interface RefreshRecord {
  family: string;
  used: boolean;
  expiresAt: number;
}

export class FakeAuthServer implements AuthApi {
  clock: { now: number };
  accessTtl = 600;
  refreshTtl = 30 * 24 * 3600;
  offline = false;
  calls: string[] = [];
  /** Delay (ms of real time) before answering a refresh, to let concurrent callers overlap. */
  refreshDelay = 0;
  private refreshTokens = new Map<string, RefreshRecord>();
  private revokedFamilies = new Set<string>();
  private counter = 0;
  users = new Map<string, { user: User; password: string }>([[ANA.email, { user: ANA, password: 'demo1234' }]]);

  constructor(clock: { now: number }) {
    this.clock = clock;
  }

  issue(userId: string, family = `f${++this.counter}`): TokenPair {
    const iat = Math.floor(this.clock.now / 1000);
    const token = makeJwt({ sub: userId, scope: [], iat, exp: iat + this.accessTtl, jti: `a${++this.counter}` });
    const refresh = `r${++this.counter}-${family}`;
    this.refreshTokens.set(refresh, { family, used: false, expiresAt: this.clock.now + this.refreshTtl * 1000 });
    return { token, refresh_token: refresh, expires_in: this.accessTtl, refresh_expires_in: this.refreshTtl };
  }

  private checkOnline(): void {
    if (this.offline) throw new AuthNetworkError();
  }

  private verify(accessToken: string): User {
    const payload = JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString()) as {
      sub: string;
      exp: number;
    };
    if (payload.exp * 1000 <= this.clock.now)
      throw new AuthRequestError(401, { type: 'urn:umenu:problem:unauthorized' });
    const found = [...this.users.values()].find((entry) => entry.user.id === payload.sub);
    if (!found) throw new AuthRequestError(401);
    return found.user;
  }

  async login(credentials: { email: string; password: string }): Promise<TokenPair> {
    this.calls.push('login');
    this.checkOnline();
    const entry = this.users.get(credentials.email);
    if (!entry || entry.password !== credentials.password) {
      throw new AuthRequestError(401, { type: 'urn:umenu:problem:invalid-credentials' });
    }
    return this.issue(entry.user.id);
  }

  async socialToken(callback: { code: string; code_verifier: string }): Promise<TokenPair> {
    this.calls.push('social');
    this.checkOnline();
    if (callback.code !== 'good-code')
      throw new AuthRequestError(400, { type: 'urn:umenu:problem:invalid-credentials' });
    return this.issue(ANA.id);
  }

  async refresh(refreshToken: string): Promise<TokenPair> {
    this.calls.push('refresh');
    if (this.refreshDelay) await new Promise((resolve) => setTimeout(resolve, this.refreshDelay));
    this.checkOnline();
    const record = this.refreshTokens.get(refreshToken);
    if (!record || this.revokedFamilies.has(record.family) || record.expiresAt <= this.clock.now) {
      throw new AuthRequestError(401, { type: 'urn:umenu:problem:unauthorized' });
    }
    if (record.used) {
      this.revokedFamilies.add(record.family);
      throw new AuthRequestError(401, { type: 'urn:umenu:problem:token-reused' });
    }
    record.used = true;
    return this.issue(ANA.id, record.family);
  }

  async fetchUser(accessToken: string): Promise<User> {
    this.calls.push('user');
    this.checkOnline();
    return this.verify(accessToken);
  }

  async logout(accessToken: string, refreshToken: string | null): Promise<void> {
    this.calls.push('logout');
    this.checkOnline();
    this.verify(accessToken);
    const record = refreshToken ? this.refreshTokens.get(refreshToken) : undefined;
    if (record) this.revokedFamilies.add(record.family);
  }

  familyRevoked(refreshToken: string): boolean {
    const record = this.refreshTokens.get(refreshToken);
    return record ? this.revokedFamilies.has(record.family) : false;
  }
}
