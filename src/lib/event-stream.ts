/**
 * Follows a Server-Sent Events stream of the API with `fetch` (via the tiny
 * `fetch-event-stream`), so the access token travels in the `Authorization`
 * header — never in a URL, where it would end up in logs and history.
 * Reconnects after any failure (first after the server's `retry:`, then with
 * back-off, each time with a fresh token) and resumes where it left off: the
 * last event id is sent back as `Last-Event-ID`, so the server replays what
 * was missed, and an event id already delivered is never delivered again.
 * With `resumeKey` the last id is kept in sessionStorage, so a reload of the
 * page resumes too. When the device goes offline the stream counts as dropped
 * (a dead connection may otherwise look open for a long time) and it
 * reconnects as soon as the device is back online. The caller hears when the
 * stream is up and down, to poll only while it is down. Custom headers (a
 * table participant's credential) go on every connection, never in the URL.
 * The server ends a signed-in stream when its token expires (docs/rules.md#live-streams-and-access):
 * the next connection asks `token()` again; a token refused with 401 is handed to
 * `unauthorized` (a refresh) and the stream reconnects at once with the new one.
 */
import { events } from 'fetch-event-stream';
import { loadConfig } from './config.ts';

export interface StreamHandlers {
  /** `path` relative to the API base, e.g. `orders/{id}/events`. */
  path: string;
  /** The bare access token (refreshed when needed), or null when signed out. */
  token: () => Promise<string | null>;
  /** `id` is the event's stream position (null when the server sent none). */
  onEvent: (name: string, data: string, id: string | null) => void;
  /** The stream is up (after `ready`) or down (failed, ended, refused). */
  onState: (state: 'up' | 'down') => void;
  /** A refusal that retrying will not fix (403/404): the stream stops for good. */
  onRefused?: (status: number) => void;
  /** Keeps the last event id in sessionStorage under this key (a reload resumes); memory only without it. */
  resumeKey?: string;
  /** Extra request headers, read on every (re)connection (e.g. a table participant's credential). */
  headers?: () => Record<string, string>;
  /** Statuses that stop the stream for good (default 403 and 404); e.g. 401 for a credential that cannot be refreshed. */
  refusedStatuses?: readonly number[];
  /**
   * The token sent was refused with 401 (expired on the server's clock before this device noticed):
   * refresh it, resolving true when a new one is there. The stream then reconnects at once.
   */
  unauthorized?: (rejectedToken: string) => Promise<boolean>;
}

const MAX_DELAY_MS = 30_000;
const STORAGE_PREFIX = 'umenu:sse:';

/** The last event id kept for `key` (null when none, or storage is unavailable). */
export function storedEventId(key: string): string | null {
  try {
    const value = sessionStorage.getItem(STORAGE_PREFIX + key);
    return value && /^\d{1,15}$/.test(value) ? value : null;
  } catch {
    return null;
  }
}

function storeEventId(key: string, id: string): void {
  try {
    sessionStorage.setItem(STORAGE_PREFIX + key, id);
  } catch {
    // Private mode or full storage: resuming still works within this page.
  }
}

/** Numeric ids compare as numbers; anything else is not comparable (never skipped). */
function position(id: string | null | undefined): number | null {
  return id && /^\d{1,15}$/.test(id) ? Number(id) : null;
}

/** Starts following the stream; returns the function that stops it. */
export function followStream(handlers: StreamHandlers): () => void {
  let stopped = false;
  let failures = 0;
  let controller: AbortController | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  /** The position to resume from: the last id the server sent (ready or event). */
  let lastId: string | null = handlers.resumeKey ? storedEventId(handlers.resumeKey) : null;
  /** The highest event position delivered (or known delivered before a reload): lower or equal ones are dropped. */
  let delivered = position(lastId);
  /** The server's `retry:` (ms), used for the first reconnection after the stream was up. */
  let serverRetry: number | null = null;
  /** A 401 was answered by a refresh since the stream was last up: another 401 waits like any failure. */
  let refreshed = false;

  const remember = (id: string) => {
    lastId = id;
    if (handlers.resumeKey) storeEventId(handlers.resumeKey, id);
  };

  async function connect(): Promise<void> {
    if (stopped) return;
    controller = new AbortController();
    try {
      const [{ apiBase }, token] = await Promise.all([loadConfig(), handlers.token()]);
      if (stopped) return;
      const url = new URL(`${apiBase.replace(/\/+$/, '')}/${handlers.path}`, location.href);
      const headers: Record<string, string> = { ...handlers.headers?.(), Accept: 'text/event-stream' };
      if (token) headers.Authorization = `Bearer ${token}`;
      if (lastId) headers['Last-Event-ID'] = lastId;
      const response = await fetch(url, { headers, cache: 'no-store', signal: controller.signal });
      if ((handlers.refusedStatuses ?? [403, 404]).includes(response.status)) {
        handlers.onState('down');
        handlers.onRefused?.(response.status);
        stop();
        return;
      }
      if (response.status === 401 && token && handlers.unauthorized && !refreshed) {
        refreshed = true;
        void response.body?.cancel().catch(() => {});
        if (await handlers.unauthorized(token).catch(() => false)) {
          if (!stopped) void connect();
          return;
        }
      }
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      for await (const message of events(response, controller.signal)) {
        if (stopped) return;
        if (typeof message.retry === 'number' && message.retry >= 0) serverRetry = message.retry;
        const name = message.event ?? 'message';
        const id = message.id === undefined || message.id === null ? null : String(message.id);
        if (name === 'ready') {
          failures = 0;
          refreshed = false;
          if (id) remember(id);
          handlers.onState('up');
          continue;
        }
        const at = position(id);
        // A fresh order stream repeats the ready id on its first event: equal to `ready` is new, equal to a delivered event is not.
        if (at !== null && delivered !== null && at <= delivered) continue;
        if (at !== null) delivered = at;
        if (id) remember(id);
        if (message.data !== undefined) handlers.onEvent(name, message.data, id);
      }
    } catch {
      // Network, timeout, 401 with an expired token, the server going away: try again below.
    }
    if (stopped) return;
    handlers.onState('down');
    failures += 1;
    const delay =
      failures === 1 && serverRetry !== null ? serverRetry : Math.min(MAX_DELAY_MS, 1_000 * 2 ** Math.min(failures, 5));
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, delay);
  }

  const onOffline = () => controller?.abort();
  const onOnline = () => {
    if (stopped || !retryTimer) return;
    clearTimeout(retryTimer);
    retryTimer = null;
    void connect();
  };
  if (typeof window !== 'undefined') {
    window.addEventListener('offline', onOffline);
    window.addEventListener('online', onOnline);
  }

  function stop(): void {
    stopped = true;
    controller?.abort();
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
    if (typeof window !== 'undefined') {
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('online', onOnline);
    }
  }

  void connect();
  return stop;
}
