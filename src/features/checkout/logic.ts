/**
 * Order submission rules, free of stores and HTTP so they can be tested:
 * which Idempotency-Key to use, and what each answer of `POST /orders` means
 * for the pending order (docs/rules.md#cart-checkout-and-orders).
 *
 * - A key is kept while the outcome of a submission is unknown (sending,
 *   network error, timeout, 5xx, 401, "already in progress"): any retry —
 *   a double tap, a reload, the diner pressing again — reuses it, so the
 *   server can answer with the order it already made instead of a second one.
 * - After a definitive refusal (price change, closed, below minimum, field
 *   errors) nothing was created and the key is dropped; the next attempt, with
 *   its possibly different body, gets a new key (the same key with another
 *   body would be refused as a mismatch).
 */
import * as z from 'zod/mini';
import { OrderInput, PriceChange, type Order } from '../../contract/order.ts';
import { PROBLEM_TYPES, type Problem } from '../../contract/problem.ts';
import { checkoutMessages } from './messages.ts';

/** The order being sent, persisted until the server answers (its body is the contract's `OrderInput`). */
export const PendingOrder = z
  .object({
    key: z.string().check(z.minLength(8), z.maxLength(200)),
    venueId: z.string(),
    input: OrderInput,
    /** ISO time of the first attempt with this key. */
    createdAt: z.string(),
  })
  .check(z.refine((pending) => pending.input.venueId === pending.venueId, 'venue mismatch'));
export type PendingOrder = z.infer<typeof PendingOrder>;

export function newIdempotencyKey(): string {
  return (
    globalThis.crypto?.randomUUID?.() ??
    `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`
  );
}

/** The key for this attempt: the pending one of this venue while its outcome is unknown, else a new one. */
export function keyFor(pending: PendingOrder | null, venueId: string, makeKey = newIdempotencyKey): string {
  return pending && pending.venueId === venueId ? pending.key : makeKey();
}

export type SubmitOutcome =
  | { kind: 'created'; order: Order }
  | { kind: 'priceChanged'; changes: PriceChange[]; total: number | null; message: string }
  | { kind: 'fieldErrors'; errors: Record<string, string[]>; message: string }
  | { kind: 'refused'; reason: 'closed' | 'belowMinimum' | 'unavailable' | 'other'; message: string }
  | { kind: 'alreadyPlaced'; message: string }
  | { kind: 'unauthorized' }
  | { kind: 'unknown'; message: string };

/** True when the pending order (and its key) must be kept for a retry. */
export function keepsKey(outcome: SubmitOutcome): boolean {
  return outcome.kind === 'unknown' || outcome.kind === 'unauthorized';
}

export interface FailureFacts {
  status?: number | undefined;
  problem?: (Problem & { changes?: unknown; total?: unknown }) | undefined;
  /** Spanish message for this failure (from `problemMessage`). */
  message: string;
}

/** Classifies a failed `POST /orders`; `status` undefined means no answer (network, timeout). */
export function classifyFailure(facts: FailureFacts): SubmitOutcome {
  const { status, problem, message } = facts;
  const type = problem?.type;
  if (status === undefined || status >= 500 || status === 408 || status === 429) return { kind: 'unknown', message };
  if (status === 401) return { kind: 'unauthorized' };
  if (type === PROBLEM_TYPES.idempotencyConflict) return { kind: 'unknown', message };
  if (type === PROBLEM_TYPES.idempotencyMismatch) {
    return {
      kind: 'alreadyPlaced',
      message: checkoutMessages.get().alreadyPlaced,
    };
  }
  if (type === PROBLEM_TYPES.priceChanged || (status === 409 && Array.isArray(problem?.changes))) {
    const changes = Array.isArray(problem?.changes)
      ? problem.changes.flatMap((c) => {
          const parsed = PriceChange.safeParse(c);
          return parsed.success ? [parsed.data] : [];
        })
      : [];
    const total = typeof problem?.total === 'number' && Number.isInteger(problem.total) ? problem.total : null;
    return { kind: 'priceChanged', changes, total, message };
  }
  if (type === PROBLEM_TYPES.venueClosed) return { kind: 'refused', reason: 'closed', message };
  if (type === PROBLEM_TYPES.belowMinimum) return { kind: 'refused', reason: 'belowMinimum', message };
  if (type === PROBLEM_TYPES.unavailable) return { kind: 'refused', reason: 'unavailable', message };
  if ((status === 422 || status === 400) && problem?.errors && Object.keys(problem.errors).length > 0) {
    return { kind: 'fieldErrors', errors: problem.errors, message };
  }
  return { kind: 'refused', reason: 'other', message };
}

/** Applies accepted price changes to cart lines (by the order line index the server reported). */
export function applyPriceChanges<L extends { productId: string; unitPrice: number }>(
  lines: readonly L[],
  changes: readonly PriceChange[],
): L[] {
  return lines.map((line, index) => {
    const change = changes.find((c) => c.index === index && c.productId === line.productId);
    return change ? { ...line, unitPrice: change.unitPrice } : line;
  });
}
