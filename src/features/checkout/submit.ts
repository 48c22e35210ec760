/**
 * Sends an order: `POST /orders` with an `Idempotency-Key` kept in the
 * persisted pending order until the server gives a definitive answer. A second
 * call while one is in flight (double tap) joins the first one.
 */
import { isHTTPError } from 'ky';
import { atom } from 'nanostores';
import * as z from 'zod/mini';
import { Order, type OrderInput } from '../../contract/order.ts';
import { http, problemMessage, problemOf } from '../../lib/http.ts';
import { checkoutMessages } from './messages.ts';
import { persistedWith } from './persisted.ts';
import { PendingOrder, classifyFailure, keepsKey, keyFor, type SubmitOutcome } from './logic.ts';
import { slotRefused } from './pickup.ts';

/** The order being sent, persisted until the server answers (a reload resends it with the same key). */
export const $pendingOrder = persistedWith<PendingOrder | null>('pendingOrder', null, z.nullable(PendingOrder));
/** True while a `POST /orders` is on its way. */
export const $submitting = atom<boolean>(false);

let inFlight: Promise<SubmitOutcome> | null = null;

/** How long a pending order may be resent automatically after a reload (outcome unknown). */
export const AUTO_RESUME_MS = 15 * 60_000;

export function sendOrder(input: OrderInput): Promise<SubmitOutcome> {
  if (inFlight) return inFlight;
  const pending = $pendingOrder.get();
  const key = keyFor(pending, input.venueId);
  const createdAt = pending && pending.key === key ? pending.createdAt : new Date().toISOString();
  $pendingOrder.set({ key, venueId: input.venueId, input, createdAt });
  $submitting.set(true);
  inFlight = post(input, key).finally(() => {
    inFlight = null;
    $submitting.set(false);
  });
  return inFlight;
}

async function post(input: OrderInput, key: string): Promise<SubmitOutcome> {
  try {
    const body = await http
      .post('orders', {
        json: input,
        headers: { 'Idempotency-Key': key },
        timeout: 20_000,
        // Safe to repeat: the key makes the server answer with the same order.
        retry: { limit: 1, methods: ['post'], statusCodes: [502, 503, 504], backoffLimit: 2_000 },
      })
      .json<unknown>();
    const parsed = Order.safeParse(body);
    // An answer we cannot read leaves the outcome unknown: the pending order (and its key) stays for a retry.
    if (!parsed.success) return { kind: 'unknown', message: checkoutMessages.get().notConfirmed };
    $pendingOrder.set(null);
    return { kind: 'created', order: parsed.data };
  } catch (error) {
    const outcome = classifyFailure({
      status: isHTTPError(error) ? error.response.status : undefined,
      problem: problemOf(error),
      message: problemMessage(error),
    });
    if (!keepsKey(outcome)) $pendingOrder.set(null);
    slotRefused(problemOf(error));
    return outcome;
  }
}
