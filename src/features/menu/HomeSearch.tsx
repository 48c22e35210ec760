/**
 * Venue search on `/`: the featured venues are server-rendered (from the
 * build's API); typing (or `/?q=`) asks `GET /venues?q=` and shows the
 * matches, with the count announced.
 */
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

export default function HomeSearch({ initialVenues, apiBase: buildApiBase }: { initialVenues: VenueSummary[]; apiBase: string }) {
  const apiBase = useApiBase(buildApiBase);
  const hydrated = useHydrated();
  // Until the diner types, the box shows the address's `q` (only known in the browser, once hydrated).
  const [typed, setQuery] = useState<string | null>(null);
  const query = typed ?? (hydrated ? initialQuery() : '');
  const [venues, setVenues] = useState(initialVenues);
  // Loading from the start: the list is refreshed once hydrated (the server HTML shows no status).
  const [searchStatus, setStatus] = useState<'idle' | 'loading' | 'error'>('loading');
  const status = hydrated ? searchStatus : 'idle';
  const [searched, setSearched] = useState('');
  const seq = useRef(0);
  const debounce = useRef<number | undefined>(undefined);

  /** Asks for the venues matching `q` and shows them, unless a newer search has started. */
  const search = (q: string): Promise<void> => {
    const mine = ++seq.current;
    return searchVenues(q).then(
      ({ venues: found }) => {
        if (mine !== seq.current) return;
        setVenues(found);
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
    <section aria-labelledby="home-venues-title" className="mt-6" data-wake={initialVenues.length === 0 ? '' : undefined}>
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
        <label htmlFor="home-search" className="sr-only">Buscar restaurantes por nombre, ciudad o cocina</label>
        <input
          ref={inputRef}
          id="home-search"
          name="q"
          type="search"
          className="input min-h-11 flex-1"
          placeholder="Ej.: tacos, Bogotá, tapas"
          value={query}
          autoComplete="off"
          onChange={(e) => {
            setQuery(e.target.value);
            const q = e.target.value;
            window.clearTimeout(debounce.current);
            debounce.current = window.setTimeout(() => run(q), 200);
          }}
        />
        <button type="submit" className="btn btn-neutral min-h-11">Buscar</button>
      </form>
      <h2 id="home-venues-title" className="mt-4 text-xl font-bold">
        {searched ? `Resultados para «${searched}»` : 'Restaurantes destacados'}
      </h2>
      <p role="status" className="min-h-6 text-sm text-base-content/80">
        {status === 'loading' ? 'Buscando…'
          : status === 'error' ? 'No se pudo buscar. Comprueba tu conexión e inténtalo de nuevo.'
          : searched ? (venues.length === 0 ? 'No encontramos restaurantes con esa búsqueda.' : venues.length === 1 ? '1 restaurante' : `${venues.length} restaurantes`)
          : ''}
      </p>
      <div className="mt-2">
        <VenueList venues={venues} apiBase={apiBase} eager />
      </div>
    </section>
  );
}
