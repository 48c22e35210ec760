/**
 * A deploy replaces the hashed JS chunks; a tab opened before it then fails to
 * load a chunk ("Loading chunk N failed", Vite's `vite:preloadError`). Reloading
 * fetches the new HTML and chunks. At most one reload per 60 s, so a chunk that
 * is really broken cannot cause a reload loop.
 */
export const CHUNK_RELOAD_WINDOW_MS = 60_000;
export const CHUNK_RELOAD_KEY = 'umenu:chunk-reload-at';

/** Pure rule: reload unless the last reload for a chunk failure was under `windowMs` ago. */
export function shouldReloadForChunkError(
  lastReloadAt: number | null,
  now: number,
  windowMs = CHUNK_RELOAD_WINDOW_MS,
): boolean {
  if (lastReloadAt === null || !Number.isFinite(lastReloadAt)) return true;
  // A clock set backwards must not block reloads forever.
  if (lastReloadAt > now) return true;
  return now - lastReloadAt >= windowMs;
}

const CHUNK_ERROR_PATTERN =
  /Loading (?:CSS )?chunk [\w-]+ failed|Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

/** The `message` of an error-like object that is not an Error (e.g. from another realm). */
function messageOf(error: unknown): string {
  const message = typeof error === 'object' && error !== null && 'message' in error ? error.message : undefined;
  return typeof message === 'string' ? message : '';
}

/** Whether an error (or rejection reason) is a failed chunk load. */
export function isChunkLoadError(error: unknown): boolean {
  if (!error) return false;
  const message =
    typeof error === 'string' ? error : error instanceof Error ? `${error.name}: ${error.message}` : messageOf(error);
  return CHUNK_ERROR_PATTERN.test(message);
}

export interface ReloadEnvironment {
  now(): number;
  read(): string | null;
  write(value: string): void;
  reload(): void;
}

function browserEnvironment(): ReloadEnvironment {
  return {
    now: () => Date.now(),
    read: () => {
      try {
        return sessionStorage.getItem(CHUNK_RELOAD_KEY);
      } catch {
        return null;
      }
    },
    write: (value) => {
      try {
        sessionStorage.setItem(CHUNK_RELOAD_KEY, value);
      } catch {
        // Without storage we cannot remember the reload: refuse to reload (no loop).
        throw new Error('no storage');
      }
    },
    reload: () => location.reload(),
  };
}

/** Reloads the page for a chunk failure if the throttle allows; returns whether it did. */
export function reloadAfterChunkFailure(error: unknown, env: ReloadEnvironment = browserEnvironment()): boolean {
  // `undefined`: the caller already knows it is a chunk failure (Vite's preload event).
  if (error !== undefined && !isChunkLoadError(error)) return false;
  const raw = env.read();
  const last = raw === null ? null : Number(raw);
  const now = env.now();
  if (!shouldReloadForChunkError(last, now)) {
    console.warn('[umenu] a script failed to load again; not reloading (last reload under 60 s ago)');
    return false;
  }
  try {
    env.write(String(now));
  } catch {
    return false;
  }
  env.reload();
  return true;
}

/** Listens for Vite's preload errors and unhandled chunk-load rejections. */
export function installChunkReload(): void {
  window.addEventListener('vite:preloadError', (event) => {
    // Offline, a reload cannot help (it would lose the page): let the caller's own error handling speak.
    if (navigator.onLine === false) return;
    // Stop Vite from re-throwing: we handle it (reload, or leave the page as is).
    event.preventDefault();
    reloadAfterChunkFailure(undefined);
  });
  window.addEventListener('unhandledrejection', (event) => {
    if (navigator.onLine === false) return;
    if (isChunkLoadError(event.reason) && reloadAfterChunkFailure(event.reason)) event.preventDefault();
  });
}
