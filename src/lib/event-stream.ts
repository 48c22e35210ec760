/**
 * Follows a Server-Sent Events stream of the API with `fetch` (via the tiny
 * `fetch-event-stream`), so the access token travels in the `Authorization`
 * header — never in a URL, where it would end up in logs and history.
 * Reconnects with back-off (and a fresh token) after any failure; the caller
 * hears when the stream is up and down, to poll only while it is down.
 */
import { events } from 'fetch-event-stream';
import { loadConfig } from './config.ts';

export interface StreamHandlers {
  /** `path` relative to the API base, e.g. `orders/{id}/events`. */
  path: string;
  /** The bare access token (refreshed when needed), or null when signed out. */
  token: () => Promise<string | null>;
  onEvent: (name: string, data: string) => void;
  /** The stream is up (after `ready`) or down (failed, ended, refused). */
  onState: (state: 'up' | 'down') => void;
  /** A refusal that retrying will not fix (403/404): the stream stops for good. */
  onRefused?: (status: number) => void;
}

const MAX_DELAY_MS = 30_000;

/** Starts following the stream; returns the function that stops it. */
export function followStream(handlers: StreamHandlers): () => void {
  let stopped = false;
  let failures = 0;
  let controller: AbortController | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;

  async function connect(): Promise<void> {
    if (stopped) return;
    controller = new AbortController();
    try {
      const [{ apiBase }, token] = await Promise.all([loadConfig(), handlers.token()]);
      if (stopped) return;
      const url = new URL(`${apiBase.replace(/\/+$/, '')}/${handlers.path}`, location.href);
      const response = await fetch(url, {
        headers: { Accept: 'text/event-stream', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        cache: 'no-store',
        signal: controller.signal,
      });
      if (response.status === 403 || response.status === 404) {
        handlers.onState('down');
        handlers.onRefused?.(response.status);
        stop();
        return;
      }
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      for await (const message of events(response, controller.signal)) {
        if (stopped) return;
        const name = message.event ?? 'message';
        if (name === 'ready') {
          failures = 0;
          handlers.onState('up');
          continue;
        }
        if (message.data !== undefined) handlers.onEvent(name, message.data);
      }
    } catch {
      // Network, timeout, 401 with an expired token, the server going away: try again below.
    }
    if (stopped) return;
    handlers.onState('down');
    failures += 1;
    const delay = Math.min(MAX_DELAY_MS, 1_000 * 2 ** Math.min(failures, 5));
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, delay);
  }

  function stop(): void {
    stopped = true;
    controller?.abort();
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
  }

  void connect();
  return stop;
}
