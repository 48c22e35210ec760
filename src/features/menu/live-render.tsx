/**
 * A newer version of a prerendered venue's menu, rendered over the page's static HTML: the
 * header (name, tagline, address, hours), the category tabs and the cards, by the same
 * components that prerendered them (so the page reads as if built from that version). Loaded by
 * the page's own script (page-duties.ts) only when the API answers a version the page does not
 * show: a diner whose menu did not move never loads React for it.
 *
 * Each part is rendered into a detached element and its (static) copy replaces the part on the
 * page; nothing stays mounted, so the page's other scripts (filters, scroll-spy, the island's
 * click handling) keep working on plain DOM as they do on the prerendered HTML.
 */
import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { Venue } from '../../contract/venue.ts';
import { CategoryNav } from './CategoryNav.tsx';
import { MenuSections } from './MenuSections.tsx';
import { VenueHeader } from './VenueHeader.tsx';
import { MENU_RENDERED_EVENT } from './live-events.ts';
import { localizeVenue, textLanguages } from './localize.ts';
import { $language } from '../../lib/i18n.ts';
import { pageTitle, TITLE_SUFFIX } from '../../contract/page-title.ts';

function replace(target: Element | null, node: ReactNode): void {
  if (!target) return;
  const holder = document.createElement('div');
  const root = createRoot(holder);
  flushSync(() => root.render(node));
  const fresh = [...holder.childNodes].map((n) => n.cloneNode(true));
  root.unmount();
  target.replaceWith(...fresh);
}

/** How many of the cards and headings from the top of the reading area are remembered (any of them may be gone from the newer version). */
const PLACE_MARKS = 8;

interface Mark {
  id: string;
  top: number;
}

/**
 * Where the diner is reading: the category headings and cards from the first one not under the
 * sticky header and tabs on, with their distance from the top of the window. Nothing at the top
 * of the page (the page stays at its top).
 */
function readingPlace(): Mark[] {
  if (scrollY <= 0) return [];
  const floor = document.querySelector('.category-nav')?.getBoundingClientRect().bottom ?? 0;
  const marks: Mark[] = [];
  for (const el of document.querySelectorAll<HTMLElement>('#menu-sections h2[id], #menu-sections article[id]')) {
    const box = el.getBoundingClientRect();
    if (box.height === 0 || box.bottom <= floor) continue;
    marks.push({ id: el.id, top: box.top });
    if (marks.length === PLACE_MARKS) break;
  }
  return marks;
}

/** How long the place is held after the menu was replaced, unless the diner scrolls first. */
const HOLD_MS = 1_000;
const DINER_SCROLLS = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

/**
 * The same place after the menu was replaced: the first remembered heading or card still on the
 * page goes back where it was, and is held there while the new cards take their sizes (a card
 * lays out at its placeholder height, `contain-intrinsic-size`, until it nears the window). The
 * browser's own scroll anchoring cannot do it, its anchor having been replaced, and a change
 * above the place (a dish added or removed, a longer description) would move what the diner
 * reads away.
 */
function keepPlace(marks: readonly Mark[]): void {
  const mark = marks.find(({ id }) => (document.getElementById(id)?.getBoundingClientRect().height ?? 0) > 0);
  if (!mark) return;
  const pin = () => {
    const el = document.getElementById(mark.id);
    if (!el) return;
    const shift = el.getBoundingClientRect().top - mark.top;
    if (Math.abs(shift) >= 1) scrollBy({ top: shift, behavior: 'instant' });
  };
  pin();
  if (typeof ResizeObserver === 'undefined') return;
  // Run after each layout that resized a part of the menu, before it is painted.
  const observer = new ResizeObserver(pin);
  for (const part of document.querySelectorAll(
    '#venue-header, .category-nav, #menu-sections, section[data-category-id]',
  ))
    observer.observe(part);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    for (const type of DINER_SCROLLS) removeEventListener(type, stop, true);
  };
  const timer = setTimeout(stop, HOLD_MS);
  for (const type of DINER_SCROLLS) addEventListener(type, stop, { capture: true, passive: true });
}

export function renderMenu(original: Venue, apiBase: string): void {
  const place = readingPlace();
  // In the page's language, as the build rendered it (docs/architecture.md#languages).
  const venue = localizeVenue(original, $language.get());
  const langs = textLanguages(original, $language.get());
  const header = document.getElementById('venue-header');
  // The week's hours stay open if the diner opened them.
  const hoursOpen = header?.querySelector('details')?.open ?? false;
  replace(header, <VenueHeader venue={venue} apiBase={apiBase} langs={langs} />);
  if (hoursOpen) document.querySelector<HTMLDetailsElement>('#venue-header details')?.setAttribute('open', '');
  replace(document.querySelector('.category-nav'), <CategoryNav categories={venue.categories} langs={langs} />);
  replace(document.getElementById('menu-sections'), <MenuSections venue={venue} apiBase={apiBase} langs={langs} />);
  if (document.title.endsWith(TITLE_SUFFIX)) document.title = pageTitle(venue.name);
  // The island applies the diner's filters again on it, a render later: the hold below covers that too.
  document.dispatchEvent(new CustomEvent(MENU_RENDERED_EVENT, { detail: { updatedAt: venue.updatedAt } }));
  keepPlace(place);
}
