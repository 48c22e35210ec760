/**
 * The words of a set menu's line in the carts (docs/architecture.md#languages): Spanish here, the
 * others in src/i18n/{lang}.json. Only the lazily loaded carts import them.
 */
import { messages, params } from '../../lib/i18n.ts';

export const setLineMessages = messages('setLine', {
  /** The list of a set line's chosen dishes: «Platos elegidos de Menú del día». */
  choicesOf: params('Platos elegidos de {name}'),
  edit: 'Cambiar platos',
  /** Its accessible name holds the visible words first. */
  editOf: params('Cambiar platos: {name}'),
});
