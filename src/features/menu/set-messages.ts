/**
 * The set menu dialog's words (docs/architecture.md#languages): Spanish here, the others in
 * src/i18n/{lang}.json. Only the lazily loaded dialog imports them.
 */
import { messages, params } from '../../lib/i18n.ts';

export const setMessages = messages('sets', {
  /** A course's legend: «Primer plato: elige 1». */
  legend: params('{course}: {rule}'),
  pickOne: 'elige 1',
  pickN: params('elige {n}'),
  pickRange: params('elige de {min} a {max}'),
  pickOptional: params('opcional, hasta {max}'),
  step: params('Paso {n} de {total}'),
  summary: 'Resumen',
  included: 'Incluido',
  next: 'Siguiente',
  back: 'Atrás',
  total: 'Total',
  /** A course still missing its dishes: «Elige en «Primer plato»». */
  missingCourse: params('Elige en «{course}»'),
  /** A picked dish still missing an option: «Entrecot: elige Punto de la carne». */
  missingOptions: params('{dish}: elige {groups}'),
  addToCart: params('Añadir al carrito · {price}'),
  save: params('Guardar cambios · {price}'),
  nothing: 'Nada',
  unavailableNow: 'Ahora no se sirve',
  optionsOf: params('Opciones de {dish}'),
});
