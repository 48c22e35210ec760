/**
 * The home page's own script (no React; asked for after the first paint): the page's
 * `client:touch` islands are woken at once when a returning diner has recent venues to list or
 * the address asks for a search (`/?q=`); otherwise they wait for the first interaction (the
 * venue list is static HTML, and the search form works without them).
 */
import { wakeIslands } from '../../lib/wake.ts';
import { $recentVenues } from './recent.ts';

if ($recentVenues.get().length > 0 || new URL(location.href).searchParams.get('q')) wakeIslands();
