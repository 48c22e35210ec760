/**
 * Whether a venue has paused new orders (docs/rules.md#pausing-orders), as the venue page's live menu
 * tells it (src/features/menu/pause-banner.ts): the cart keeps its lines, and its «Hacer pedido» waits
 * while every pickup and delivery mode of the venue is paused. No React, no i18n runtime: a page's
 * first-load script sets it.
 */
import { atom } from 'nanostores';
import { activePause, pauseKind, PAUSE_MESSAGES, type VenuePause } from '../../contract/pause.ts';
import type { OrderMode } from '../../contract/venue.ts';
import { formatVenueTime } from '../../contract/time-format.ts';
import { fill, pageLanguage, pageWords } from '../../lib/page-language.ts';

/** The pause of each venue the page follows (null: none); one whose «until» has passed is over. */
export const $venuePauses = atom<Record<string, VenuePause | null>>({});

export function setVenuePause(venueId: string, pause: VenuePause | null | undefined): void {
  const current = $venuePauses.get();
  if ((current[venueId] ?? null) === (pause ?? null)) return;
  $venuePauses.set({ ...current, [venueId]: pause ?? null });
}

/** The pause that stops this venue's pickup and delivery orders now (all of its away modes), if any. */
export function awayPause(
  venue: { id: string; orderModes?: readonly OrderMode[] | undefined },
  pauses: Record<string, VenuePause | null>,
  now: number,
): VenuePause | undefined {
  const pause = activePause({ pause: pauses[venue.id] ?? undefined }, now);
  if (!pause) return undefined;
  const away = (venue.orderModes ?? ['pickup', 'delivery']).filter((mode) => mode !== 'table');
  return away.length > 0 && away.every((mode) => pause.modes.includes(mode)) ? pause : undefined;
}

/**
 * «El local no acepta pedidos para llevar hasta las 21:30» in the page's language (its inline catalogue,
 * `pause` component), the time in the venue's zone (named when the phone's zone differs).
 */
export function pauseText(pause: VenuePause, timezone: string): string {
  const lang = pageLanguage();
  const kind = pauseKind(pause.modes);
  const time = pause.until ? formatVenueTime(pause.until, lang, timezone) : undefined;
  const words = pageWords('pause');
  const text = words?.[`${kind}${time ? 'Until' : 'Now'}`];
  return text ? fill(text, { time: time ?? '' }) : PAUSE_MESSAGES.paused(kind, time);
}
