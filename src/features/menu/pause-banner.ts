/**
 * The venue page says when the venue has paused new orders (docs/rules.md#pausing-orders), before anyone
 * fills a cart: the banner `#venue-pause` (VenueHeader.tsx) shows the pause's sentence while it lasts, from
 * the page's facts at load and then from every newer version of the live menu (live-venue.ts); it hides by
 * itself when the pause's «until» passes. The cart learns it too (its «Hacer pedido» waits). No React.
 */
import type { ReadableAtom } from 'nanostores';
import { activePause, type VenuePause } from '../../contract/pause.ts';
import { pauseText, setVenuePause } from '../cart/stored.ts';
import type { LiveVenue } from './live-venue.ts';

export function followPause(
  venueId: string,
  timezone: string,
  initial: VenuePause | undefined,
  $live: ReadableAtom<LiveVenue>,
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let zone = timezone;
  const show = (pause: VenuePause | undefined) => {
    clearTimeout(timer);
    const banner = document.getElementById('venue-pause');
    const now = activePause({ pause }, Date.now());
    setVenuePause(venueId, now ?? null);
    if (banner) {
      const text = now ? pauseText(now, zone) : '';
      if (banner.textContent !== text) banner.textContent = text;
      banner.hidden = !now;
    }
    // Ends by itself: hidden at its «until» (a timer holds at most about 24 days).
    if (now?.until)
      timer = setTimeout(() => show(pause), Math.min(Date.parse(now.until) - Date.now() + 50, 2 ** 31 - 1));
  };
  show(initial);
  const stop = $live.subscribe(({ venue }) => {
    if (!venue) return;
    zone = venue.timezone;
    show(venue.pause);
  });
  return () => {
    stop();
    clearTimeout(timer);
  };
}
