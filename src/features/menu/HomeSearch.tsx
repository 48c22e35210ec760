/**
 * Venue search on `/`: the featured venues are server-rendered (from the
 * build's API); typing (or `/?q=`) asks `GET /venues?q=` and shows the
 * matches, with the count announced.
 */
import { useEffect, useRef, useState } from 'react';
import type { VenueSummary } from '../../contract/venue.ts';
import { searchVenues } from './api.ts';
import { VenueList } from './VenueList.tsx';
import { useApiBase } from './media.ts';

export default function HomeSearch({ initialVenues, apiBase: buildApiBase }: { initialVenues: VenueSummary[]; apiBase: string }) {
  const apiBase = useApiBase(buildApiBase);
  const [query, setQuery] = useState('');
  const [venues, setVenues] = useState(initialVenues);
  const [status, setStatus] = useState<'idle' | 'loading' | 'error'>('idle');
  const [searched, setSearched] = useState('');
  const seq = useRef(0);
  const debounce = useRef<number | undefined>(undefined);

  const run = async (q: string) => {
    const mine = ++seq.current;
    setStatus('loading');
    try {
      const { venues: found } = await searchVenues(q);
      if (mine !== seq.current) return;
      setVenues(found);
      setSearched(q.trim());
      setStatus('idle');
    } catch {
      if (mine === seq.current) setStatus('error');
    }
  };

  useEffect(() => {
    const q = new URL(location.href).searchParams.get('q') ?? '';
    if (q) setQuery(q);
    void run(q); // also refreshes the build-time list
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
    <section aria-labelledby="home-venues-title" className="mt-6">
      <form
        role="search"
        action="/"
        method="get"
        onSubmit={(e) => {
          e.preventDefault();
          void run(query);
        }}
        className="flex gap-2"
      >
        <label htmlFor="home-search" className="sr-only">Buscar restaurantes por nombre, ciudad o cocina</label>
        <input
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
            debounce.current = window.setTimeout(() => void run(q), 200);
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
