/**
 * The home page's own script (no React; asked for after the first paint): the page's
 * `client:touch` islands are woken at once when a returning diner has recent venues to list or
 * the address asks for a search (`/?q=`); otherwise they wait for the first interaction (the
 * venue list is static HTML, and the search form works without them) — unless the API lists
 * venues the built HTML does not show (a venue created after the build): then the list is
 * brought up to date on the first visit, not after a first scroll or tap.
 */
import { loadConfig } from '../../lib/config.ts';
import { wakeIslands } from '../../lib/wake.ts';
import { $recentVenues } from './recent.ts';
import { venueIdOfPath } from '../../contract/languages.ts';

/** The venue ids the page's built list links to. */
function builtIds(): Set<string> {
  const section = document.getElementById('home-venues-title')?.closest('section');
  // `/{id}`, or `/{lang}/{id}` on a page in another language.
  const ids = [...(section?.querySelectorAll<HTMLAnchorElement>('ul a[href^="/"]') ?? [])].map((a) =>
    venueIdOfPath(a.getAttribute('href')!),
  );
  return new Set(ids);
}

async function wakeWhenListChanged(): Promise<void> {
  try {
    const { apiBase } = await loadConfig();
    const response = await fetch(`${apiBase.replace(/\/+$/, '')}/venues`, { headers: { Accept: 'application/json' } });
    if (!response.ok) return;
    const { venues } = (await response.json()) as { venues?: { id?: unknown }[] };
    const built = builtIds();
    const current = (venues ?? []).map((v) => v.id).filter((id): id is string => typeof id === 'string');
    if (current.length !== built.size || current.some((id) => !built.has(id))) wakeIslands();
  } catch {
    // Offline or no API: the built list stays.
  }
}

if ($recentVenues.get().length > 0 || new URL(location.href).searchParams.get('q')) wakeIslands();
else void wakeWhenListChanged();
