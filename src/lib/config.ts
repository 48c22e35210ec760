/**
 * Runtime configuration. One build serves every environment: the API base is
 * read from `/config.json` next to `index.html` (a deployer edits that file,
 * no rebuild), falling back to the build's default. A missing or broken file
 * never blanks the page: it logs a warning and uses the default.
 */

export interface RuntimeConfig {
  /** Base address of the API, absolute (`https://api.example.com/v1`) or site-relative (`/api`). */
  apiBase: string;
}

export const CONFIG_URL = '/config.json';

/** The build's default API base (`PUBLIC_API_BASE` at build time, else `/api`). */
// `?.`: plain Node (scripts, the server) has no `import.meta.env`; Vite replaces it at build time.
export const DEFAULT_API_BASE: string =
  normalizeApiBase((import.meta.env as ImportMetaEnv | undefined)?.PUBLIC_API_BASE) ?? '/api';

export const DEFAULT_CONFIG: RuntimeConfig = { apiBase: DEFAULT_API_BASE };

/** Trims and drops trailing slashes; `undefined` when the value is not a usable base. */
export function normalizeApiBase(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  if (trimmed === '' || /\s/.test(trimmed)) return undefined;
  if (!/^(https?:\/\/[^/]+|\/)/i.test(trimmed)) return undefined;
  const withoutSlash = trimmed.replace(/\/+$/, '');
  return withoutSlash === '' ? '/' : withoutSlash;
}

/**
 * Validates a parsed `config.json`. Returns the config, or the reason it was refused.
 * Unknown keys are ignored so that a newer file still works with an older build.
 */
export function parseRuntimeConfig(
  raw: unknown,
  fallback: RuntimeConfig = DEFAULT_CONFIG,
): { config: RuntimeConfig; problem?: string } {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { config: fallback, problem: 'is not a JSON object' };
  }
  const record = raw as Record<string, unknown>;
  if (!('apiBase' in record)) return { config: fallback };
  const apiBase = normalizeApiBase(record.apiBase);
  if (apiBase === undefined) {
    return { config: fallback, problem: `has an invalid "apiBase" (${JSON.stringify(record.apiBase)})` };
  }
  return { config: { ...fallback, apiBase } };
}

type Fetcher = (input: string, init?: RequestInit) => Promise<Response>;

/** Fetches and validates the config file; never rejects. */
export async function fetchRuntimeConfig(
  fetcher: Fetcher = (input, init) => fetch(input, init),
  warn: (message: string) => void = (message) => console.warn(message),
  fallback: RuntimeConfig = DEFAULT_CONFIG,
): Promise<RuntimeConfig> {
  const fallBack = (reason: string): RuntimeConfig => {
    warn(`[umenu] ${CONFIG_URL} ${reason}; using the build's default API base "${fallback.apiBase}".`);
    return fallback;
  };
  let response: Response;
  try {
    response = await fetcher(CONFIG_URL, { cache: 'no-cache', headers: { Accept: 'application/json' } });
  } catch (error) {
    return fallBack(`could not be loaded (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!response.ok) return fallBack(`answered HTTP ${response.status}`);
  let raw: unknown;
  try {
    raw = JSON.parse(await response.text());
  } catch {
    return fallBack('is not valid JSON');
  }
  const { config, problem } = parseRuntimeConfig(raw, fallback);
  return problem ? fallBack(problem) : config;
}

let pending: Promise<RuntimeConfig> | undefined;

/** The runtime config, fetched once per page (later calls share the first request). */
export function loadConfig(): Promise<RuntimeConfig> {
  pending ??= typeof window === 'undefined' ? Promise.resolve(DEFAULT_CONFIG) : fetchRuntimeConfig();
  return pending;
}

/** Test seam: forget the cached config. */
export function resetConfigForTests(): void {
  pending = undefined;
}
