/**
 * The open menu, kept current from the API (docs/rules.md#live-menu: a dish marked sold
 * out in the kitchen shows "Agotado" on an open menu within 15 s, without a reload, and
 * its cart line is flagged).
 *
 * While something listens, the store revalidates the venue every `LIVE_POLL_MS` with a
 * conditional GET carrying the ETag of the NEWEST copy it holds: unchanged → 304 (no body, a few
 * hundred bytes), changed → the new menu and its ETag, which the next request carries, so a
 * change is downloaded once. It polls only while the page is visible and the browser online
 * (back to visible or online: at once if the last check is older than the period), and starts
 * once the page has loaded and is idle, so it never competes with the first paint or hydration.
 * Every version it gets feeds the cart's sold-out store.
 *
 * Why polling rather than a venue event stream: the menu is public and cacheable, the contract
 * already gives it a strong ETag (any backend a deployer puts behind `apiBase` honours it, static
 * hosts and CDNs included), a 304 every 10 s costs less than holding one open connection per
 * diner's phone on the API (a busy venue has hundreds), and it needs no new public endpoint; the
 * staff order stream is scoped to staff and carries orders, not the menu.
 */
import { atom, onMount, type ReadableAtom, type WritableAtom } from 'nanostores';
import type { Venue } from '../../contract/venue.ts';
import { $online } from '../../lib/online.ts';
import { setSoldOut, setSoldOutFrom } from '../cart/stored.ts';
import { fetchVenueIfChanged } from './api.ts';
import { whenIdle } from './idle.ts';
import { isOlderVersion } from './venue-facts.ts';

/** Period of the conditional check while the page is visible (the promise is "within 15 s"). */
export const LIVE_POLL_MS = 10_000;
/** The first check waits for the page to be idle at most this long after `load`. */
const IDLE_TIMEOUT_MS = 2_000;

export interface LiveVenue {
  /** The newest copy of the menu from the API, or the one the page was given; null: the prerendered one is current. */
  venue: Venue | null;
  /** The ETag of `venue` as the API sent it (null: unknown, the next check downloads the menu). */
  etag: string | null;
}

const stores = new Map<string, WritableAtom<LiveVenue>>();
/** Per followed venue: a check now (the island asks when it wakes, so its menu is the newest). */
const checkers = new Map<string, () => void>();

/** Checks the venue now (when its store is followed and no check is on its way), not at the next period. */
export function checkVenueNow(venueId: string): void {
  checkers.get(venueId)?.();
}

/** What the page knows of the version it shows, to start from. */
export interface LiveVenueStart {
  /** The whole menu when the page has it at hand (the fallback shell); a prerendered page need not read its copy. */
  venue?: Venue | null;
  /** The ETag of that version (the build's), for the first conditional check. */
  etag?: string | null;
  /** Its `updatedAt`: an answer with the same one is no change. */
  updatedAt?: string;
  /** Its sold-out dishes, for the cart until the API answers a newer version. */
  soldOut?: readonly string[];
}

/** The live menu of `venueId`, one store per venue; `start` is taken by the first call only. */
export function liveVenue(venueId: string, start: LiveVenueStart = {}): ReadableAtom<LiveVenue> {
  let store = stores.get(venueId);
  if (!store) {
    const created = atom<LiveVenue>({ venue: start.venue ?? null, etag: start.etag ?? null });
    onMount(created, () => follow(venueId, created, start));
    stores.set(venueId, created);
    store = created;
  }
  return store;
}

function follow(venueId: string, $state: WritableAtom<LiveVenue>, start: LiveVenueStart): () => void {
  let started = false;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: AbortController | undefined;
  let lastCheck = Number.NEGATIVE_INFINITY;
  const known = $state.get().venue;
  if (known) setSoldOutFrom(known);
  else if (start.soldOut) setSoldOut(start.soldOut);
  const startedAt = start.updatedAt ?? start.venue?.updatedAt;

  const canCheck = (forced = false) =>
    (started || forced) && !stopped && document.visibilityState === 'visible' && $online.get();

  /** The next check, `LIVE_POLL_MS` after the last one (at once when that is past), if allowed now. */
  const schedule = () => {
    clearTimeout(timer);
    timer = undefined;
    if (!canCheck() || inFlight) return;
    timer = setTimeout(() => void check(), Math.max(0, lastCheck + LIVE_POLL_MS - performance.now()));
  };

  const check = async (forced = false) => {
    timer = undefined;
    if (!canCheck(forced)) return;
    lastCheck = performance.now();
    const controller = new AbortController();
    inFlight = controller;
    try {
      const current = $state.get();
      const fresh = await fetchVenueIfChanged(venueId, current.etag, controller.signal);
      const shownAt = current.venue?.updatedAt ?? startedAt;
      if (fresh && Array.isArray(fresh.venue.categories) && !isOlderVersion(fresh.venue.updatedAt, shownAt)) {
        // Same version under another ETag (e.g. a page that had none): keep what we have, take the ETag.
        const same = fresh.venue.updatedAt === shownAt;
        $state.set({ venue: same ? current.venue : fresh.venue, etag: fresh.etag });
        if (!same) setSoldOutFrom(fresh.venue);
      }
    } catch {
      // Offline, API down or aborted: the menu stays as it is; the next check tries again.
    } finally {
      if (inFlight === controller) inFlight = undefined;
    }
    schedule();
  };

  checkers.set(venueId, () => {
    if (inFlight) return;
    clearTimeout(timer);
    void check(true);
  });
  const unlistenOnline = $online.listen(schedule);
  document.addEventListener('visibilitychange', schedule);
  const cancelIdle = whenIdle(
    () => {
      started = true;
      schedule();
    },
    { afterLoad: true, timeout: IDLE_TIMEOUT_MS },
  );
  return () => {
    stopped = true;
    checkers.delete(venueId);
    cancelIdle();
    clearTimeout(timer);
    inFlight?.abort();
    unlistenOnline();
    document.removeEventListener('visibilitychange', schedule);
  };
}
