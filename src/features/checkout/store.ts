/**
 * The order flow, owned by checkout: which step the drawer shows, the form
 * per venue (persisted in `$checkoutDrafts` — the only copy; components read
 * it, they keep no form state of their own), the feedback of the last attempt
 * (field errors, notice, price change), the pending order with its
 * Idempotency-Key, and the actions: open, edit a field, place the order,
 * accept new prices, resume after sign-in.
 */
import { $language } from '../../lib/i18n.ts';
import { localPath, withoutLanguage } from '../../lib/page-language.ts';
import { checkoutMessages } from './messages.ts';
import { atom, computed, type ReadableAtom } from 'nanostores';
import { clock } from '../../lib/clock.ts';
import * as z from 'zod/mini';
import type { PriceChange } from '../../contract/order.ts';
import { computeTotals } from '../../contract/money.ts';
import { ORDER_MODES } from '../../contract/venue.ts';
import { PAYMENT_METHODS } from '../../contract/order.ts';
import { persistedWith } from './persisted.ts';
import { ONLINE_CHOICES, payOrderOnline } from './online.ts';
import { clearCart, closeCart, getCart, openCart, replaceLines, type Cart } from '../cart/index.ts';
import { currentUserName, goToLogin, whenAuthReady } from './session.ts';
import { resumeTarget, withoutResumeParams } from './resume.ts';
import { $pendingOrder, $submitting, AUTO_RESUME_MS, sendOrder } from './submit.ts';
import { applyPriceChanges, type SubmitOutcome } from './logic.ts';
import { pickupFields } from './pickup.ts';
import {
  EMPTY_FORM,
  buildOrderInput,
  checkoutModes,
  fieldErrorsFromProblem,
  firstInvalidField,
  initialForm,
  tipChoiceOf,
  validateCheckout,
  type CheckoutErrors,
  type CheckoutField,
  type CheckoutForm,
} from './validate.ts';
import type { CheckoutVenue } from './venue.ts';

const text = z.string().check(z.maxLength(2_000));
/** The persisted form: every field a string, the choices limited to what the form offers. */
export const CheckoutFormSchema = z.object({
  mode: z.union([z.literal(''), z.enum(ORDER_MODES)]),
  table: text,
  name: text,
  phone: text,
  address: text,
  note: text,
  tip: z.enum(['0', '10', '15', 'custom']),
  tipCustom: text,
  payment: z.union([z.literal(''), z.enum(PAYMENT_METHODS), z.enum(ONLINE_CHOICES)]),
});
export const CheckoutDraft = z.object({
  form: CheckoutFormSchema,
  /** Reopen the checkout step when the venue page loads (after sign-in). */
  resume: z.boolean(),
});
export type CheckoutDraft = z.infer<typeof CheckoutDraft>;
const CheckoutDrafts = z.record(z.string(), CheckoutDraft);

export const $checkoutDrafts = persistedWith<Record<string, CheckoutDraft>>('checkout', {}, CheckoutDrafts);
export { $pendingOrder, $submitting };

/** Which step the open drawer shows. */
export const $checkoutStep = atom<'cart' | 'checkout'>('cart');

export interface CheckoutNotice {
  text: string;
  /** Offer "Ver mis pedidos". */
  link?: boolean;
  /** Shown for the order-level refusals (closed, offline…): dropped once they no longer hold. */
  fromBlockers?: boolean;
}
export interface CheckoutFeedback {
  errors: CheckoutErrors;
  notice: CheckoutNotice | null;
  priceChange: { changes: PriceChange[]; total: number | null } | null;
  /** Where the form should move the focus next (a field, the notice or the price change). */
  focus: CheckoutField | 'notice' | 'priceChange' | null;
}
const NO_FEEDBACK: CheckoutFeedback = { errors: {}, notice: null, priceChange: null, focus: null };
export const $checkoutFeedback = atom<CheckoutFeedback>(NO_FEEDBACK);

/** The clock the "open now" check reads. */
export const $now = clock(30_000);

export function draftOf(venueId: string): CheckoutDraft | undefined {
  return $checkoutDrafts.get()[venueId];
}

function saveDraft(venueId: string, form: CheckoutForm, resume = draftOf(venueId)?.resume ?? false): void {
  $checkoutDrafts.set({ ...$checkoutDrafts.get(), [venueId]: { form, resume } });
}

type FormVenue = Pick<CheckoutVenue, 'id' | 'orderModes' | 'tables'>;

