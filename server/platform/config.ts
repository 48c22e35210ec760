/** Server settings from the environment (one place, documented in the README). */
import { resolve } from 'node:path';
import type { RateLimit } from './rate-limit.ts';

export interface ServerConfig {
  port: number;
  host: string;
  dbPath: string;
  /** `UMENU_DATABASE_URL` (`postgres://user:pass@host:port/db`): PostgreSQL instead of the SQLite file. */
  databaseUrl?: string;
  /** PostgreSQL connections per instance (`UMENU_DB_POOL`). */
  dbPoolSize: number;
  resetDb: boolean;
  distDir: string;
  corsOrigins: string[];
  /** `UMENU_TRUSTED_PROXIES`: addresses or CIDRs of the load balancers whose `X-Forwarded-For` names the client (server/platform/http.ts). */
  trustedProxies: string[];
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
  /** `UMENU_IMAGE_JOBS`, `UMENU_IMAGE_QUEUE`: images processed at once per instance, and how many may wait (then 503). */
  imageJobs: number;
  imageQueue: number;
  /** `UMENU_LOG`: `json` (one line per request on stdout, the default) or `off`. */
  log: 'json' | 'off';
  /** `UMENU_METRICS_TOKEN`: the bearer token of `GET /api/metrics` (no endpoint without it). */
  metricsToken?: string;
  /** `UMENU_INSTANCE`: this instance's name in logs and metrics (default host:pid). */
  instance?: string;
  /** `UMENU_BODY_TIMEOUT_MS`: how long a JSON body may take to arrive (then 408, connection closed). */
  bodyTimeoutMs: number;
  /** `UMENU_HEADERS_TIMEOUT_MS`, `UMENU_REQUEST_TIMEOUT_MS`, `UMENU_KEEP_ALIVE_TIMEOUT_MS`: Node's server timeouts (scripts/start.ts). */
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  loginMaxFailures: number;
  loginWindowSeconds: number;
  /** Orders per account and window (`UMENU_ORDER_LIMIT`, default `20/10m`; `off`: no limit). */
  orderLimit: RateLimit | null;
  /** Joins of one table's open session from one client address (`UMENU_TABLE_JOIN_LIMIT`, default `30/10m`). */
  tableJoinLimit: RateLimit | null;
  /** People in one table session (`UMENU_TABLE_MAX_PEOPLE`, default 20). */
  tableMaxPeople: number;
  /** A table paid in full closes by itself this many seconds after its balance reached 0 (`UMENU_PAID_TABLE_CLOSE_S`, default 600). */
  paidTableCloseS: number;
  /** Wrong table tokens (join or check) from one client address (`UMENU_TABLE_BAD_TOKEN_LIMIT`, default `20/10m`). */
  tableBadTokenLimit: RateLimit | null;
  /** Cart writes of one participant (`UMENU_TABLE_CART_LIMIT`, default `60/1m`). */
  tableCartLimit: RateLimit | null;
  /** Cart writes of one table session, everyone together (`UMENU_TABLE_CART_SESSION_LIMIT`, default `240/1m`). */
  tableCartSessionLimit: RateLimit | null;
  /** Good joins from one client address, every table (`UMENU_TABLE_JOIN_IP_LIMIT`, default `400/10m`: a whole restaurant's phones — 30 tables × 4 and more — may share one Wi-Fi address). */
  tableJoinAddressLimit: RateLimit | null;
  /** Calls (waiter, bill) of one table session (`UMENU_TABLE_CALL_LIMIT`, default `10/10m`). */
  tableCallLimit: RateLimit | null;
  /** Payment requests of one person at a table (`UMENU_TABLE_PAY_REQUEST_LIMIT`, default `20/10m`). */
  tablePayRequestLimit: RateLimit | null;
  /** Extra CSP sources (space separated) for connect-src / img-src / form-action, e.g. another API origin or an OIDC provider. */
  cspConnect: string[];
  cspImg: string[];
  cspFormAction: string[];
  sseHeartbeatMs: number;
  seedDemo: boolean;
  /**
   * `UMENU_SEED_LARGE`: 1 also generates the benchmark venue `mercado-grande` (520 products);
   * N > 1 generates N venues of 40 dishes each beside the demo venues (server/demo/generate-venues.ts); 0: neither.
   */
  seedLarge: number;
  /** `UMENU_BUILD_HOOK`: POSTed to (debounced) after a venue changes, so a static host rebuilds (server/features/venues/build-hook.ts). */
  buildHook?: string;
  /** `UMENU_BUILD_HOOK_DEBOUNCE_MS`: quiet time after the last edit before the build hook is called. */
  buildHookDebounceMs: number;
  /** `UMENU_VERIFACTU_URL`: where VERI*FACTU records are sent (POST, JSON), with retries; unset (default): not sent. */
  verifactuUrl?: string;
  /** `UMENU_VERIFACTU_ENV`: `test` (default) or `production`: the AEAT's verification URL in the receipts' QR codes. */
  verifactuEnvironment: 'test' | 'production';
  /** `UMENU_SECRETS_KEY`: the AES-256-GCM key that seals stored secrets (server/platform/secrets.ts); 32 bytes, base64 or hex. */
  secretsKey?: string;
  /** `UMENU_VERIFACTU_POLL_MS` (default 5000), `UMENU_VERIFACTU_RETRY_MS` (first retry, default 5000; doubles up to 1 h). */
  verifactuPollMs: number;
  verifactuRetryMs: number;
  /**
   * `UMENU_VAPID_PUBLIC_KEY`, `UMENU_VAPID_PRIVATE_KEY` (URL-safe base64, as `npx web-push generate-vapid-keys`
   * prints them) and `UMENU_VAPID_SUBJECT` (`mailto:` or `https:`): Web Push when an order is ready
   * (docs/rules.md#ready-notifications). Without all three, push is off.
   */
  vapid?: { publicKey: string; privateKey: string; subject: string };
  /** `UMENU_PUSH_ENDPOINTS`: origins a push subscription may name besides the browsers' push services (a local stand-in). */
  pushEndpoints: string[];
}

