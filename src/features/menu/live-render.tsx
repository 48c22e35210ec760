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


function replace(target: Element | null, node: ReactNode): void {
  if (!target) return;
  const holder = document.createElement('div');
  const root = createRoot(holder);
  flushSync(() => root.render(node));
  const fresh = [...holder.childNodes].map((n) => n.cloneNode(true));
  root.unmount();
  target.replaceWith(...fresh);
}

export function renderMenu(original: Venue, apiBase: string): void {
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
  if (document.title.endsWith(' - umenu-ui')) document.title = `${venue.name} - umenu-ui`;
  document.dispatchEvent(new CustomEvent(MENU_RENDERED_EVENT, { detail: { updatedAt: venue.updatedAt } }));
}