/**
 * The form as the diner left it (else a fresh one), brought up to date: the only mode, the
 * signed-in name. Never the table mode: a table is chosen only by its QR link (the table session).
 */
function freshForm(venue: FormVenue): CheckoutForm {
  const base = initialForm(venue, currentUserName());
  const draft = draftOf(venue.id)?.form;
  if (!draft) return base;
  const merged: CheckoutForm = { ...draft, table: '' };
  if (!merged.mode || !checkoutModes(venue).includes(merged.mode)) merged.mode = base.mode;
  if (!merged.name) merged.name = base.name;
  return merged;
}

/** The saved form of a venue (a fresh one until the checkout has been opened). */
export function formOf(venue: FormVenue): CheckoutForm {
  return draftOf(venue.id)?.form ?? freshForm(venue);
}

/** When the checkout step shows: start from the saved form, updated with the session. */
export function prepareForm(venue: FormVenue): void {
  saveDraft(venue.id, freshForm(venue));
}

/** One venue's form, as components read it. */
export function checkoutFormOf(venue: CheckoutVenue): ReadableAtom<CheckoutForm> {
  return computed($checkoutDrafts, () => formOf(venue));
}

/** Totals of a cart with a form's choices (a tip typed wrong counts as none until fixed). */
export function totalsOf(venue: CheckoutVenue, cart: Pick<Cart, 'lines'>, form: CheckoutForm) {
  const tip = tipChoiceOf(form, venue) ?? { amount: 0 };
  return computeTotals(cart.lines, { tip, mode: form.mode, deliveryFee: venue.deliveryFee });
}

function setFeedback(patch: Partial<CheckoutFeedback>): void {
  $checkoutFeedback.set({ ...$checkoutFeedback.get(), ...patch });
}

/** "Hacer pedido": the drawer moves to the checkout step. */
export function openCheckout(venueId: string): void {
  $checkoutStep.set('checkout');
  openCart(venueId);
}

export function backToCart(): void {
  $checkoutStep.set('cart');
}

/** The drawer closed: next time it opens on the cart. */
export function checkoutClosed(): void {
  $checkoutStep.set('cart');
}

export function editField<K extends keyof CheckoutForm>(venue: CheckoutVenue, key: K, value: CheckoutForm[K]): void {
  saveDraft(venue.id, { ...formOf(venue), [key]: value });
  const { errors } = $checkoutFeedback.get();
  if (errors[key as CheckoutField]) setFeedback({ errors: { ...errors, [key]: undefined }, focus: null });
}

/** The order-level refusal currently shown no longer holds (back online, cart changed). */
export function dropBlockerNotice(): void {
  if ($checkoutFeedback.get().notice?.fromBlockers) setFeedback({ notice: null });
}

export function showNotice(notice: CheckoutNotice): void {
  setFeedback({ notice, focus: 'notice' });
}

export function focusHandled(): void {
  if ($checkoutFeedback.get().focus !== null) setFeedback({ focus: null });
}

function signInFirst(venue: CheckoutVenue): void {
  saveDraft(venue.id, formOf(venue), true);
  // Back to this page, in the language the diner reads it in (`/en/{id}`).
  const here =
    typeof location !== 'undefined' && withoutLanguage(location.pathname) === `/${venue.id}`
      ? location.pathname
      : `/${venue.id}`;
  goToLogin(`${here}?checkout=1`);
}

function handleOutcome(venue: CheckoutVenue, outcome: SubmitOutcome): void {
  switch (outcome.kind) {
    case 'created': {
      // Paid from the phone: to the provider's page; the cart and the form stay until the payment is confirmed.
      if (payOrderOnline(outcome.order)) return $checkoutFeedback.set(NO_FEEDBACK);
      clearCart(venue.id);
      // Keep who the diner is (name, phone, address) for next time, forget the rest.
      const { name, phone, address } = formOf(venue);
      saveDraft(venue.id, { ...EMPTY_FORM, name, phone, address }, false);
      $checkoutFeedback.set(NO_FEEDBACK);
      $checkoutStep.set('cart');
      closeCart();
      void import('../../shell/toast.ts').then(({ toast }) =>
        toast.success(checkoutMessages.get().sent({ number: outcome.order.number })),
      );
      // The order page in the diner's language (docs/architecture.md#languages).
      location.assign(localPath(`/pedidos/ver?id=${encodeURIComponent(outcome.order.id)}`));
      return;
    }
    case 'priceChanged':
      setFeedback({
        notice: null,
        priceChange: { changes: outcome.changes, total: outcome.total },
        focus: 'priceChange',
      });
      return;
    case 'fieldErrors': {
      const errors = fieldErrorsFromProblem(outcome.errors);
      const first = firstInvalidField(errors);
      if (first) setFeedback({ errors, notice: null, focus: first });
      else setFeedback({ errors, notice: { text: outcome.message }, focus: 'notice' });
      return;
    }
    case 'unauthorized':
      signInFirst(venue);
      return;
    case 'alreadyPlaced':
      showNotice({ text: outcome.message, link: true });
      return;
    case 'refused':
      showNotice({ text: outcome.message });
      return;
    case 'unknown':
      showNotice({ text: checkoutMessages.get().saved({ message: outcome.message }) });
      return;
  }
}

