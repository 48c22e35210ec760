/** The cart's words (docs/architecture.md#languages): Spanish here, the others in src/i18n/{lang}.json. */
import { count, messages, params } from '../../lib/i18n.ts';

export const cartMessages = messages('cart', {
  buttonEmpty: 'Carrito, vacío',
  button: count({ one: 'Carrito, {count} producto', many: 'Carrito, {count} productos' }),
  title: 'Tu carrito',
  confirmTitle: 'Confirmar pedido',
  close: 'Cerrar carrito',
  empty: 'Tu carrito está vacío',
  emptyHint: params('Añade platos del menú de {venue} para hacer tu pedido.'),
  seeMenu: 'Ver el menú',
  lines: 'Productos en tu carrito',
  subtotal: 'Subtotal',
  order: 'Hacer pedido',
  /** Under the subtotal while the venue's minimum is not reached (src/contract/minimum.ts). */
  minimum: params('Pedido mínimo {minimum}: te faltan {missing}'),
  units: count({ one: '{count} unidad', many: '{count} unidades' }),
  removedLive: params('{name} eliminado del carrito'),
  removed: params('Eliminado: {name}'),
  undo: 'Deshacer',
  restored: params('{name} vuelve a estar en el carrito'),
  note: 'Nota:',
  each: params('{price} c/u'),
  soldOut: 'Agotado: elimínalo para poder pedir',
  gone: 'Ya no está en el menú: elimínalo para poder pedir',
  priceChanged: params('El precio cambió: ahora {price} c/u'),
  usePrice: 'Usar el precio nuevo',
  usePriceOf: params('Usar el precio nuevo de {name}'),
  lineTotal: params('Total de la línea: {price}'),
  quantityOf: params('Cantidad de {name}'),
  lessOf: params('Quitar una unidad de {name}'),
  moreOf: params('Añadir una unidad de {name}'),
  remove: 'Eliminar',
  removeOf: params('Eliminar {name}'),
  /** A dish refused because the cart is full ({max}: LIMITS.linesPerOrder). */
  full: params('Tu carrito ya tiene {max} líneas. Envía este pedido o quita alguna línea para añadir más.'),
});
