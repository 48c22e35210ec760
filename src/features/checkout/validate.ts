/**
 * Pure checkout validation (docs/rules.md#cart-checkout-and-orders,
 * docs/rules.md#limits-and-bad-input): per-field Spanish messages in the order the
 * fields appear, plus the order-level refusals (closed, below minimum, offline, too
 * many lines) that block `Confirmar pedido`.
 */
import { LIMITS, isValidPhone } from '../../contract/limits.ts';
import type { OrderInput, PaymentMethod, TipInput } from '../../contract/order.ts';
import type { OrderMode, Venue } from '../../contract/venue.ts';
import { minimumMessage, minimumShortfall, type MinimumShortfall, type MoneyStyle } from '../../contract/minimum.ts';
import { formatMoneyText, parseMoneyText } from '../../contract/money-text.ts';
import { currencyDigits } from '../../contract/money-format.ts';
import { TEXT_MESSAGES, cleanText, hasLetterOrDigit } from '../../contract/text.ts';

export interface CheckoutForm {
  mode: OrderMode | '';
  table: string;
  name: string;
  phone: string;
  address: string;
  note: string;
  /** `0`, `10`, `15` (percent) or `custom` (amount typed in `tipCustom`). */
  tip: '0' | '10' | '15' | 'custom';
  tipCustom: string;
  payment: PaymentMethod | '';
}

export const FIELD_ORDER = ['mode', 'table', 'name', 'phone', 'address', 'note', 'tip', 'payment'] as const;
export type CheckoutField = (typeof FIELD_ORDER)[number];
export type CheckoutErrors = Partial<Record<CheckoutField, string>>;

export type VenueForCheckout = Pick<Venue, 'orderModes' | 'tables'>;

export const EMPTY_FORM: CheckoutForm = {
  mode: '', table: '', name: '', phone: '', address: '', note: '', tip: '0', tipCustom: '', payment: '',
};

/**
 * The modes the ordinary checkout offers: pickup and delivery as the venue has them. A table
 * is chosen only by its QR link, whose page orders through the table session (src/features/table).
 */
export function checkoutModes(venue: Pick<Venue, 'orderModes'>): OrderMode[] {
  return venue.orderModes.filter((mode) => mode !== 'table');
}

/** Initial form for a venue: the only mode when there is one. */
export function initialForm(venue: VenueForCheckout, name = ''): CheckoutForm {
  const form: CheckoutForm = { ...EMPTY_FORM, name };
  const modes = checkoutModes(venue);
  if (modes.length === 1) form.mode = modes[0] ?? '';
  return form;
}

/** How the venue writes money: typed amounts are read in its locale (src/contract/money-text.ts). */
export interface MoneyLocale { currency: string; locale: string }

/** The tip as the API takes it, or null while a typed amount is not a valid one. */
export function tipChoiceOf(form: Pick<CheckoutForm, 'tip' | 'tipCustom'>, money: MoneyLocale): TipInput | null {
  if (form.tip === 'custom') {
    const read = parseMoneyText(form.tipCustom, money.currency, money.locale);
    return 'value' in read ? { amount: read.value } : null;
  }
  return { percent: Number(form.tip) };
}

export function validateCheckout(form: CheckoutForm, venue: VenueForCheckout, money: MoneyLocale): CheckoutErrors {
  const errors: CheckoutErrors = {};
  if (!form.mode || !checkoutModes(venue).includes(form.mode)) {
    errors.mode = 'Elige cómo quieres recibir tu pedido.';
  }
  // Counted and checked as the API keeps them (src/contract/text.ts).
  const name = cleanText(form.name);
  if (form.name.trim() !== '' && !hasLetterOrDigit(name)) errors.name = TEXT_MESSAGES.nameNeedsLetters;
  else if (name.length < LIMITS.nameMin) errors.name = 'Escribe tu nombre.';
  else if (name.length > LIMITS.nameMax) errors.name = `El nombre no puede pasar de ${LIMITS.nameMax} caracteres.`;

  const phone = cleanText(form.phone);
  if (!phone) errors.phone = 'Escribe tu teléfono.';
  else if (!isValidPhone(phone)) {
    errors.phone = 'Teléfono no válido: usa de 7 a 20 dígitos; puedes poner + al inicio, espacios y guiones.';
  }
  if (form.mode === 'delivery') {
    const address = cleanText(form.address, { multiline: true });
    if (!address) errors.address = 'Escribe la dirección de entrega.';
    else if (address.length > LIMITS.addressMax) {
      errors.address = `La dirección no puede pasar de ${LIMITS.addressMax} caracteres.`;
    }
  }
  if (form.note.length > LIMITS.orderNoteMax) {
    errors.note = `La nota no puede pasar de ${LIMITS.orderNoteMax} caracteres (tiene ${form.note.length}).`;
  }
  if (form.tip === 'custom' && tipChoiceOf(form, money) === null) {
    errors.tip = currencyDigits(money.currency) > 0
      ? `Escribe una propina válida, por ejemplo 20 o ${formatMoneyText(2_050, money.currency, money.locale)}.`
      : 'Escribe una propina válida, por ejemplo 2000.';
  }
  if (form.payment !== 'cash' && form.payment !== 'card') errors.payment = 'Elige cómo vas a pagar.';
  return errors;
}

