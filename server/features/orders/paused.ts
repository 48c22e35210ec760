/** A paused venue refuses new orders of the paused modes (docs/rules.md#pausing-orders): 409 with the pause's sentence. */
import { activePause, pauseSentence } from '../../../src/contract/pause.ts';
import type { Venue } from '../../../src/contract/venue.ts';
import { problem } from '../../platform/problem.ts';

export function refuseIfPaused(venue: Venue, mode: string, at: Date): void {
  const pause = activePause(venue, at);
  if (!pause?.modes.includes(mode as never)) return;
  throw problem('venuePaused', 409, pauseSentence(pause, venue.timezone), {
    modes: pause.modes,
    ...(pause.until ? { until: pause.until } : {}),
  });
}
