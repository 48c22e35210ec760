/**
 * A prerendered venue page's own script (no React; asked for after the first paint): the menu's
 * duties (page-duties.ts) and, when what is stored needs React at once — a cart to count on the
 * header's button, a seat at this venue's table — waking the page's `client:touch` islands
 * without waiting for the diner to touch the page. The page's menu file is kept with the page
 * (src/shell/sw-keep.ts), from the visit that installs the service worker on: the dialog and
 * search work offline next time, before the diner has tapped anything.
 */
import { wakeIslands } from '../../lib/wake.ts';
import { keepForNextVisit } from '../../shell/sw-keep.ts';
import { MENUS_CACHE } from '../../shell/sw-caches.ts';
import { storedCartLines } from '../cart/stored.ts';
import { tableHinted } from '../table-session/hint.ts';
import { startMenuDuties } from './page-duties.ts';
import { readPageFacts } from './venue-facts.ts';

const facts = readPageFacts();
if (facts) {
  startMenuDuties({ venueId: facts.id, facts, etag: facts.etag });
  if (storedCartLines(facts.id) > 0 || tableHinted(facts.id)) wakeIslands();
  keepForNextVisit([{ url: `/menus/${encodeURIComponent(facts.id)}.json`, cache: MENUS_CACHE }]);
}