export function firstInvalidField(errors: CheckoutErrors): CheckoutField | null {
  return FIELD_ORDER.find((field) => errors[field] !== undefined) ?? null;
}

export interface CartLineForOrder {
  productId: string;
  optionIds: string[];
  quantity: number;
  note?: string | undefined;
  unitPrice: number;
}

export type Blocker =
  | { kind: 'empty' }
  | { kind: 'closed' }
  | { kind: 'offline' }
  | { kind: 'tooManyLines'; count: number }
  | { kind: 'badQuantity' }
  | ({ kind: 'belowMinimum' } & MinimumShortfall);

/** Reasons the order cannot be placed right now, in the order they should be told. */
export function orderBlockers(input: {
  lines: readonly CartLineForOrder[];
  subtotal: number;
  minOrder?: number | undefined;
  /** The chosen mode: the minimum is for pickup and delivery only. */
  mode?: OrderMode | '';
  openNow: boolean;
  online: boolean;
}): Blocker[] {
  const blockers: Blocker[] = [];
  if (input.lines.length === 0) blockers.push({ kind: 'empty' });
  if (!input.online) blockers.push({ kind: 'offline' });
  if (!input.openNow) blockers.push({ kind: 'closed' });
  if (input.lines.length > LIMITS.linesPerOrder) blockers.push({ kind: 'tooManyLines', count: input.lines.length });
  if (input.lines.some((l) => !Number.isInteger(l.quantity) || l.quantity < LIMITS.quantityMin || l.quantity > LIMITS.quantityMax)) {
    blockers.push({ kind: 'badQuantity' });
  }
  const shortfall = input.lines.length > 0 ? minimumShortfall(input.minOrder, input.mode ?? '', input.subtotal) : null;
  if (shortfall) blockers.push({ kind: 'belowMinimum', ...shortfall });
  return blockers;
}

/** What a refusal says to the diner, in the venue's currency and locale. */
export function blockerText(blocker: Blocker, style: MoneyStyle): string {
  switch (blocker.kind) {
    case 'empty': return 'Tu carrito está vacío. Añade algo del menú para hacer un pedido.';
    case 'offline': return 'Sin conexión: no podemos enviar tu pedido ahora. Tu carrito y tus datos se guardan; vuelve a intentarlo cuando tengas conexión.';
    case 'closed': return 'El local está cerrado ahora y no acepta pedidos. Tu carrito se guarda para cuando abra.';
    case 'tooManyLines': return `Un pedido admite como máximo ${LIMITS.linesPerOrder} líneas; el tuyo tiene ${blocker.count}. Elimina alguna para continuar.`;
    case 'badQuantity': return `Cada producto admite de ${LIMITS.quantityMin} a ${LIMITS.quantityMax} unidades. Revisa las cantidades.`;
    case 'belowMinimum': return minimumMessage(blocker, style);
  }
}

/** The body of `POST /orders`: ids and quantities only, plus the total the diner saw. */
export function buildOrderInput(
  venueId: string,
  form: CheckoutForm,
  lines: readonly CartLineForOrder[],
  tip: TipInput,
  expectedTotal: number,
  /** The diner's interface language, recorded on the order. */
  language?: string,
): OrderInput {
  const mode = form.mode as OrderMode;
  const address = cleanText(form.address, { multiline: true });
  const note = cleanText(form.note, { multiline: true });
  return {
    venueId,
    mode,
    customer: {
      name: cleanText(form.name),
      phone: cleanText(form.phone),
      ...(mode === 'delivery' ? { address } : {}),
    },
    ...(note ? { note } : {}),
    tip,
    payment: form.payment as PaymentMethod,
    lines: lines.map((l) => ({
      productId: l.productId,
      optionIds: [...l.optionIds],
      quantity: l.quantity,
      ...(l.note ? { note: l.note } : {}),
    })),
    expectedTotal,
    ...(language ? { language } : {}),
  };
}

/** Maps a 422 problem's `errors` (e.g. `customer.phone`) onto form fields. */
export function fieldErrorsFromProblem(errors: Record<string, string[]> | undefined): CheckoutErrors {
  const mapped: CheckoutErrors = {};
  if (!errors) return mapped;
  const paths: Record<string, CheckoutField> = {
    mode: 'mode', table: 'table', 'customer.name': 'name', 'customer.phone': 'phone',
    'customer.address': 'address', note: 'note', tip: 'tip', payment: 'payment',
  };
  for (const [path, messages] of Object.entries(errors)) {
    const field = paths[path] ?? paths[path.split('.').slice(0, 2).join('.')] ?? paths[path.split('.')[0] ?? ''];
    if (field && !mapped[field]) mapped[field] = messages[0] ?? 'Revisa este dato.';
  }
  return mapped;
}
