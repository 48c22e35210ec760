import * as z from 'zod/mini';
import { LIMITS, isValidPhone } from './limits.ts';
import { OrderMode } from './venue.ts';
import { cleanLine, cleanNote, needsLetterOrDigit } from './text.ts';
import { SET_LIMITS } from './set-menu.ts';

export const ORDER_STATUSES = ['received', 'preparing', 'ready', 'delivered', 'cancelled'] as const;
export const PAYMENT_METHODS = ['cash', 'card'] as const;

/** Legal status transitions (docs/rules.md#cart-checkout-and-orders): cancel only before `preparing`. */
export const STATUS_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  received: ['preparing', 'cancelled'],
  preparing: ['ready'],
  ready: ['delivered'],
  delivered: [],
  cancelled: [],
};

export const OrderStatus = z.enum(ORDER_STATUSES);
export const PaymentMethod = z.enum(PAYMENT_METHODS);
/** How a pickup or delivery order is paid: at the counter (`cash`, `card`) or from the phone (`online`, docs/rules.md#paying-from-the-phone). */
export const ORDER_PAYMENTS = [...PAYMENT_METHODS, 'online'] as const;
export const OrderPayment = z.enum(ORDER_PAYMENTS);

/** A set menu's choice on a line (src/contract/set-menu.ts): which course, which dish, its options and note. */
export const SetLineChoiceInput = z.strictObject({
  courseId: z.string().check(z.minLength(1), z.maxLength(100)),
  productId: z.string().check(z.minLength(1), z.maxLength(100)),
  optionIds: z.array(z.string().check(z.maxLength(100))).check(z.maxLength(50)),
  note: z.optional(z.string().check(cleanNote(), z.maxLength(LIMITS.lineNoteMax))),
});

export const OrderLineInput = z.strictObject({
  productId: z.string().check(z.minLength(1), z.maxLength(100)),
  optionIds: z.array(z.string().check(z.maxLength(100))).check(z.maxLength(50)),
  quantity: z.int().check(z.minimum(LIMITS.quantityMin), z.maximum(LIMITS.quantityMax)),
  /** Cleaned (src/contract/text.ts) before its length is checked. */
  note: z.optional(z.string().check(cleanNote(), z.maxLength(LIMITS.lineNoteMax))),
  /** A set menu's choices (its `optionIds` is then empty); absent or empty for any other dish. */
  choices: z.optional(z.array(SetLineChoiceInput).check(z.maxLength(SET_LIMITS.lineChoicesMax))),
});

/** Tip: either a percentage (0–100) of the subtotal or a fixed amount in minor units. */
export const TipInput = z.union([
  z.strictObject({ percent: z.int().check(z.minimum(0), z.maximum(LIMITS.tipPercentMax)) }),
  z.strictObject({ amount: z.int().check(z.minimum(0), z.maximum(100_000_000)) }),
]);

/** Body of `POST /orders`. Strict: a client cannot send prices; `expectedTotal`
 * is only compared, never used. */
export const OrderInput = z.strictObject({
  venueId: z.string(),
  mode: OrderMode,
  table: z.optional(z.string().check(z.minLength(1), z.maxLength(20))),
  customer: z.strictObject({
    // Names, addresses and notes are cleaned (src/contract/text.ts) before their lengths are checked.
    name: z.string().check(needsLetterOrDigit(), cleanLine(), z.minLength(LIMITS.nameMin), z.maxLength(LIMITS.nameMax)),
    // A phone copied from a contact may carry direction marks around it.
    phone: z.string().check(cleanLine(), z.refine(isValidPhone, 'Teléfono no válido')),
    address: z.optional(z.string().check(cleanNote(), z.maxLength(LIMITS.addressMax))),
  }),
  note: z.optional(z.string().check(cleanNote(), z.maxLength(LIMITS.orderNoteMax))),
  tip: TipInput,
  /** Required for pickup and delivery; a table round has none. */
  payment: z.optional(OrderPayment),
  /** With `payment: "online"`: `card` (the default), or `bizum` at a venue paid through Redsys. */
  onlineMethod: z.optional(z.enum(['card', 'bizum'])),
  lines: z.array(OrderLineInput).check(z.minLength(1), z.maxLength(LIMITS.linesPerOrder)),
  expectedTotal: z.int().check(z.minimum(0)),
  /** The diner's interface language (docs/architecture.md#languages); the order's words stay the venue's. */
  language: z.optional(z.string().check(z.regex(/^[a-z]{2,3}$/))),
  /** Pickup and delivery (src/contract/pickup.ts): a slot's `start` as the slots list gives it, or «lo antes posible». */
  pickupAt: z.optional(z.string().check(z.maxLength(40))),
  asap: z.optional(z.literal(true)),
});

