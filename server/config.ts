/** Server settings from the environment (one place, documented in the README). */
import { resolve } from 'node:path';

export interface ServerConfig {
  port: number;
  host: string;
  dbPath: string;
  resetDb: boolean;
  distDir: string;
  corsOrigins: string[];
  /**
   * The API base as browsers see it (`UMENU_API_PUBLIC_URL`, e.g. `https://api.example.com/api`).
   * When set, image addresses in answers are absolute (`{it}/media/…`) and its origin is
   * allowed for images and requests in the site's CSP.
   */
  apiPublicUrl?: string;
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
  refreshAbsoluteSeconds: number;
  jwtSecret?: string;
  bodyLimitBytes: number;
  loginMaxFailures: number;
  loginWindowSeconds: number;
  /** Extra CSP sources (space separated) for connect-src / img-src / form-action, e.g. another API origin or an OIDC provider. */
  cspConnect: string[];
  cspImg: string[];
  cspFormAction: string[];
  sseHeartbeatMs: number;
  seedDemo: boolean;
  /** Also generate the benchmark venue `mercado-grande` (520 products). */
  seedLarge: boolean;
}

const list = (value: string | undefined) => (value ?? '').split(/[\s,]+/).map((s) => s.trim()).filter(Boolean);
/** `https://host[:port][/path]` without a trailing slash; undefined when not an http(s) URL. */
export function publicBase(value: string | undefined): string | undefined {
  if (!value?.trim()) return undefined;
  try {
    const url = new URL(value.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return undefined;
  }
}
const int = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : fallback;
};

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: int(env.PORT, 4321),
    host: env.HOST ?? '127.0.0.1',
    dbPath: resolve(env.UMENU_DB ?? 'data/umenu.sqlite'),
    resetDb: env.UMENU_RESET_DB === '1',
    distDir: resolve(env.UMENU_DIST ?? 'dist'),
    corsOrigins: list(env.UMENU_CORS_ORIGINS),
    ...(publicBase(env.UMENU_API_PUBLIC_URL) ? { apiPublicUrl: publicBase(env.UMENU_API_PUBLIC_URL) } : {}),
    accessTtlSeconds: int(env.UMENU_ACCESS_TTL, 600),
    refreshTtlSeconds: int(env.UMENU_REFRESH_TTL, 14 * 24 * 3600),
    refreshAbsoluteSeconds: int(env.UMENU_REFRESH_ABSOLUTE_TTL, 30 * 24 * 3600),
    ...(env.UMENU_JWT_SECRET ? { jwtSecret: env.UMENU_JWT_SECRET } : {}),
    bodyLimitBytes: int(env.UMENU_BODY_LIMIT, 64 * 1024),
    loginMaxFailures: int(env.UMENU_LOGIN_MAX_FAILURES, 5),
    loginWindowSeconds: int(env.UMENU_LOGIN_WINDOW, 60),
    cspConnect: list(env.UMENU_CSP_CONNECT),
    cspImg: list(env.UMENU_CSP_IMG),
    cspFormAction: list(env.UMENU_CSP_FORM_ACTION),
    sseHeartbeatMs: int(env.UMENU_SSE_HEARTBEAT_MS, 15_000),
    seedDemo: env.UMENU_SEED_DEMO !== '0',
    seedLarge: env.UMENU_SEED_LARGE === '1',
  };
}

/** Defaults for tests: in-memory-ish temp paths are set by the caller. */
export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return { ...configFromEnv({}), jwtSecret: 'test-secret-0123456789abcdef0123456789', ...overrides };
}
