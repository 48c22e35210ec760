/**
 * The order pages' words (docs/architecture.md#languages): Spanish here, the others in
 * src/i18n/{lang}.json. The status and mode names are the contract's in Spanish (the board uses them).
 */
import {
  ORDER_MODE_LABELS,
  ORDER_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  orderStatusLabel,
  orderStatusSentence,
} from '../../contract/labels.ts';
import { count, messages, params } from '../../lib/i18n.ts';

export const orderMessages = messages('orders', {
  received: ORDER_STATUS_LABELS.received,
  preparing: ORDER_STATUS_LABELS.preparing,
  ready: ORDER_STATUS_LABELS.ready,
  delivered: ORDER_STATUS_LABELS.delivered,
  pickedUp: orderStatusLabel('delivered', 'pickup'),
  cancelled: ORDER_STATUS_LABELS.cancelled,
  nowReceived: orderStatusSentence('received', 'pickup'),
  nowPreparing: orderStatusSentence('preparing', 'pickup'),
  nowReady: orderStatusSentence('ready', 'pickup'),
  nowDelivered: orderStatusSentence('delivered', 'delivery'),
  nowPickedUp: orderStatusSentence('delivered', 'pickup'),
  nowCancelled: orderStatusSentence('cancelled', 'pickup'),
  table: ORDER_MODE_LABELS.table,
  pickup: ORDER_MODE_LABELS.pickup,
  delivery: ORDER_MODE_LABELS.delivery,
  cash: PAYMENT_METHOD_LABELS.cash,
  card: PAYMENT_METHOD_LABELS.card,
  online: PAYMENT_METHOD_LABELS.online,
  products: count({ one: '{count} producto', many: '{count} productos' }),
  // `/pedidos/ver`
  pageTitle: 'Tu pedido',
  pageDescription: 'Sigue tu pedido en vivo.',
  loading: 'Cargando tu pedido…',
  cannotShow: 'No podemos mostrar el pedido',
  missingId: 'Falta el número de pedido en la dirección. Búscalo en Mis pedidos.',
  notFound: 'No encontramos ese pedido. Revisa el enlace o búscalo en Mis pedidos.',
  otherAccount: 'Este pedido es de otra cuenta. Inicia sesión con la cuenta con la que lo hiciste.',
  order: params('Pedido {number}'),
  atTable: params('Mesa {table}'),
  status: 'Estado:',
  live: 'Se actualiza en vivo.',
  auto: 'Se actualiza automáticamente.',
  tracking: 'Seguimiento',
  upcoming: ' (pendiente)',
  current: ' (estado actual)',
  yourOrder: 'Tu pedido',
  note: 'Nota:',
  orderNote: 'Nota del pedido:',
  subtotal: 'Subtotal',
  tip: 'Propina',
  deliveryFee: 'Envío',
  total: 'Total',
  call: params('Llamar al {phone}'),
  map: ' (mapa, se abre en otra pestaña)',
  seeMenu: 'Ver el menú',
  allOrders: 'Todos mis pedidos',
  seeMyOrders: 'Ver mis pedidos',
  // `/pedidos`
  myOrders: 'Mis pedidos',
  myOrdersDescription: 'Tus pedidos en umenu: sigue los que están en curso y repite los de siempre.',
  loadingList: 'Cargando tus pedidos…',
  none: 'Aún no has hecho ningún pedido',
  findVenue: 'Buscar un local',
  orderAt: params('Pedido {number} · {venue}'),
  seeOrder: 'Ver pedido',
  repeat: 'Repetir pedido',
  repeatNumber: params('Repetir pedido {number}'),
  open: 'En curso',
  past: 'Historial',
  nothingLeft: 'Nada de este pedido está disponible ahora.',
  noLongerAvailable: params('Ya no está disponible: {items}.'),
  cartFull: params('Tu carrito ya tenía el máximo de {max} líneas: no cabía todo.'),
  statusToast: params('Pedido {number}: {status}'),
  zone: params('hora de {city}'),
  savedTitle: 'Pedidos guardados en este teléfono',
  savedHint: params('Sin conexión. Así estaban tus pedidos el {when}; su estado puede haber cambiado.'),
  saved: 'Guardado',
  retry: 'Reintentar',
  // `/pedidos` without an account: what this phone keeps
  signInHint: 'Inicia sesión para ver tus pedidos en todos tus dispositivos.',
  signIn: 'Iniciar sesión',
  onThisPhone: 'En este teléfono',
  onThisPhoneHint: 'Lo que pediste en la mesa desde este teléfono, tal como lo vio por última vez.',
  noneHere: 'Aún no hay pedidos en este teléfono',
});

type Words = ReturnType<typeof orderMessages.get>;
type Status = 'received' | 'preparing' | 'ready' | 'delivered' | 'cancelled';

/** The status word of an order of this mode, in the page's language: a pickup order ends `Recogido`. */
export function statusWord(words: Words, status: Status, mode: string): string {
  return status === 'delivered' && mode === 'pickup' ? words.pickedUp : words[status];
}

/** What the diner reads when the status changes (`Tu pedido está listo`), in the page's language. */
export function statusSentence(words: Words, status: Status, mode: string): string {
  if (status === 'delivered') return mode === 'pickup' ? words.nowPickedUp : words.nowDelivered;
  const key = `now${status[0]!.toUpperCase()}${status.slice(1)}` as
    'nowReceived' | 'nowPreparing' | 'nowReady' | 'nowCancelled';
  return words[key];
}
