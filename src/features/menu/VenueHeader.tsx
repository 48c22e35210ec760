/**
 * Venue header: logo, name, tagline, address and the week's hours. "Open now"
 * depends on the clock, so the page's script (page-duties.ts) fills `#venue-open-status` after load;
 * its line is reserved here so nothing moves when it appears.
 */
import { mdiClockOutline, mdiMapMarker } from './icon-paths.ts';
import type { Venue } from '../../contract/venue.ts';
import { WEEKDAYS } from '../../contract/hours.ts';
import { Icon } from './Icon.tsx';
import { resolveMedia } from './media.ts';
import { fallbackLang, type TextLanguages } from '../../contract/languages.ts';
import { menuMessages } from './messages.ts';

export function VenueHeader({ venue, apiBase, langs }: { venue: Venue; apiBase: string; langs?: TextLanguages }) {
  const words = menuMessages.get();
  return (
    <header id="venue-header" className="flex items-start gap-3">
      {venue.logo && (
        <div
          className="size-16 shrink-0 overflow-hidden rounded-box"
          style={{ backgroundColor: venue.logo.placeholder ?? '#e5e7eb' }}
        >
          <img
            src={resolveMedia(venue.logo.src, apiBase)}
            width={venue.logo.width}
            height={venue.logo.height}
            alt={venue.logo.alt ?? words.logoOf({ name: venue.name })}
            className="size-full object-cover"
            decoding="async"
          />
        </div>
      )}
      <div className="min-w-0 flex-1">
        <h1 className="text-2xl font-bold leading-tight">{venue.name}</h1>
        <p className="text-base-content/80" lang={fallbackLang(venue, 'tagline', langs)}>
          {venue.tagline}
        </p>
        <p className="mt-1 flex items-start gap-1 text-sm min-h-10" aria-live="polite">
          <Icon path={mdiClockOutline} className="size-4 shrink-0 mt-0.5" />
          <span id="venue-open-status" data-timezone={venue.timezone}>
            {words.hours}
          </span>
        </p>
        <p className="flex items-start gap-1 text-sm text-base-content/80">
          <Icon path={mdiMapMarker} className="size-4 shrink-0 mt-0.5" />
          <span>{venue.address}</span>
        </p>
        {/* Filled while the venue has paused new orders (pause-banner.ts). */}
        <p
          id="venue-pause"
          role="status"
          hidden
          className="mt-1 rounded-box border border-warning bg-warning/15 p-3 text-sm"
          data-testid="venue-pause"
        />
        <details className="text-sm mt-1">
          <summary className="cursor-pointer min-h-11 inline-flex items-center underline">{words.weekHours}</summary>
          <table className="mt-1">
            <caption className="sr-only">{words.hoursCaption({ city: venue.city })}</caption>
            <tbody>
              {WEEKDAYS.map((day) => {
                const intervals = venue.hours[day] ?? [];
                return (
                  <tr key={day}>
                    <th scope="row" className="pr-3 text-left font-medium">
                      {words[day]}
                    </th>
                    <td>
                      {intervals.length === 0 ? words.closed : intervals.map((i) => `${i.open}–${i.close}`).join(', ')}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </details>
      </div>
    </header>
  );
}
