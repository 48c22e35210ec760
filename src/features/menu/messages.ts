/**
 * The menu's words (docs/architecture.md#languages): Spanish here, the other languages in
 * src/i18n/{lang}.json. The allergen names follow EU Regulation 1169/2011 in each language.
 */
import { ALLERGEN_LABELS, TAG_LABELS } from '../../contract/menu-labels.ts';
import { count, messages, params } from '../../lib/i18n.ts';

export const menuMessages = messages('menu', {
  hours: 'Horario',
  weekHours: 'Ver horario de la semana',
  hoursCaption: params('Horario (hora local de {city})'),
  closed: 'Cerrado',
  mon: 'Lunes',
  tue: 'Martes',
  wed: 'Miércoles',
  thu: 'Jueves',
  fri: 'Viernes',
  sat: 'Sábado',
  sun: 'Domingo',
  logoOf: params('Logo de {name}'),
  availableBetween: params('Disponible de {from} a {until}'),
  categories: 'Categorías',
  add: 'Añadir',
  soldOut: 'Agotado',
  allergens: 'Alérgenos',
  search: 'Buscar en el menú',
  searchPlaceholder: 'Buscar platos',
  filters: 'Filtros',
  diet: 'Dieta',
  withoutAllergens: 'Sin alérgenos',
  without: params('Sin {allergen}'),
  clearFilters: 'Quitar filtros',
  noMatch: 'Ningún plato coincide',
  dishes: count({ one: '{count} plato', many: '{count} platos' }),
  addedToCart: 'Añadido al carrito',
  addedToTableCart: 'Añadido al carrito de la mesa',
  close: 'Cerrar',
  allergensLabel: 'Alérgenos: ',
  noneDeclared: 'no declara',
  quantity: 'Cantidad',
  decrease: 'Disminuir cantidad',
  increase: 'Aumentar cantidad',
  kitchenNote: 'Nota para la cocina (opcional)',
  notePlaceholder: 'Ej.: sin cebolla',
  characters: ' caracteres',
  choose: params('Elige: {groups}'),
  addToCart: params('Añadir al carrito · {price}'),
  required: 'Obligatorio',
  optionSoldOut: ' (agotado)',
  optionContains: params(' · contiene {allergens}'),
  chooseOne: 'Elige 1',
  optionalOne: 'Opcional, elige 1 como máximo',
  chooseN: params('Elige {n}'),
  chooseRange: params('Elige de {min} a {max}'),
  optionalUpTo: params('Opcional, hasta {max}'),
  openNow: 'Abierto ahora',
  openUntil: params('Abierto ahora · cierra a las {time}'),
  closedOpensAt: params('Cerrado · abre a las {time}'),
  closedNow: 'Cerrado ahora',
  todayClosed: 'Hoy cerrado',
  todayAllDay: 'Hoy abierto 24 horas',
  today: params('Hoy {hours}'),
  pageDescription: params('{name}: {tagline}. Consulta el menú y pide desde tu mesa.'),
});

/** The diet tags and the EU-14 allergens, in the interface's language. */
export const labelMessages = messages('labels', {
  // The Spanish names are the contract's (the editor and the board use them too).
  ...TAG_LABELS,
  coeliac: 'Apto para celíacos',
  ...ALLERGEN_LABELS,
});

/** An allergen's name inside a sentence ("Contiene huevo"): lower case, but German keeps its nouns capitalised. */
export function inSentence(label: string, lang: string): string {
  return lang === 'de' ? label : label.toLowerCase();
}