/** A priced set choice: the dish, its course in the set, its options; its supplement (its own price never counts). */
export const OrderLineChoice = z.object({
  courseId: z.string(),
  /** The set's course's name («Segundo plato»). */
  courseName: z.string(),
  productId: z.string(),
  name: z.string(),
  supplement: z.int(),
  options: z.array(z.object({ id: z.string(), name: z.string(), priceDelta: z.int() })),
  note: z.optional(z.string()),
  /**
   * How many of the line's sets had this dish voided after it was sent (docs/rules.md#the-floor): its
   * supplement and its options' deltas come off the line's `lineTotal`; the set's price stays.
   */
  voided: z.optional(z.int()),
});

export const OrderLine = z.object({
  productId: z.string(),
  name: z.string(),
  options: z.array(z.object({ id: z.string(), name: z.string(), priceDelta: z.int() })),
  note: z.optional(z.string()),
  quantity: z.int(),
  unitPrice: z.int(),
  lineTotal: z.int(),
  /** Who at the table added it (rounds of a table session). */
  by: z.optional(z.string()),
  /** A member of staff added it (the floor): `by` names them («Luis · camarero»); the reports count it as theirs. */
  byStaff: z.optional(z.boolean()),
  /** The participant who added it (rounds of a table session; for the bill per person). */
  participantId: z.optional(z.string()),
  /** The table-cart line it was sent from (rounds of a table session; the bill's `cartLineId`). */
  cartLineId: z.optional(z.string()),
  /** Whom at the table it is for, as the waiter who added it said («Comensal 2»): the bill can split by it. */
  guest: z.optional(z.string()),
  /** A set menu: its chosen dishes (`unitPrice` is the set's price + supplements + their options' deltas). */
  choices: z.optional(z.array(OrderLineChoice)),
  /** A set menu's fixed dishes (bread, the house drink), at no price. */
  included: z.optional(z.array(z.object({ productId: z.string(), name: z.string() }))),
  /**
   * How many of `quantity` staff voided after it was sent (docs/rules.md#the-floor); `lineTotal` is then
   * `unitPrice` × (`quantity` − `voided`), and the order's subtotal and total follow.
   */
  voided: z.optional(z.int()),
});

export const StatusChange = z.object({ status: OrderStatus, at: z.string() });

export const Order = z.object({
  id: z.string(),
  number: z.string(),
  venueId: z.string(),
  venueName: z.string(),
  mode: OrderMode,
  table: z.optional(z.string()),
  status: OrderStatus,
  history: z.array(StatusChange),
  customer: z.object({ name: z.string(), phone: z.string(), address: z.optional(z.string()) }),
  note: z.optional(z.string()),
  /** How a pickup or delivery order is paid; a table round has none (the bill is paid at the end). */
  payment: z.optional(OrderPayment),
  /**
   * `payment: online`, in the answer that creates the order: where the phone pays it (a GET, or a form POSTed with
   * `fields`) and the page it comes back to (`/pago/{paymentId}`); the order reaches the kitchen once it is paid.
   */
  onlinePayment: z.optional(
    z.object({
      paymentId: z.string(),
      redirect: z.object({
        url: z.string(),
        method: z.enum(['GET', 'POST']),
        fields: z.optional(z.record(z.string(), z.string())),
      }),
    }),
  ),
  lines: z.array(OrderLine),
  subtotal: z.int(),
  tip: z.int(),
  deliveryFee: z.int(),
  total: z.int(),
  currency: z.string(),
  /** The venue's IANA time zone when the order was placed: its times are shown in it. */
  timezone: z.optional(z.string()),
  /** The language the diner ordered in (the board tags it, "EN"); dish names stay in the venue's. */
  language: z.optional(z.string()),
  /** The pickup slot's start (pickup and delivery), or `asap` for «lo antes posible» (src/contract/pickup.ts). */
  pickupAt: z.optional(z.string()),
  asap: z.optional(z.boolean()),
  /** When it should be ready (ISO): the slot's start, or the kitchen's quote; staff may move it. */
  readyBy: z.optional(z.string()),
  createdAt: z.string(),
});

