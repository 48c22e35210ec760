/**
 * Page meta (docs/rules.md#page-meta): a page may declare `validate` (false → 404) and named
 * `middleware` (unknown name → 500 `Unknown middleware {name}`); `auth` is the
 * auth feature's marker (false = public, 'guest' = guest-only, true = signed in).
 * Pages declare them through the layout's props; the layout serialises them
 * into `<script type="application/json" id="umenu-page-meta">` and the shell
 * runs them in the browser (the site is static, so there is no server step).
 *
 * Features register their middleware and validators in a module the layout's entry script
 * (src/layouts/Default.astro) imports before the shell, never from inside an island (islands
 * hydrate too late).
 */
import { isValidVenueId } from '../contract/limits.ts';
import { venueIdOfPath } from '../contract/languages.ts';

export type AuthMarker = false | 'guest' | true;

export interface PageMeta {
  auth?: AuthMarker | null;
  middleware?: string[];
  /** Name of a registered validator. */
  validate?: string | null;
}

export interface PageError {
  statusCode?: number;
  message?: string;
}

export interface MiddlewareContext {
  url: URL;
  meta: PageMeta;
  /** Leave the page (ends the run). */
  redirect(path: string): void;
  /** Show the error page (ends the run). */
  error(error: PageError): void;
}

export type Middleware = (context: MiddlewareContext) => void | Promise<void>;
export type Validator = (url: URL) => boolean | Promise<boolean>;

export type PageMetaOutcome =
  { kind: 'ok' } | { kind: 'redirect'; to: string } | { kind: 'error'; statusCode: number; message: string };

export const NOT_FOUND_MESSAGE = 'This page could not be found';
export const unknownMiddlewareMessage = (name: string): string => `Unknown middleware ${name}`;

export interface Registry {
  middleware: Map<string, Middleware>;
  global: string[];
  validators: Map<string, Validator>;
}

export function createRegistry(): Registry {
  return { middleware: new Map(), global: [], validators: new Map() };
}

export const registry: Registry = createRegistry();

/** Registers middleware by name; `global` runs on every page before the page's own. */
export function registerMiddleware(
  name: string,
  fn: Middleware,
  options: { global?: boolean } = {},
  into: Registry = registry,
): void {
  into.middleware.set(name, fn);
  if (options.global && !into.global.includes(name)) into.global.push(name);
}

export function registerValidator(name: string, fn: Validator, into: Registry = registry): void {
  into.validators.set(name, fn);
}

/** `/{id}` and `/{lang}/{id}` pages: the venue id must be valid and not reserved. */
registerValidator('venueId', (url) => isValidVenueId(decodeURIComponent(venueIdOfPath(url.pathname))));

/** Reads the meta the layout embedded; malformed meta means "no meta". */
export function readPageMeta(doc: Document = document): PageMeta {
  const text = doc.getElementById('umenu-page-meta')?.textContent;
  if (!text) return {};
  try {
    const raw: unknown = JSON.parse(text);
    if (typeof raw !== 'object' || raw === null) return {};
    const record = raw as Record<string, unknown>;
    const meta: PageMeta = {};
    if (record.auth === false || record.auth === true || record.auth === 'guest') meta.auth = record.auth;
    if (Array.isArray(record.middleware))
      meta.middleware = record.middleware.filter((m): m is string => typeof m === 'string');
    if (typeof record.validate === 'string') meta.validate = record.validate;
    return meta;
  } catch {
    return {};
  }
}

class Stop extends Error {
  outcome: PageMetaOutcome;
  constructor(outcome: PageMetaOutcome) {
    super(outcome.kind);
    this.outcome = outcome;
  }
}

/** Error status (docs/rules.md#error-pages): the error's own status code, else 500. */
export function normalizeError(error: unknown): { statusCode: number; message: string } {
  const record = (typeof error === 'object' && error !== null ? error : {}) as Record<string, unknown>;
  const code = record.statusCode ?? record.status;
  const statusCode = typeof code === 'number' && Number.isInteger(code) && code >= 400 && code <= 599 ? code : 500;
  const rawMessage = record.message;
  const message =
    typeof rawMessage === 'string' && rawMessage !== ''
      ? rawMessage
      : typeof error === 'string' && error !== ''
        ? error
        : statusCode === 404
          ? NOT_FOUND_MESSAGE
          : 'An error occurred';
  return { statusCode, message };
}

/**
 * Runs global middleware, the page's middleware (in order), then `validate`.
 * Unknown middleware names are checked first, so nothing runs on a misconfigured page.
 */
export async function runPageMeta(meta: PageMeta, url: URL, from: Registry = registry): Promise<PageMetaOutcome> {
  const names = [...from.global, ...(meta.middleware ?? []).filter((name) => !from.global.includes(name))];
  const unknown = names.find((name) => !from.middleware.has(name));
  if (unknown !== undefined) return { kind: 'error', statusCode: 500, message: unknownMiddlewareMessage(unknown) };
  const context: MiddlewareContext = {
    url,
    meta,
    redirect(to) {
      throw new Stop({ kind: 'redirect', to });
    },
    error(error) {
      throw new Stop({ kind: 'error', ...normalizeError(error) });
    },
  };
  try {
    for (const name of names) await from.middleware.get(name)!(context);
    if (meta.validate) {
      const validator = from.validators.get(meta.validate);
      if (!validator) return { kind: 'error', statusCode: 500, message: `Unknown validator ${meta.validate}` };
      if (!(await validator(url))) return { kind: 'error', statusCode: 404, message: NOT_FOUND_MESSAGE };
    }
  } catch (error) {
    if (error instanceof Stop) return error.outcome;
    return { kind: 'error', ...normalizeError(error) };
  }
  return { kind: 'ok' };
}
