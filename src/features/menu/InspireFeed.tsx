/**
 * `/inspire`: featured dishes (popular, new, per diet) across venues, each
 * linking into its venue's menu at the dish. Server-rendered from the build's
 * API; in the browser (on the first interaction, or at once when the build had
 * no data: `client:touch`, `data-wake`) it refreshes the venue list and, when
 * the build had no data (or a venue is new), fetches those menus and
 * recomputes the sections.
 */
import { useEffect, useState } from 'react';
import type { Venue } from '../../contract/venue.ts';
import { formatMoney } from '../../lib/money.ts';
import { fetchVenue, searchVenues } from './api.ts';
import { featuredSections, inspireMessages, type FeaturedSection } from './featured.ts';
import { resolveMedia, useApiBase } from './media.ts';
import { useStore } from '@nanostores/react';
import { $language } from '../../lib/i18n.ts';

export default function InspireFeed({
  initial,
  apiBase: buildApiBase,
  builtVenueIds,
}: {
  initial: FeaturedSection[];
  apiBase: string;
  builtVenueIds: string[];
}) {
  const apiBase = useApiBase(buildApiBase);
  const [sections, setSections] = useState(initial);
  const [failed, setFailed] = useState(false);
  const words = useStore(inspireMessages);

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      try {
        const { venues } = await searchVenues('');
        const missing = venues.filter((v) => !builtVenueIds.includes(v.id));
        if (missing.length === 0 && initial.length > 0) return;
        const ids = initial.length === 0 ? venues.map((v) => v.id) : missing.map((v) => v.id);
        const fetched: Venue[] = [];
        for (const id of ids) {
          const venue = await fetchVenue(id);
          if (venue) fetched.push(venue);
        }
        if (!cancelled && fetched.length > 0) {
          const fresh = featuredSections(fetched, 8, $language.get());
          setSections(initial.length === 0 ? fresh : mergeSections(initial, fresh));
        }
      } catch {
        if (!cancelled && initial.length === 0) setFailed(true);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [initial, builtVenueIds]); // island props: set once, so this runs once

  if (sections.length === 0) {
    return (
      // Nothing from the build: the dishes come from the API, so the island wakes at once (`client:touch`).
      <p role="status" className="mt-6" data-wake="">
        {failed ? words.failed : words.loading}
      </p>
    );
  }
  return (
    <div className="mt-6 flex flex-col gap-8">
      <nav aria-label={words.sections} className="-mx-3 overflow-x-auto px-3">
        <ul className="flex gap-1 whitespace-nowrap">
          {sections.map((s) => (
            <li key={s.id}>
              <a
                href={`#${s.id}`}
                className="inline-flex min-h-11 items-center rounded-full px-4 text-sm font-medium hover:bg-base-300"
              >
                {s.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {sections.map((section, si) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="scroll-mt-16">
          <h2 id={`${section.id}-title`} className="text-xl font-bold">
            {section.title}
          </h2>
          <p className="text-sm text-base-content/80">{section.description}</p>
          <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {section.dishes.map((d, di) => (
              <li key={`${d.venueId}/${d.productId}`}>
                <a
                  href={`${d.venuePath}#product-${d.productId}`}
                  className="flex h-full gap-3 rounded-box bg-base-100 p-3 shadow-sm hover:bg-base-300/40"
                >
                  <span
                    className="relative w-24 shrink-0 self-start aspect-[4/3] overflow-hidden rounded-lg"
                    style={{ backgroundColor: d.image?.placeholder ?? '#dde3ea' }}
                  >
                    {d.image && (
                      <img
                        src={resolveMedia(d.image.src, apiBase)}
                        width={d.image.width}
                        height={d.image.height}
                        alt=""
                        loading={si === 0 && di < 2 ? 'eager' : 'lazy'}
                        decoding="async"
                        className="absolute inset-0 size-full object-cover"
                      />
                    )}
                  </span>
                  <span className="flex min-w-0 flex-col">
                    <span className="font-semibold" lang={d.fallbackLang}>
                      {d.name}
                    </span>
                    <span className="text-sm text-base-content/80">
                      {words.at}
                      {d.venueName}
                    </span>
                    <span className="text-sm text-base-content/80 line-clamp-2" lang={d.fallbackLang}>
                      {d.description}
                    </span>
                    <span className="mt-1 font-semibold tabular-nums">
                      {formatMoney(d.price, d.currency, d.locale)}
                    </span>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function mergeSections(base: FeaturedSection[], extra: FeaturedSection[]): FeaturedSection[] {
  const byId = new Map(base.map((s) => [s.id, { ...s, dishes: [...s.dishes] }]));
  for (const s of extra) {
    const existing = byId.get(s.id);
    if (existing) existing.dishes.push(...s.dishes.slice(0, 2));
    else byId.set(s.id, s);
  }
  return [...byId.values()];
}
