/** A list of venues as links to their menus (home search results, featured venues). */
import type { VenueSummary } from '../../contract/venue.ts';
import { resolveMedia } from './media.ts';
import { venueHref } from './home-messages.ts';
import { $language } from '../../lib/i18n.ts';

/** "Pizzería Nueva" → "PN"; one word → its first two letters ("Ñandú" → "ÑA"). */
export function venueInitials(name: string): string {
  const words = name
    .trim()
    .split(/\s+/)
    .filter((w) => /^\p{L}|^\p{N}/u.test(w) && !/^(de|del|la|las|el|los|y)$/i.test(w));
  const letters =
    words.length > 1 ? `${[...words[0]!][0]}${[...words[1]!][0]}` : [...(words[0] ?? '?')].slice(0, 2).join('');
  return letters.toUpperCase();
}

export function VenueList({
  venues,
  apiBase,
  eager = false,
}: {
  venues: readonly VenueSummary[];
  apiBase: string;
  eager?: boolean;
}) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {venues.map((v) => (
        <li key={v.id}>
          <a
            href={venueHref(v, $language.get())}
            className="flex min-h-11 items-center gap-3 rounded-box bg-base-100 p-3 shadow-sm hover:bg-base-300/40 focus-visible:outline-2"
          >
            <span
              className="grid size-14 shrink-0 place-items-center overflow-hidden rounded-box"
              style={{ backgroundColor: v.logo?.placeholder ?? '#00798b' }}
            >
              {v.logo ? (
                <img
                  src={resolveMedia(v.logo.src, apiBase)}
                  width={v.logo.width}
                  height={v.logo.height}
                  alt=""
                  className="size-full object-cover"
                  loading={eager ? 'eager' : 'lazy'}
                  decoding="async"
                />
              ) : (
                // Like the demo venues' logos: the name's initials on the brand's secondary colour.
                <span aria-hidden="true" className="text-xl font-bold text-white" data-testid="venue-initials">
                  {venueInitials(v.name)}
                </span>
              )}
            </span>
            <span className="min-w-0">
              <span className="block font-semibold">{v.name}</span>
              <span className="block text-sm text-base-content/80">
                {v.city} · {v.cuisine}
              </span>
              <span className="block text-sm text-base-content/80 line-clamp-1">{v.tagline}</span>
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
