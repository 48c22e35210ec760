/**
 * `UMENU_BUILD_HOOK`: for a site on a static host (Netlify, Vercel, any CI with a build hook),
 * the API POSTs to that address after a venue changes, so the host rebuilds and redeploys the
 * prerendered pages (README, "Deploying to a static host"). Debounced: a burst of edits (a manager saving the
 * menu several times) asks for one build, `debounceMs` after the last edit, at the latest
 * `maxWaitMs` after the first; the body is JSON: `{"venueId": "…", "venueIds": ["…"]}` (the
 * last venue changed and every venue changed since the previous call). A failed call is
 * logged, not retried: the next edit calls again.
 */
export const BUILD_HOOK_DEBOUNCE_MS = 10_000;
export const BUILD_HOOK_MAX_WAIT_MS = 60_000;

export interface BuildHook {
  /** A venue changed (called by the instance that made the change). */
  changed(venueId: string): void;
  /** Sends what is pending now (shutdown). */
  flush(): Promise<void>;
  close(): void;
}

export interface BuildHookOptions {
  debounceMs?: number;
  maxWaitMs?: number;
  fetch?: typeof fetch;
  log?: (message: string) => void;
}

export function createBuildHook(url: string, options: BuildHookOptions = {}): BuildHook {
  const debounceMs = options.debounceMs ?? BUILD_HOOK_DEBOUNCE_MS;
  const maxWaitMs = options.maxWaitMs ?? BUILD_HOOK_MAX_WAIT_MS;
  const send = options.fetch ?? fetch;
  const log = options.log ?? ((message: string) => console.warn(message));
  const pending: string[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let firstAt = 0;
  let inFlight: Promise<void> = Promise.resolve();

  const flush = (): Promise<void> => {
    clearTimeout(timer);
    timer = undefined;
    if (pending.length === 0) return inFlight;
    const venueIds = pending.splice(0);
    const body = JSON.stringify({ venueId: venueIds.at(-1), venueIds });
    inFlight = inFlight.then(async () => {
      try {
        const response = await send(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
          signal: AbortSignal.timeout(10_000),
        });
        if (!response.ok) log(`[umenu] UMENU_BUILD_HOOK respondió ${response.status}`);
        await response.body?.cancel();
      } catch (error) {
        log(`[umenu] UMENU_BUILD_HOOK no respondió: ${(error as Error).message}`);
      }
    });
    return inFlight;
  };

  return {
    changed(venueId) {
      if (pending.length === 0) firstAt = Date.now();
      if (!pending.includes(venueId)) pending.push(venueId);
      else pending.push(...pending.splice(pending.indexOf(venueId), 1));
      clearTimeout(timer);
      const wait = Math.max(0, Math.min(debounceMs, firstAt + maxWaitMs - Date.now()));
      timer = setTimeout(() => void flush(), wait);
    },
    flush,
    close() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
