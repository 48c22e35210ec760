/**
 * What a venue's menu does without React, from the first paint on: the open-now line (in the
 * venue's time zone, each minute), the visit record, the live menu (a newer version's prices and
 * availability applied to the static cards in place at once, then the whole newer version rendered
 * over the page by live-render.tsx) and the category tabs' scroll-spy. A
 * prerendered page runs it from its own script (menu-page.ts), so a diner who only reads the
 * menu never loads React; the fallback shell's island runs it for the cards it renders.
 * Each piece runs in an idle task of its own.
 */
import type { Venue } from '../../contract/venue.ts';
import { openState, openStatusText, setZoneOffsets, todayHours, type WeekHours } from '../../contract/hours.ts';
import type { HoursWords } from '../../contract/hours.ts';
import { displayLocale } from './localize.ts';
import { fill, pageLanguage, pageWords } from '../../lib/page-language.ts';

/**
 * The open-now line's words on a page in another language (its inline catalogue: no i18n runtime
 * on the first load); undefined on a Spanish page, whose words are the contract's.
 */
function hoursWords(): HoursWords | undefined {
  const w = pageWords('menu');
  if (!w) return undefined;
  const text = (key: string) => w[key] ?? '';
  return {
    todayClosed: text('todayClosed'),
    todayAllDay: text('todayAllDay'),
    today: (values) => fill(text('today'), values),
    openNow: text('openNow'),
    openUntil: (values) => fill(text('openUntil'), values),
    closedOpensAt: (values) => fill(text('closedOpensAt'), values),
    closedNow: text('closedNow'),
  };
}
import { clock } from '../../lib/clock.ts';
import { formatMoney } from '../../lib/money.ts';
import { whenIdle } from './idle.ts';
import { liveVenue } from './live-venue.ts';
import { runtimeApiBase } from './api.ts';
import { recordVisit } from './recent.ts';
import { menuShape, type VenueFacts } from './venue-facts.ts';
import { followPause } from './pause-banner.ts';

const $minute = clock(60_000);

export interface MenuDutiesStart {
  venueId: string;
  /** What the page knows at load: a prerendered page's facts, or the shell's whole venue. */
  facts: VenueFacts | Venue;
  /** The whole menu when the page has it (the fallback shell). */
  venue?: Venue;
  /** ETag of the version shown: the live menu's checks are conditional (304 = current). */
  etag?: string | null;
}

/** Starts the menu's duties; returns their stopper. */
export function startMenuDuties({ venueId, facts, venue, etag }: MenuDutiesStart): () => void {
  if ('zone' in facts) setZoneOffsets(facts.timezone, facts.zone);
  let when: { hours: WeekHours; timezone: string } = facts;
  let cancelLine = () => {};
  const showOpenNow = () => {
    cancelLine();
    // Without the build's offsets (the fallback shell), the first time-zone conversion loads the
    // zone's data (tens of ms on a phone): an idle task of its own.
    cancelLine = whenIdle(() => {
      const el = document.getElementById('venue-open-status');
      if (!el) return;
      const now = new Date($minute.get());
      const words = hoursWords();
      el.textContent = `${openStatusText(openState(when.hours, when.timezone, now), words)} · ${todayHours(when.hours, when.timezone, now, words)}`;
    });
  };
  const $live = liveVenue(venueId, {
    venue: venue ?? null,
    etag: etag ?? null,
    updatedAt: facts.updatedAt,
    soldOut: 'soldOut' in facts ? facts.soldOut : undefined,
  });
  let stopSpy: (() => void) | undefined;
  // A prerendered page shows the build's version (its facts' `updatedAt`); a newer one is
  // rendered over it (live-render.tsx). The fallback shell's React renders its own.
  // A version whose shape is the page's differs only in prices and availability, which
  // applyVenueToCards has written: no render (nor React) for it.
  let shown = facts.updatedAt;
  let shownShape = 'shape' in facts ? facts.shape : undefined;
  let rendering: Promise<void> = Promise.resolve();
  const renderNewest = () => {
    rendering = rendering
      .then(async () => {
        const newest = $live.get().venue;
        if (!newest || newest.updatedAt === shown) return;
        const shape = menuShape(newest);
        if (shape === shownShape) {
          shown = newest.updatedAt;
          return;
        }
        const [{ renderMenu }, apiBase] = await Promise.all([import('./live-render.tsx'), runtimeApiBase()]);
        const now = $live.get().venue;
        if (!now || now.updatedAt === shown) return;
        renderMenu(now, apiBase);
        shown = now.updatedAt;
        shownShape = menuShape(now);
        stopSpy?.();
        stopSpy = watchSections();
        showOpenNow();
      })
      .catch(() => {
        // The chunk could not be loaded (offline): the next version tries again.
      });
  };
  const stops = [
    $minute.subscribe(showOpenNow),
    whenIdle(() => recordVisit(facts)),
    $live.subscribe(({ venue: latest }) => {
      if (!latest || latest === venue) return;
      when = latest;
      applyVenueToCards(latest);
      recordVisit(latest);
      showOpenNow();
      if (!venue) renderNewest();
    }),
    whenIdle(() => {
      stopSpy = watchSections();
    }),
    followPause(venueId, facts.timezone, venue?.pause ?? facts.pause, $live),
  ];
  return () => {
    for (const stop of stops) stop();
    cancelLine();
    stopSpy?.();
  };
}

