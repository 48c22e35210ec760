/**
 * A prerendered venue page's own script (no React; asked for after the first paint): the menu's
 * duties (page-duties.ts) and, when what is stored needs React at once — a cart to count on the
 * header's button, a seat at this venue's table — waking the page's `client:touch` islands
 * without waiting for the diner to touch the page.
 */
import { wakeIslands } from '../../lib/wake.ts';
import { storedCartLines } from '../cart/stored.ts';
import { tableHinted } from '../table-session/hint.ts';
import { startMenuDuties } from './page-duties.ts';
import { readPageFacts } from './venue-facts.ts';

const facts = readPageFacts();
if (facts) {
  startMenuDuties({ venueId: facts.id, facts, etag: facts.etag });
  if (storedCartLines(facts.id) > 0 || tableHinted(facts.id)) wakeIslands();
}
