/**
 * Client-side fallback for venues created after the build (served as
 * `venue-shell.html` for any `/{slug}`): reads the slug from the address,
 * checks it, fetches the venue and renders the same components as the
 * prerendered page. An invalid or unknown id shows the 404 view.
 */
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { liveVenue } from './live-venue.ts';
import { keepForNextVisit, keptMenu } from './kept.ts';
import type { Venue } from '../../contract/venue.ts';
import { isValidVenueId } from '../../contract/limits.ts';
import { ALLERGENS } from '../../contract/venue.ts';
import { VenueHeader } from './VenueHeader.tsx';
import { CategoryNav } from './CategoryNav.tsx';
import { MenuSections } from './MenuSections.tsx';
import MenuIsland from './MenuIsland.tsx';
import { allergensInMenu, buildIndex, dietsInMenu } from './filter.ts';
import { DIET_TAGS } from '../../contract/menu-labels.ts';
import { OrderDrawerLoader, checkoutVenueOf } from '../checkout/index.ts';
import { LoadError } from '../../shell/ui/LoadState.tsx';
import { Venue as VenueSchema } from '../../contract/venue.ts';
import { venueIdOfPath } from '../../contract/languages.ts';
import { $language } from '../../lib/i18n.ts';
import { pageMessages } from '../../shell/messages.ts';
import { localizeVenue, textLanguages } from './localize.ts';
import { pageTitle } from '../../contract/page-title.ts';

type State =
  | { kind: 'loading' }
  | { kind: 'ready'; venue: Venue; etag: string | null; apiBase: string }
  | { kind: 'failed'; message: string };

async function notFound(): Promise<void> {
  const { showErrorPage } = await import('../../shell/error-view.ts');
  const { NOT_FOUND_MESSAGE } = await import('../../shell/page-meta.ts');
  showErrorPage({ statusCode: 404, message: NOT_FOUND_MESSAGE });
}

export default function VenueShell() {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const id = decodeURIComponent(venueIdOfPath(location.pathname));
    if (!isValidVenueId(id)) {
      void notFound();
      return;
    }
    let cancelled = false;
    void (async () => {
      const [{ http, problemMessage }, { loadConfig }] = await Promise.all([
        import('../../lib/http.ts'),
        import('../../lib/config.ts'),
      ]);
      try {
        const config = await loadConfig();
        const fromNetwork = async () => {
          const response = await http.get(`venues/${encodeURIComponent(id)}`);
          const kept = response.clone();
          const loaded = { venue: VenueSchema.parse(await response.json()), etag: response.headers.get('etag') };
          keepForNextVisit(config.apiBase, id, kept);
          return loaded;
        };
        const { venue, etag } = (await keptMenu(config.apiBase, id)) ?? (await fromNetwork());
        if (cancelled) return;
        document.title = pageTitle(venue.name);
        setState({ kind: 'ready', venue, etag, apiBase: config.apiBase });
      } catch (error) {
        if (cancelled) return;
        const status = (error as { response?: Response }).response?.status;
        if (status === 404) void notFound();
        else setState({ kind: 'failed', message: problemMessage(error) });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  if (state.kind === 'loading') {
    return (
      <div aria-busy="true">
        <p className="sr-only" role="status">
          {pageMessages.get().loadingMenu}
        </p>
        <div className="h-24 animate-pulse rounded-box bg-base-300" />
        <div className="mt-4 h-11 animate-pulse rounded-box bg-base-300" />
        <div className="mt-6 grid gap-3 md:grid-cols-2">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="h-36 animate-pulse rounded-box bg-base-300" />
          ))}
        </div>
      </div>
    );
  }
  if (state.kind === 'failed') {
    return (
      <LoadError
        title={pageMessages.get().menuFailed}
        message={state.message}
        onRetry={() => {
          setState({ kind: 'loading' });
          setAttempt((a) => a + 1);
        }}
      />
    );
  }
  return <ShellMenu venue={state.venue} etag={state.etag} apiBase={state.apiBase} />;
}

/** The menu as loaded, then each newer version the live menu gets (page-duties.ts follows it). */
function ShellMenu({ venue: loaded, etag, apiBase }: { venue: Venue; etag: string | null; apiBase: string }) {
  const latest = useStore(liveVenue(loaded.id, { venue: loaded, etag })).venue;
  // The menu in the page's language (`/{lang}/{id}`), as a prerendered page shows it.
  const lang = $language.get();
  const venue = localizeVenue(latest ?? loaded, lang);
  const langs = textLanguages(loaded, lang);
  const island = localizeVenue(loaded, lang);
  useEffect(() => {
    document.title = pageTitle(venue.name);
  }, [venue.name]);
  const index = buildIndex(venue);
  const present = new Set(allergensInMenu(index));
  return (
    <>
      {/* The table session's bar (a table link), rendered here by the menu island. */}
      <div id="table-slot" />
      <VenueHeader venue={venue} apiBase={apiBase} langs={langs} />
      <div className="sticky top-14 z-20 -mx-3 mt-2 bg-base-200 px-3 shadow-[0_1px_0_var(--color-base-300)]">
        <MenuIsland
          venueId={loaded.id}
          currency={loaded.currency}
          locale={island.locale}
          apiBase={apiBase}
          diets={dietsInMenu(index, DIET_TAGS)}
          allergens={ALLERGENS.filter((a) => present.has(a))}
          venue={island}
        />
        <CategoryNav categories={venue.categories} langs={langs} />
      </div>
      <div className="mt-4">
        <MenuSections venue={venue} apiBase={apiBase} langs={langs} />
      </div>
      <OrderDrawerLoader venue={checkoutVenueOf(venue)} />
    </>
  );
}
