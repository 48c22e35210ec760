/**
 * Pausing new orders (docs/rules.md#pausing-orders). The pause is the venue document's `pause`, changed
 * under the venue row's lock (read, change, write in one transaction, on any instance), recorded in the
 * audit log and announced with a `venue` event: every instance reloads the venue, the board and the open
 * menus (their live copy of the venue) show it. It is read as an «until» time, so it ends by itself.
 */
import type { Venue } from '../../../src/contract/venue.ts';
import {
  activePause,
  DEFAULT_PAUSE_MODES,
  pauseSentence,
  PAUSE_MESSAGES,
  type PauseInput,
  type VenuePause,
} from '../../../src/contract/pause.ts';
import { stationsOf } from '../../../src/contract/kitchen.ts';
import type { Db, Queryable } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events/bus.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import type { VenueStore } from '../venues/index.ts';
import { lockedVenueDoc, openTicketsByStation, updateVenueDoc } from './queries.ts';

/** Who the automatic pause is in the audit log. */
export const AUTO_ACTOR: AuditActor = { id: 'auto', name: PAUSE_MESSAGES.autoActor };

export interface PauseService {
  /** The pauses' clock (tests: `ServerOptions.now`). */
  now(): Date;
  /** Pauses (or changes the pause): `minutes` absent, until resumed. Returns the pause. */
  pause(venueId: string, actor: AuditActor, input: PauseInput): Promise<VenuePause | undefined>;
  /** Ends the pause (nothing to end: nothing changes). */
  resume(venueId: string, actor: AuditActor): Promise<void>;
  /** The automatic pause: pauses or resumes by the open tickets per station (a no-op when nothing changes). */
  checkAuto(venueId: string): Promise<void>;
}

export interface PauseOptions {
  now?: (() => Date) | undefined;
}

type Change = { pause: VenuePause | undefined; action: 'pause' | 'resume'; actor: AuditActor; reason?: string };

export function createPauseService(
  db: Db,
  venues: VenueStore,
  events: EventBus,
  options: PauseOptions = {},
): PauseService {
  const now = options.now ?? (() => new Date());

  /** Reads the stored venue under its lock, asks `decide` what to change, writes it with its audit entry and event. */
  async function change(
    venueId: string,
    decide: (venue: Venue, at: Date, tx: Queryable) => Promise<Change | undefined>,
  ) {
    const at = now();
    const written = await db.hotTransaction(async (tx) => {
      const doc = await lockedVenueDoc(tx, venueId, db.forUpdate);
      if (!doc) return undefined;
      const stored = JSON.parse(doc) as Venue;
      const next = await decide(stored, at, tx);
      if (!next) return undefined;
      const { pause: _old, ...rest } = stored;
      // `updatedAt` moves on: the phones' live menu takes a newer version only (src/features/menu/live-venue.ts).
      const updatedAt = new Date(Math.max(Date.now(), Date.parse(stored.updatedAt) + 1)).toISOString();
      const venue: Venue = { ...rest, ...(next.pause ? { pause: next.pause } : {}), updatedAt };
      const what = next.pause ? pauseSentence(next.pause, venue.timezone) : PAUSE_MESSAGES.resumed;
      await Promise.all([
        updateVenueDoc(tx, venueId, JSON.stringify(venue), updatedAt),
        recordAudit(tx, {
          venueId,
          actor: next.actor,
          action: next.action,
          table: '',
          detail: { what, ...(next.pause ? { modes: next.pause.modes, until: next.pause.until ?? null } : {}) },
          ...(next.reason ? { reason: next.reason } : {}),
          at: at.getTime(),
        }),
        events.append(tx, {
          venueId,
          type: 'venue',
          data: JSON.stringify({ venueId, updatedAt, pause: venue.pause ?? null }),
        }),
      ]);
      return venue;
    });
    if (!written) return undefined;
    await venues.reload(venueId);
    events.committed(venueId);
    return written;
  }

  /** The station with the most open tickets, and how many. */
  async function busiest(
    tx: Queryable,
    venueId: string,
  ): Promise<{ station: string; openTickets: number } | undefined> {
    const rows = await openTicketsByStation(tx, venueId);
    const worst = rows.map((r) => ({ station: r.station, n: Number(r.n) })).sort((a, b) => b.n - a.n)[0];
    return worst ? { station: worst.station, openTickets: worst.n } : undefined;
  }

  return {
    now,
    async pause(venueId, actor, input) {
      const venue = await change(venueId, async (_stored, at) => {
        const pause: VenuePause = {
          since: at.toISOString(),
          ...(input.minutes ? { until: new Date(at.getTime() + input.minutes * 60_000).toISOString() } : {}),
          modes: input.modes ?? [...DEFAULT_PAUSE_MODES],
          ...(input.reason ? { reason: input.reason } : {}),
        };
        return { pause, action: 'pause', actor, ...(input.reason ? { reason: input.reason } : {}) };
      });
      return venue?.pause;
    },
    async resume(venueId, actor) {
      await change(venueId, async (stored, at) =>
        activePause(stored, at) ? { pause: undefined, action: 'resume', actor } : undefined,
      );
    },
    async checkAuto(venueId) {
      await change(venueId, async (stored, at, tx) => {
        const limit = stored.autoPause?.openTickets;
        const current = activePause(stored, at);
        // A pause set by staff is theirs: the automatic pause neither replaces nor ends it.
        if (current && !current.auto) return undefined;
        const worst = limit ? await busiest(tx, venueId) : undefined;
        if (!current) {
          if (!limit || !worst || worst.openTickets <= limit) return undefined;
          const name = stationsOf(stored).find((s) => s.id === worst.station)?.name ?? worst.station;
          const reason = PAUSE_MESSAGES.autoReason(worst.openTickets, name);
          return {
            pause: { since: at.toISOString(), modes: [...DEFAULT_PAUSE_MODES], reason, auto: worst },
            action: 'pause',
            actor: AUTO_ACTOR,
            reason,
          };
        }
        // Resumes when every station is back below the number (or the setting was turned off).
        if (limit && worst && worst.openTickets >= limit) return undefined;
        return { pause: undefined, action: 'resume', actor: AUTO_ACTOR };
      });
    },
  };
}
