/** A list of venues as links to their menus (home search results, featured venues). */
import type { VenueSummary } from '../../contract/venue.ts';
import { resolveMedia } from './media.ts';

export function VenueList({ venues, apiBase, eager = false }: { venues: readonly VenueSummary[]; apiBase: string; eager?: boolean }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {venues.map((v) => (
        <li key={v.id}>
          <a href={`/${v.id}`} className="flex min-h-11 items-center gap-3 rounded-box bg-base-100 p-3 shadow-sm hover:bg-base-300/40 focus-visible:outline-2">
            <span className="size-14 shrink-0 overflow-hidden rounded-box" style={{ backgroundColor: v.logo?.placeholder ?? '#dde3ea' }}>
              {v.logo && (
                <img src={resolveMedia(v.logo.src, apiBase)} width={v.logo.width} height={v.logo.height} alt="" className="size-full object-cover" loading={eager ? 'eager' : 'lazy'} decoding="async" />
              )}
            </span>
            <span className="min-w-0">
              <span className="block font-semibold">{v.name}</span>
              <span className="block text-sm text-base-content/80">{v.city} · {v.cuisine}</span>
              <span className="block text-sm text-base-content/80 line-clamp-1">{v.tagline}</span>
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
