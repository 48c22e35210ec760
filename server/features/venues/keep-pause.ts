/**
 * The editor's PUT never changes the pause (docs/rules.md#pausing-orders): the stored `pause` stays, whatever
 * the body says, and a body without `autoPause` (an editor that does not show it) keeps the stored setting;
 * `autoPause: null` turns it off.
 */
import type { Venue } from '../../../src/contract/venue.ts';

export function keepPause(stored: Venue | undefined, incoming: Venue): Venue {
  const { pause: _sent, ...venue } = incoming;
  const autoPause = incoming.autoPause === undefined ? stored?.autoPause : incoming.autoPause;
  return {
    ...venue,
    ...(stored?.pause ? { pause: stored.pause } : {}),
    ...(autoPause !== undefined ? { autoPause } : {}),
  };
}