/** `20/10m`, `5/30s`, `100/1h`, `50/600` (seconds); `off` / `0`: no limit. */
export function parseRateLimit(
  value: string | undefined,
  fallback: RateLimit = { max: 20, windowSeconds: 600 },
  name = 'UMENU_ORDER_LIMIT',
): RateLimit | null {
  if (value === undefined || value.trim() === '') return fallback;
  if (/^(off|0|none|false)$/i.test(value.trim())) return null;
  const match = /^(\d+)\s*\/\s*(\d+)\s*(s|m|h)?$/i.exec(value.trim());
  if (!match || Number(match[1]) < 1 || Number(match[2]) < 1)
    throw new Error(`${name} no es válido: «${value}» (ejemplos: 20/10m, 100/1h, off)`);
  const unit = { s: 1, m: 60, h: 3600 }[(match[3] ?? 's').toLowerCase() as 's' | 'm' | 'h'];
  return { max: Number(match[1]), windowSeconds: Number(match[2]) * unit };
}

const list = (value: string | undefined) =>
  (value ?? '')
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);
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
    ...(env.UMENU_DATABASE_URL ? { databaseUrl: env.UMENU_DATABASE_URL } : {}),
    dbPoolSize: int(env.UMENU_DB_POOL, 10),
    resetDb: env.UMENU_RESET_DB === '1',
    distDir: resolve(env.UMENU_DIST ?? 'dist'),
    corsOrigins: list(env.UMENU_CORS_ORIGINS),
    trustedProxies: list(env.UMENU_TRUSTED_PROXIES),
    ...(publicBase(env.UMENU_API_PUBLIC_URL) ? { apiPublicUrl: publicBase(env.UMENU_API_PUBLIC_URL) } : {}),
    accessTtlSeconds: int(env.UMENU_ACCESS_TTL, 600),
    refreshTtlSeconds: int(env.UMENU_REFRESH_TTL, 14 * 24 * 3600),
    refreshAbsoluteSeconds: int(env.UMENU_REFRESH_ABSOLUTE_TTL, 30 * 24 * 3600),
    ...(env.UMENU_JWT_SECRET ? { jwtSecret: env.UMENU_JWT_SECRET } : {}),
    bodyLimitBytes: int(env.UMENU_BODY_LIMIT, 64 * 1024),
    imageJobs: int(env.UMENU_IMAGE_JOBS, 2),
    imageQueue: env.UMENU_IMAGE_QUEUE === '0' ? 0 : int(env.UMENU_IMAGE_QUEUE, 8),
    log: env.UMENU_LOG === 'off' ? 'off' : 'json',
    ...(env.UMENU_METRICS_TOKEN?.trim() ? { metricsToken: env.UMENU_METRICS_TOKEN.trim() } : {}),
    ...(env.UMENU_INSTANCE?.trim() ? { instance: env.UMENU_INSTANCE.trim() } : {}),
    bodyTimeoutMs: int(env.UMENU_BODY_TIMEOUT_MS, 10_000),
    // Headers arrive in one packet or two: 10 s is generous. A whole request (an 8 MB photo on a
    // slow phone) gets 2 min. Idle kept-alive connections outlive a load balancer's 60 s.
    headersTimeoutMs: int(env.UMENU_HEADERS_TIMEOUT_MS, 10_000),
    requestTimeoutMs: int(env.UMENU_REQUEST_TIMEOUT_MS, 120_000),
    keepAliveTimeoutMs: int(env.UMENU_KEEP_ALIVE_TIMEOUT_MS, 65_000),
    loginMaxFailures: int(env.UMENU_LOGIN_MAX_FAILURES, 5),
    loginWindowSeconds: int(env.UMENU_LOGIN_WINDOW, 60),
    orderLimit: parseRateLimit(env.UMENU_ORDER_LIMIT),
    tableJoinLimit: parseRateLimit(
      env.UMENU_TABLE_JOIN_LIMIT,
      { max: 30, windowSeconds: 600 },
      'UMENU_TABLE_JOIN_LIMIT',
    ),
    tableJoinAddressLimit: parseRateLimit(
      env.UMENU_TABLE_JOIN_IP_LIMIT,
      { max: 400, windowSeconds: 600 },
      'UMENU_TABLE_JOIN_IP_LIMIT',
    ),
    tableMaxPeople: int(env.UMENU_TABLE_MAX_PEOPLE, 20),
    paidTableCloseS: int(env.UMENU_PAID_TABLE_CLOSE_S, 600),
    tableBadTokenLimit: parseRateLimit(
      env.UMENU_TABLE_BAD_TOKEN_LIMIT,
      { max: 20, windowSeconds: 600 },
      'UMENU_TABLE_BAD_TOKEN_LIMIT',
    ),
    tableCartLimit: parseRateLimit(
      env.UMENU_TABLE_CART_LIMIT,
      { max: 60, windowSeconds: 60 },
      'UMENU_TABLE_CART_LIMIT',
    ),
    tableCartSessionLimit: parseRateLimit(
      env.UMENU_TABLE_CART_SESSION_LIMIT,
      { max: 240, windowSeconds: 60 },
      'UMENU_TABLE_CART_SESSION_LIMIT',
    ),
    tableCallLimit: parseRateLimit(
      env.UMENU_TABLE_CALL_LIMIT,
      { max: 10, windowSeconds: 600 },
      'UMENU_TABLE_CALL_LIMIT',
    ),
    tablePayRequestLimit: parseRateLimit(
      env.UMENU_TABLE_PAY_REQUEST_LIMIT,
      { max: 20, windowSeconds: 600 },
      'UMENU_TABLE_PAY_REQUEST_LIMIT',
    ),
    cspConnect: list(env.UMENU_CSP_CONNECT),
    cspImg: list(env.UMENU_CSP_IMG),
    cspFormAction: list(env.UMENU_CSP_FORM_ACTION),
    sseHeartbeatMs: int(env.UMENU_SSE_HEARTBEAT_MS, 15_000),
    seedDemo: env.UMENU_SEED_DEMO !== '0',
    seedLarge: /^\d{1,6}$/.test(env.UMENU_SEED_LARGE?.trim() ?? '') ? Number(env.UMENU_SEED_LARGE) : 0,
    ...(/^https?:\/\/\S+$/i.test(env.UMENU_BUILD_HOOK?.trim() ?? '')
      ? { buildHook: env.UMENU_BUILD_HOOK!.trim() }
      : {}),
    buildHookDebounceMs: int(env.UMENU_BUILD_HOOK_DEBOUNCE_MS, 10_000),
    ...(/^https?:\/\/\S+$/i.test(env.UMENU_VERIFACTU_URL?.trim() ?? '')
      ? { verifactuUrl: env.UMENU_VERIFACTU_URL!.trim() }
      : {}),
    verifactuEnvironment: env.UMENU_VERIFACTU_ENV?.trim() === 'production' ? 'production' : 'test',
    ...(env.UMENU_SECRETS_KEY?.trim() ? { secretsKey: env.UMENU_SECRETS_KEY.trim() } : {}),
    verifactuPollMs: int(env.UMENU_VERIFACTU_POLL_MS, 5_000),
    verifactuRetryMs: int(env.UMENU_VERIFACTU_RETRY_MS, 5_000),
    ...vapidFromEnv(env),
    pushEndpoints: list(env.UMENU_PUSH_ENDPOINTS),
  };
}

