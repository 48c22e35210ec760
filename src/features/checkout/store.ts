/**
 * Checkout state: the form per venue (persisted, so a sign-in round trip or a
 * reload restores it and reopens the checkout), the pending order with its
 * Idempotency-Key (persisted until the server answers), and the UI step.
 */
import { atom } from 'nanostores';
import { persistentStore } from '../../lib/persist.ts';
import { isPendingOrder, type PendingOrder } from './submit-core.ts';
import { EMPTY_FORM, type CheckoutForm } from './validate.ts';

export interface CheckoutDraft {
  form: CheckoutForm;
  /** Reopen the checkout step when the venue page loads (after sign-in). */
  resume: boolean;
}

const MODES = ['', 'table', 'pickup', 'delivery'];
const TIPS = ['0', '10', '15', 'custom'];
const PAYMENTS = ['', 'cash', 'card'];

export function isCheckoutForm(value: unknown): value is CheckoutForm {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  const strings = Object.keys(EMPTY_FORM).every((k) => typeof v[k] === 'string' && (v[k] as string).length <= 2_000);
  return strings && MODES.includes(v.mode as string) && TIPS.includes(v.tip as string) && PAYMENTS.includes(v.payment as string);
}

export function isCheckoutDrafts(value: unknown): value is Record<string, CheckoutDraft> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.values(value).every((d: unknown) => {
    if (typeof d !== 'object' || d === null) return false;
    const draft = d as Record<string, unknown>;
    return isCheckoutForm(draft.form) && typeof draft.resume === 'boolean';
  });
}

export const $checkoutDrafts = persistentStore<Record<string, CheckoutDraft>>('checkout', {}, isCheckoutDrafts);
export const $pendingOrder = persistentStore<PendingOrder | null>('pendingOrder', null, isPendingOrder);

/** Which step the open cart drawer shows. */
export const $checkoutStep = atom<'cart' | 'checkout'>('cart');
/** True while a `POST /orders` is on its way. */
export const $submitting = atom<boolean>(false);

export function draftOf(venueId: string): CheckoutDraft | undefined {
  return $checkoutDrafts.get()[venueId];
}

export function saveDraft(venueId: string, form: CheckoutForm, resume = draftOf(venueId)?.resume ?? false): void {
  $checkoutDrafts.set({ ...$checkoutDrafts.get(), [venueId]: { form, resume } });
}

export function setResume(venueId: string, resume: boolean): void {
  const draft = draftOf(venueId);
  if (draft && draft.resume !== resume) saveDraft(venueId, draft.form, resume);
}

/** After an order is placed: keep who the diner is (name, phone, address) for next time, forget the rest. */
export function resetDraftAfterOrder(venueId: string): void {
  const draft = draftOf(venueId);
  if (!draft) return;
  const { name, phone, address } = draft.form;
  saveDraft(venueId, { ...EMPTY_FORM, name, phone, address }, false);
}
