/**
 * Venue search on `/`: the first screen of venues is server-rendered (from the
 * build's API, `HOME_PAGE_SIZE` of them however many venues there are); typing
 * (or `/?q=`) asks `GET /venues?q=&limit=` and shows the matches, with the count
 * announced; «Ver más restaurantes» loads the next page of the list shown.
 */
import { homeMessages } from './home-messages.ts';
import { useEffect, useRef, useState } from 'react';
import type { VenueSummary } from '../../contract/venue.ts';
import { useHydrated } from '../../lib/hydrated.ts';
import { searchVenues } from './api.ts';
import { VenueList } from './VenueList.tsx';
import { useApiBase } from './media.ts';

/** The `/?q=` the page was opened with (read once: typing rewrites the address). */
let addressQuery: string | undefined;
function initialQuery(): string {
  addressQuery ??= new URL(location.href).searchParams.get('q') ?? '';
  return addressQuery;
}

/** "3 restaurantes", or "Mostrando 12 de 1003 restaurantes" while more are a «Ver más» away. */
function countText(shown: number, total: number): string {
  const words = homeMessages.get();
  return shown < total ? words.showing({ shown, total }) : words.venues(total);
}

export default function HomeSearch({
  initialVenues,
  initialTotal = initialVenues.length,
  apiBase: buildApiBase,
}: {
  initialVenues: VenueSummary[];
  initialTotal?: number;
  apiBase: string;
}) {
  const words = homeMessages.get();
  const apiBase = useApiBase(buildApiBase);
  const hydrated = useHydrated();
  // Until the diner types, the box shows the address's `q` (only known in the browser, once hydrated).
  const [typed, setQuery] = useState<string | null>(null);
  const query = typed ?? (hydrated ? initialQuery() : '');
  const [venues, setVenues] = useState(initialVenues);
  const [total, setTotal] = useState(initialTotal);
  // Loading from the start: the list is refreshed once hydrated (the server HTML shows no status).
  const [searchStatus, setStatus] = useState<'idle' | 'loading' | 'more' | 'error'>('loading');
  const status = hydrated ? searchStatus : 'idle';
  const [searched, setSearched] = useState('');
  const seq = useRef(0);
  const debounce = useRef<number | undefined>(undefined);

  /** Asks for the venues matching `q` and shows them, unless a newer search has started. */
  const search = (q: string): Promise<void> => {
    const mine = ++seq.current;
    return searchVenues(q).then(
      ({ venues: found, total: matching }) => {
        if (mine !== seq.current) return;
        setVenues(found);
        setTotal(matching);
        setSearched(q.trim());
        setStatus('idle');
      },
      () => {
        if (mine === seq.current) setStatus('error');
      },
    );
  };
  const run = (q: string) => {
    setStatus('loading');
    void search(q);
  };
  const listRef = useRef<HTMLDivElement>(null);
  /** After «Ver más»: the index of the first venue added, focused once drawn. */
  const focusAt = useRef<number | null>(null);
  useEffect(() => {
    if (focusAt.current === null) return;
    listRef.current?.querySelectorAll('a')[focusAt.current]?.focus();
    focusAt.current = null;
  }, [venues]);
  /** The next page of the list shown (the search's matches, or every venue); focus moves to its first venue. */
  const more = () => {
    // A click during the refresh that follows hydration (replayed by `client:touch`) wins over it.
    if (searchStatus === 'more') return;
    const mine = ++seq.current;
    const shown = venues.length;
    setStatus('more');
    searchVenues(searched, shown).then(
      ({ venues: next, total: matching }) => {
        if (mine !== seq.current) return;
        const known = new Set(venues.map((v) => v.id));
        setVenues([...venues, ...next.filter((v) => !known.has(v.id))]);
        setTotal(matching);
        setStatus('idle');
        // Reading goes on at the first venue added.
        focusAt.current = shown;
      },
      () => {
        if (mine === seq.current) setStatus('error');
      },
    );
  };

  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // The island hydrates on the first interaction (`client:touch`): words typed into the
    // prerendered box by then are kept and searched.
    const early = inputRef.current?.value.trim() ?? '';
    if (early && early !== initialQuery()) {
      setQuery(inputRef.current?.value ?? early);
      void search(early);
      return;
    }
    void search(initialQuery()); // also refreshes the build-time list (status: loading from the start)
  }, []);

  useEffect(() => {
    const q = query;
    const timer = window.setTimeout(() => {
      const url = new URL(location.href);
      if (q.trim()) url.searchParams.set('q', q.trim());
      else url.searchParams.delete('q');
      history.replaceState(history.state, '', url.pathname + url.search);
    }, 300);
    return () => window.clearTimeout(timer);
  }, [query]);

  return (
    // A build without venues (no API at build time): the list comes from the API, so wake at once.
    <section
      aria-labelledby="home-venues-title"
      className="mt-6"
      data-wake={initialVenues.length === 0 ? '' : undefined}
    >
      <form
        role="search"
        action="/"
        method="get"
        onSubmit={(e) => {
          e.preventDefault();
          run(query);
        }}
        className="flex gap-2"
      >
        <label htmlFor="home-search" className="sr-only">
          {words.searchLabel}
        </label>
        <input
          ref={inputRef}
          id="home-search"
          name="q"
          type="search"
          className="input min-h-11 flex-1"
          placeholder={words.searchPlaceholder}
          value={query}
          autoComplete="off"
          onChange={(e) => {
            setQuery(e.target.value);
            const q = e.target.value;
            window.clearTimeout(debounce.current);
            debounce.current = window.setTimeout(() => run(q), 200);
          }}
        />
        <button type="submit" className="btn btn-neutral min-h-11">
          {words.search}
        </button>
      </form>
      <h2 id="home-venues-title" className="mt-4 text-xl font-bold">
        {searched ? words.resultsFor({ query: searched }) : words.featured}
      </h2>
      <p role="status" className="min-h-6 text-sm text-base-content/80">
        {status === 'loading'
          ? words.searching
          : status === 'more'
            ? words.loadingMore
            : status === 'error'
              ? words.failed
              : searched
                ? total === 0
                  ? words.none
                  : countText(venues.length, total)
                : venues.length < total
                  ? countText(venues.length, total)
                  : ''}
      </p>
      <div className="mt-2" ref={listRef}>
        <VenueList venues={venues} apiBase={apiBase} eager />
      </div>
      {venues.length < total && (
        // Not `disabled` while loading: the button keeps the focus (the status line says what happens).
        <button
          type="button"
          className="btn btn-neutral mt-4 min-h-11"
          aria-disabled={status === 'more' ? true : undefined}
          onClick={more}
        >
          {words.more}
        </button>
      )}
    </section>
  );
}
