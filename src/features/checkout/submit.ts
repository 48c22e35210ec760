/**
 * Places an order: `POST /orders` with an `Idempotency-Key` kept in the
 * persisted pending order until the server gives a definitive answer. A second
 * call while one is in flight (double tap) joins the first one.
 */
import { isHTTPError } from 'ky';
import { Order, type OrderInput } from '../../contract/order.ts';
import { http, problemMessage, problemOf } from '../../lib/http.ts';
import { $pendingOrder, $submitting } from './store.ts';
import { classifyFailure, keepsKey, keyFor, type SubmitOutcome } from './submit-core.ts';

let inFlight: Promise<SubmitOutcome> | null = null;

/** How long a pending order may be resent automatically after a reload (outcome unknown). */
export const AUTO_RESUME_MS = 15 * 60_000;

export function submitOrder(input: OrderInput): Promise<SubmitOutcome> {
  if (inFlight) return inFlight;
  const pending = $pendingOrder.get();
  const key = keyFor(pending, input.venueId);
  const createdAt = pending && pending.key === key ? pending.createdAt : new Date().toISOString();
  $pendingOrder.set({ key, venueId: input.venueId, input, createdAt });
  $submitting.set(true);
  inFlight = send(input, key).finally(() => {
    inFlight = null;
    $submitting.set(false);
  });
  return inFlight;
}

async function send(input: OrderInput, key: string): Promise<SubmitOutcome> {
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
    const order = parsed.success ? parsed.data : (body as Order);
    if (!order || typeof order.id !== 'string') {
      return { kind: 'unknown', message: 'No pudimos confirmar tu pedido. Inténtalo de nuevo.' };
    }
    $pendingOrder.set(null);
    return { kind: 'created', order };
  } catch (error) {
    const outcome = classifyFailure({
      status: isHTTPError(error) ? error.response.status : undefined,
      problem: problemOf(error) as Parameters<typeof classifyFailure>[0]['problem'],
      message: problemMessage(error),
    });
    if (!keepsKey(outcome)) $pendingOrder.set(null);
    return outcome;
  }
}

/** The pending order of a venue that should be resent now (after a reload during submission). */
export function pendingToResume(venueId: string, now = Date.now()): OrderInput | null {
  const pending = $pendingOrder.get();
  if (!pending || pending.venueId !== venueId) return null;
  if (now - Date.parse(pending.createdAt) > AUTO_RESUME_MS) return null;
  return pending.input;
}