/**
 * Prices and availability of a newer version of the menu, applied to the static cards in place.
 * Only what changed is written: a write that changes nothing still costs the browser a restyle of
 * every card it touches (hundreds on a long menu).
 */
function applyVenueToCards(fresh: Venue) {
  for (const c of fresh.categories) {
    for (const p of c.products) {
      const card = document.getElementById(`product-${p.id}`);
      if (!card) continue;
      // The card's price in minor units: only a changed one is formatted again (the first money
      // formatter on a page loads the locale's data, milliseconds a menu that did not move need not spend).
      const price = card.querySelector<HTMLElement>('[data-price]');
      if (price && price.dataset.price !== String(p.price)) {
        price.textContent = formatMoney(p.price, fresh.currency, displayLocale(fresh, pageLanguage()));
        price.dataset.price = String(p.price);
      }
      const available = String(p.available);
      if (card.dataset.available === available) continue;
      card.dataset.available = available;
      const add = card.querySelector<HTMLElement>('[data-add]');
      const soldOut = card.querySelector<HTMLElement>('[data-sold-out]');
      if (add) add.hidden = !p.available;
      if (soldOut) soldOut.hidden = p.available;
    }
  }
}

/** Scroll-spy over the category sections; returns its stopper. */
function watchSections(): (() => void) | undefined {
  const sections = [...document.querySelectorAll<HTMLElement>('[data-category-id]')];
  if (sections.length === 0 || typeof IntersectionObserver === 'undefined') return;
  const visible = new Map<string, number>();
  let current = '';
  const setCurrent = (id: string) => {
    if (id === current) return;
    current = id;
    for (const link of document.querySelectorAll<HTMLAnchorElement>('.category-nav a')) {
      const on = link.getAttribute('href') === `#cat-${id}`;
      if (on) {
        link.setAttribute('aria-current', 'true');
        const strip = link.closest('.category-nav');
        if (strip) strip.scrollTo({ left: link.offsetLeft - 16, behavior: 'smooth' });
      } else link.removeAttribute('aria-current');
    }
  };
  const observer = new IntersectionObserver(
    (entries) => {
      for (const e of entries) {
        const id = (e.target as HTMLElement).dataset.categoryId ?? '';
        if (e.isIntersecting) visible.set(id, e.boundingClientRect.top);
        else visible.delete(id);
      }
      const first = sections.find((s) => visible.has(s.dataset.categoryId ?? ''));
      if (first) setCurrent(first.dataset.categoryId ?? '');
    },
    { rootMargin: '-180px 0px -55% 0px' },
  );
  for (const s of sections) observer.observe(s);
  return () => observer.disconnect();
}
