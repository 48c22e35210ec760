/**
 * The automatic pause follows the kitchen (docs/rules.md#pausing-orders): every instance listens to the
 * ticket events of the venues whose `autoPause` is set and checks them after each one (one check at a
 * time per venue, one more if tickets moved meanwhile). Checks of several instances meet under the venue
 * row's lock: the second finds the change made and does nothing.
 */
import type { EventBus } from '../../platform/events/bus.ts';
import type { VenueStore } from '../venues/index.ts';
import type { PauseService } from './service.ts';

export interface AutoPauseWatch {
  close(): void;
}

export function watchAutoPause(venues: VenueStore, events: EventBus, pauses: PauseService): AutoPauseWatch {
  const watched = new Map<string, Promise<() => void>>();
  const running = new Map<string, { again: boolean }>();
  let closed = false;

  function check(venueId: string): void {
    const run = running.get(venueId);
    if (run) {
      run.again = true;
      return;
    }
    const state = { again: false };
    running.set(venueId, state);
    void (async () => {
      try {
        do {
          state.again = false;
          await pauses.checkAuto(venueId);
        } while (state.again && !closed);
      } catch (error) {
        if (!closed) console.error('[umenu] automatic pause check failed', venueId, error);
      } finally {
        running.delete(venueId);
      }
    })();
  }

  /** Listens to the venue's tickets while its `autoPause` is set, and checks it now (the setting may have changed). */
  function sync(venueId: string): void {
    if (closed) return;
    const on = Boolean(venues.get(venueId)?.venue.autoPause);
    const current = watched.get(venueId);
    if (on && !current) {
      watched.set(
        venueId,
        events.subscribe(venueId, (event) => {
          if (event.type === 'ticket') check(venueId);
        }),
      );
    } else if (!on && current) {
      watched.delete(venueId);
      void current.then((stop) => stop()).catch(() => {});
    }
    // Off with an automatic pause in force: the check resumes it.
    if (on || venues.get(venueId)?.venue.pause?.auto) check(venueId);
  }

  for (const { id } of venues.list().venues) if (venues.get(id)?.venue.autoPause) sync(id);
  venues.onPut(sync);
  // Another instance's change: the store reloads the venue; follow the reloaded copy.
  events.onVenueEvent(
    (venueId) =>
      void venues.reload(venueId).then(
        () => sync(venueId),
        () => {},
      ),
  );

  return {
    close() {
      closed = true;
      for (const stop of watched.values()) void stop.then((fn) => fn()).catch(() => {});
      watched.clear();
    },
  };
}
