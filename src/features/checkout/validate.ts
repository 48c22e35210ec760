/**
 * Pure checkout validation (docs/rules.md#cart-checkout-and-orders,
 * docs/rules.md#limits-and-bad-input): per-field Spanish messages in the order the
 * fields appear, plus the order-level refusals (closed, below minimum, offline, too
 * many lines) that block `Confirmar pedido`.
 */
import { isOnlineChoice, methodOf, type OnlineChoice } from './online.ts';
import { LIMITS, isValidPhone } from '../../contract/limits.ts';
import type { OrderInput, PaymentMethod, TipInput } from '../../contract/order.ts';
import type { OrderMode, Venue } from '../../contract/venue.ts';
import { minimumShortfall, type MinimumShortfall, type MoneyStyle } from '../../contract/minimum.ts';
import { formatMoney } from '../../contract/money-format.ts';
import { formatMoneyText, parseMoneyText } from '../../contract/money-text.ts';
import { currencyDigits } from '../../contract/money-format.ts';
import { cleanText, hasLetterOrDigit } from '../../contract/text.ts';
import { pageLanguage } from '../../lib/page-language.ts';
import { checkoutMessages } from './messages.ts';

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
  /** Pay at the venue (`cash`, `card`) or now from the phone (src/features/checkout/online.ts). */
  payment: PaymentMethod | OnlineChoice | '';
}

export const FIELD_ORDER = ['mode', 'table', 'name', 'phone', 'address', 'note', 'tip', 'payment'] as const;
export type CheckoutField = (typeof FIELD_ORDER)[number];
export type CheckoutErrors = Partial<Record<CheckoutField, string>>;

export type VenueForCheckout = Pick<Venue, 'orderModes' | 'tables'>;

export const EMPTY_FORM: CheckoutForm = {
  mode: '',
  table: '',
  name: '',
  phone: '',
  address: '',
  note: '',
  tip: '0',
  tipCustom: '',
  payment: '',
};

/**
 * The modes the ordinary checkout offers: pickup and delivery as the venue has them. A table
 * is chosen only by its QR link, whose page orders through the table session (src/features/table-session).
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
export interface MoneyLocale {
  currency: string;
  locale: string;
}

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
  const words = checkoutMessages.get();
  if (!form.mode || !checkoutModes(venue).includes(form.mode)) {
    errors.mode = words.chooseMode;
  }
  // Counted and checked as the API keeps them (src/contract/text.ts).
  const name = cleanText(form.name);
  if (form.name.trim() !== '' && !hasLetterOrDigit(name)) errors.name = words.nameLetters;
  else if (name.length < LIMITS.nameMin) errors.name = words.nameRequired;
  else if (name.length > LIMITS.nameMax) errors.name = words.nameTooLong({ max: String(LIMITS.nameMax) });

  const phone = cleanText(form.phone);
  if (!phone) errors.phone = words.phoneRequired;
  else if (!isValidPhone(phone)) {
    errors.phone = words.phoneInvalid;
  }
  if (form.mode === 'delivery') {
    const address = cleanText(form.address, { multiline: true });
    if (!address) errors.address = words.addressRequired;
    else if (address.length > LIMITS.addressMax) {
      errors.address = words.addressTooLong({ max: String(LIMITS.addressMax) });
    }
  }
  if (form.note.length > LIMITS.orderNoteMax) {
    errors.note = words.noteTooLong({ max: String(LIMITS.orderNoteMax), length: String(form.note.length) });
  }
  if (form.tip === 'custom' && tipChoiceOf(form, money) === null) {
    errors.tip =
      currencyDigits(money.currency) > 0
        ? words.tipInvalid({ example: formatMoneyText(2_050, money.currency, money.locale) })
        : words.tipInvalidWhole;
  }
  if (form.payment !== 'cash' && form.payment !== 'card' && !isOnlineChoice(form.payment))
    errors.payment = words.choosePayment;
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
  /** A set menu's chosen dishes (src/contract/order.ts). */
  choices?: { courseId: string; productId: string; optionIds: string[]; note?: string }[] | undefined;
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
  if (
    input.lines.some(
      (l) => !Number.isInteger(l.quantity) || l.quantity < LIMITS.quantityMin || l.quantity > LIMITS.quantityMax,
    )
  ) {
    blockers.push({ kind: 'badQuantity' });
  }
  const shortfall = input.lines.length > 0 ? minimumShortfall(input.minOrder, input.mode ?? '', input.subtotal) : null;
  if (shortfall) blockers.push({ kind: 'belowMinimum', ...shortfall });
  return blockers;
}

/** What a refusal says to the diner, in the venue's currency and locale. */
export function blockerText(blocker: Blocker, style: MoneyStyle): string {
  const words = checkoutMessages.get();
  const money = (minor: number) => formatMoney(minor, style.currency, style.locale);
  switch (blocker.kind) {
    case 'empty':
      return words.empty;
    case 'offline':
      return words.offline;
    case 'closed':
      return words.closed;
    case 'tooManyLines':
      return words.tooManyLines({ max: String(LIMITS.linesPerOrder), count: String(blocker.count) });
    case 'badQuantity':
      return words.badQuantity({ min: String(LIMITS.quantityMin), max: String(LIMITS.quantityMax) });
    // The server words its own refusal alike (src/contract/minimum.ts).
    case 'belowMinimum':
      return words.minimum({ minimum: money(blocker.minOrder), missing: money(blocker.missing) });
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
    ...(isOnlineChoice(form.payment)
      ? { payment: 'online' as const, onlineMethod: methodOf(form.payment) }
      : { payment: form.payment as PaymentMethod }),
    lines: lines.map((l) => ({
      productId: l.productId,
      optionIds: [...l.optionIds],
      quantity: l.quantity,
      ...(l.note ? { note: l.note } : {}),
      ...(l.choices?.length ? { choices: l.choices.map((c) => ({ ...c, optionIds: [...c.optionIds] })) } : {}),
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
    mode: 'mode',
    table: 'table',
    'customer.name': 'name',
    'customer.phone': 'phone',
    'customer.address': 'address',
    note: 'note',
    tip: 'tip',
    payment: 'payment',
  };
  for (const [path, messages] of Object.entries(errors)) {
    const field = paths[path] ?? paths[path.split('.').slice(0, 2).join('.')] ?? paths[path.split('.')[0] ?? ''];
    // The API words its field errors in Spanish: another language's page asks to check the field.
    if (field && !mapped[field])
      mapped[field] = (pageLanguage() === 'es' ? messages[0] : undefined) ?? checkoutMessages.get().checkField;
  }
  return mapped;
}