async function send(venue: CheckoutVenue, lines: Cart['lines']): Promise<void> {
  if ($submitting.get()) return;
  const form = formOf(venue);
  const tip = tipChoiceOf(form, venue);
  if (!tip) return;
  const totals = computeTotals(lines, { tip, mode: form.mode, deliveryFee: venue.deliveryFee });
  const input = buildOrderInput(venue.id, form, lines, tip, totals.total, $language.get());
  handleOutcome(venue, await sendOrder(input.mode === 'table' ? input : { ...input, ...pickupFields() }));
}

/**
 * "Confirmar pedido": checks every field (errors shown, first invalid focused),
 * then the order-level refusals the form passes in (already worded), then the
 * session (signed out: sign in and come back), then sends.
 */
export function placeOrder(venue: CheckoutVenue, blockers: readonly string[]): void {
  if ($submitting.get()) return;
  const form = formOf(venue);
  const errors = validateCheckout(form, venue, venue);
  const first = firstInvalidField(errors);
  if (first) {
    $checkoutFeedback.set({ errors, notice: null, priceChange: null, focus: first });
    return;
  }
  if (blockers.length > 0) {
    $checkoutFeedback.set({
      errors,
      notice: { text: blockers.join(' '), fromBlockers: true },
      priceChange: null,
      focus: 'notice',
    });
    return;
  }
  $checkoutFeedback.set(NO_FEEDBACK);
  void whenAuthReady().then((session) => {
    if (!session.loggedIn) return signInFirst(venue);
    const cart = getCart(venue.id);
    if (cart) void send(venue, cart.lines);
  });
}

/** "Aceptar nuevos precios": the cart takes the server's prices and the order goes again (a new body gets a new key). */
export function acceptNewPrices(venue: CheckoutVenue): void {
  const change = $checkoutFeedback.get().priceChange;
  const cart = getCart(venue.id);
  if (!change || !cart) return;
  const lines = applyPriceChanges(cart.lines, change.changes);
  replaceLines(venue.id, lines);
  setFeedback({ priceChange: null });
  void send(venue, lines);
}

/** The pending order of a venue that should be resent now (after a reload during submission). */
export function pendingToResume(venueId: string, now = Date.now()) {
  const pending = $pendingOrder.get();
  if (!pending || pending.venueId !== venueId) return null;
  if (now - Date.parse(pending.createdAt) > AUTO_RESUME_MS) return null;
  return pending.input;
}

/**
 * On the venue page's load: reopen the checkout after sign-in or a reload
 * mid-submission (`resumeTarget` decides), resend an interrupted order with
 * its key, and prefill the signed-in diner's name.
 */
export function resumeAfterSignIn(venue: CheckoutVenue): void {
  const params = new URL(location.href).searchParams;
  const pending = pendingToResume(venue.id);
  const target = resumeTarget({
    askedInUrl: params.get('checkout') === '1',
    cartInUrl: params.get('carrito') === '1',
    draftResume: draftOf(venue.id)?.resume === true,
    pendingOrder: pending !== null,
    hasLines: (getCart(venue.id)?.lines.length ?? 0) > 0,
  });
  const cleaned = withoutResumeParams(location.href);
  if (cleaned !== null) history.replaceState(history.state, '', cleaned);
  const draft = draftOf(venue.id);
  if (draft?.resume) saveDraft(venue.id, draft.form, false);
  if (target === 'checkout') openCheckout(venue.id);
  else if (target === 'cart') openCart(venue.id);

  void whenAuthReady().then((session) => {
    const name = session.user?.name;
    const form = formOf(venue);
    if (name && !form.name) saveDraft(venue.id, { ...form, name });
    if (pending && navigator.onLine !== false && session.loggedIn) {
      showNotice({ text: checkoutMessages.get().finishing });
      void sendOrder(pending).then((outcome) => handleOutcome(venue, outcome));
    }
  });
}