/** The VAPID keys and contact: all three, checked, or none (push off). */
function vapidFromEnv(env: NodeJS.ProcessEnv): Pick<ServerConfig, 'vapid'> {
  const publicKey = env.UMENU_VAPID_PUBLIC_KEY?.trim() ?? '';
  const privateKey = env.UMENU_VAPID_PRIVATE_KEY?.trim() ?? '';
  const subject = env.UMENU_VAPID_SUBJECT?.trim() ?? '';
  if (!publicKey && !privateKey && !subject) return {};
  // The P-256 public key is 65 bytes (87 characters of base64url), the private key 32 (43 characters).
  if (!/^[A-Za-z0-9_-]{87}$/.test(publicKey) || !/^[A-Za-z0-9_-]{43}$/.test(privateKey))
    throw new Error(
      'UMENU_VAPID_PUBLIC_KEY y UMENU_VAPID_PRIVATE_KEY deben ser las claves que imprime `npx web-push generate-vapid-keys`',
    );
  if (!/^(mailto:\S+@\S+|https:\/\/\S+)$/.test(subject))
    throw new Error(`UMENU_VAPID_SUBJECT debe ser un contacto mailto: o https: («${subject}»)`);
  return { vapid: { publicKey, privateKey, subject } };
}

/**
 * Defaults for tests: temp paths are set by the caller. The order limit is off (the tests
 * place many orders as one diner) except where a test turns it on.
 */
export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    ...configFromEnv({}),
    jwtSecret: 'test-secret-0123456789abcdef0123456789',
    orderLimit: null,
    log: 'off',
    ...overrides,
  };
}