export const OrderList = z.object({ orders: z.array(Order) });
export const StatusInput = z.strictObject({ status: OrderStatus });

/** A line whose server price differs from what the client was shown (409 body `changes`). */
export const PriceChange = z.object({
  index: z.int(),
  productId: z.string(),
  name: z.string(),
  expectedUnitPrice: z.optional(z.int()),
  unitPrice: z.int(),
  quantity: z.int(),
});

/** How a status reads inside a sentence («Un pedido recibido no puede pasar a listo»). */
const STATUS_IN_SENTENCE: Record<OrderStatus, string> = {
  received: 'recibido',
  preparing: 'en preparación',
  ready: 'listo',
  delivered: 'entregado',
  cancelled: 'cancelado',
};

/** Messages the orders API answers with (problem `detail`, field errors) and the client may show as they are. */
export const ORDER_MESSAGES = {
  productGone: 'Este producto ya no existe en el menú.',
  optionRepeated: 'Una opción está repetida.',
  optionUnknown: 'Una de las opciones elegidas no existe.',
  chooseExactly: (count: number, group: string) =>
    `Elige ${count === 1 ? 'una opción' : `${count} opciones`} en «${group}».`,
  chooseAtLeast: (count: number, group: string) => `Elige al menos ${count} en «${group}».`,
  chooseAtMost: (count: number, group: string) => `Elige como máximo ${count} en «${group}».`,
  modeNotAccepted: 'Este local no acepta pedidos de este tipo.',
  tableMissing: 'Indica tu mesa.',
  tableUnknown: 'Esa mesa no existe en este local.',
  addressMissing: 'Indica la dirección de entrega.',
  paymentMissing: 'Elige cómo vas a pagar.',
  checkOrder: 'Revisa los datos del pedido.',
  venueClosed: (venue: string) => `${venue} está cerrado ahora. Consulta el horario y vuelve a intentarlo cuando abra.`,
  unavailable: (names: string) => `Ya no está disponible: ${names}. Quítalo del carrito para continuar.`,
  /** The field error of a line that is no longer available. */
  lineUnavailable: 'No disponible',
  pricesChanged: 'Algunos precios han cambiado desde que viste el menú. Revisa el nuevo total y confirma el pedido.',
  keyReusedOtherOrder:
    'Ya enviaste un pedido con esta clave y otros datos. Revisa «Mis pedidos» antes de pedir de nuevo.',
  tooManyOrders: (wait: string) => `Has hecho demasiados pedidos en poco tiempo. Podrás pedir de nuevo en ${wait}.`,
  venueUnknown: 'Ese local no existe.',
  venueUnknownField: 'Local no encontrado',
  alreadySending: 'Este pedido ya se está enviando. Espera un momento y revisa «Mis pedidos».',
  orderNotFound: 'Ese pedido no existe.',
  notYourOrder: 'No encontramos ese pedido en tu cuenta.',
  transitionRefused: (from: OrderStatus, to: OrderStatus) =>
    `Un pedido ${STATUS_IN_SENTENCE[from]} no puede pasar a ${STATUS_IN_SENTENCE[to]}.`,
  /** What `Idempotency-Key` identifies on `POST /orders` (PROBLEM_MESSAGES.idempotencyKeyMissing). */
  idempotencyKeyOf: 'este pedido',
  staffOnly: 'Solo el personal de este local puede ver sus pedidos.',
  staffChangesStatus: 'Solo el personal del local puede cambiar el estado del pedido.',
  statusInvalid: (statuses: readonly string[]) => `Estado no válido. Usa: ${statuses.join(', ')}.`,
  statusInvalidField: 'Estado no válido',
} as const;

export type OrderStatus = z.infer<typeof OrderStatus>;
export type PaymentMethod = z.infer<typeof PaymentMethod>;
export type OrderPayment = z.infer<typeof OrderPayment>;
export type OrderLineInput = z.infer<typeof OrderLineInput>;
export type SetLineChoiceInput = z.infer<typeof SetLineChoiceInput>;
export type TipInput = z.infer<typeof TipInput>;
export type OrderInput = z.infer<typeof OrderInput>;
export type OrderLine = z.infer<typeof OrderLine>;
export type OrderLineChoice = z.infer<typeof OrderLineChoice>;
export type Order = z.infer<typeof Order>;
export type PriceChange = z.infer<typeof PriceChange>;
