/** The venue's stations by name, each a link to its kitchen display (the current one marked). */
import type { Station } from '../../contract/venue.ts';

export const kitchenHref = (venueId: string, station: string) =>
  `/panel/cocina?venue=${encodeURIComponent(venueId)}&estacion=${encodeURIComponent(station)}`;

export function StationNav({
  venueId,
  stations,
  current,
}: {
  venueId: string;
  stations: readonly Station[];
  current?: string;
}) {
  return (
    <nav aria-label="Estaciones" data-testid="kitchen-stations">
      <ul className="flex flex-wrap gap-2">
        {stations.map((station) => (
          <li key={station.id}>
            <a
              href={kitchenHref(venueId, station.id)}
              aria-current={station.id === current ? 'page' : undefined}
              className={`btn min-h-11 ${station.id === current ? 'btn-primary' : 'btn-outline'}`}
            >
              {station.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
