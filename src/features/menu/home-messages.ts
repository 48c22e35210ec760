/** The home page's words (docs/architecture.md#languages): Spanish here, the others in src/i18n/{lang}.json. */
import { count, messages, params } from '../../lib/i18n.ts';

/** The home page's venue search and the recently visited venues. */
export const homeMessages = messages('home', {
  searchLabel: 'Buscar restaurantes por nombre, ciudad o cocina',
  searchPlaceholder: 'Ej.: tacos, Bogotá, tapas',
  search: 'Buscar',
  resultsFor: params('Resultados para «{query}»'),
  featured: 'Restaurantes destacados',
  searching: 'Buscando…',
  loadingMore: 'Cargando más restaurantes…',
  failed: 'No se pudo buscar. Comprueba tu conexión e inténtalo de nuevo.',
  none: 'No encontramos restaurantes con esa búsqueda.',
  showing: params('Mostrando {shown} de {total} restaurantes'),
  venues: count({ one: '{count} restaurante', many: '{count} restaurantes' }),
  more: 'Ver más restaurantes',
  recent: 'Visitados recientemente',
});

/** A venue's page in the page's language: `/{id}` in its own, `/{lang}/{id}` in another. */
export function venueHref(venue: { id: string; locale: string }, lang: string): string {
  return lang === venue.locale.split('-')[0] ? `/${venue.id}` : `/${lang}/${venue.id}`;
}
