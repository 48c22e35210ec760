/**
 * What a payment tells the reports (docs/rules.md#reports), beside its receipt: a pickup or delivery order's dishes;
 * a table, and when the payment pays its bill in full, the dishes sold (the bill's lines, not the invitations), how
 * the bill was split and how many rounds it had.
 */
import type { BillState, PaymentInput, PaymentRequest } from '../../../src/contract/bill.ts';
import type { Order } from '../../../src/contract/order.ts';
import type { SaleContext, SplitKind } from '../reports/index.ts';
import type { CachedVenue } from '../venues/index.ts';
import { taxRateOf } from './bill.ts';
import type { ClaimRow, RequestRow } from './queries.ts';

/** What a table's payment pays: an amount, lines, or shares of lines. */
export interface Paying {
  amount: number;
  lineIds?: readonly string[] | undefined;
  shares?: boolean | undefined;
}

/** A staff payment's `Paying`, with the diner's request it takes. */
export function payingOf(input: PaymentInput, requests: readonly RequestRow[]): Paying {
  const request = input.requestId ? requests.find((r) => r.id === input.requestId) : undefined;
  const doc = request ? (JSON.parse(request.doc) as PaymentRequest) : undefined;
  return {
    amount: input.amount,
    lineIds: input.lineIds?.length ? input.lineIds : doc?.lineIds,
    shares: Boolean(doc?.shares?.length),
  };
}

export function saleOfTable(
  sessionId: string,
  state: BillState,
  claims: readonly ClaimRow[],
  productOf: ReadonlyMap<string, string>,
  paying: Paying,
  table: { openedAt: string; rounds: readonly Order[] },
  provider?: string,
): SaleContext {
  const paid = provider ? { provider } : {};
  if (paying.amount !== state.balance) return { mode: 'table', sessionId, ...paid };
  let split: SplitKind;
  if (state.paid === 0) split = 'whole';
  else if (paying.shares || claims.some((c) => c.payment_id && c.share_of > 1)) split = 'equal';
  else if (paying.lineIds?.length || claims.some((c) => c.payment_id)) split = 'dishes';
  else split = 'amount';
  // A bill line's id is `{round id}:{index}` (bill.ts): the round's line says whether a waiter added it.
  const rounds = new Map(table.rounds.map((r) => [r.id, r]));
  const waiterOf = (lineId: string) => {
    const cut = lineId.lastIndexOf(':');
    const line = rounds.get(lineId.slice(0, cut))?.lines[Number(lineId.slice(cut + 1))];
    return line?.byStaff && line.by ? { waiter: line.by, round: lineId.slice(0, cut) } : {};
  };
  const sold = state.lines.flatMap((l) => {
    const productId = productOf.get(l.id);
    return productId && !l.comped
      ? [
          {
            productId,
            name: l.name,
            quantity: l.quantity,
            amount: l.lineTotal,
            taxRate: l.taxRate,
            ...waiterOf(l.id),
          },
        ]
      : [];
  });
  return {
    mode: 'table',
    sessionId,
    ...paid,
    sold,
    split,
    table: { openedAt: new Date(table.openedAt), rounds: table.rounds.length },
  };
}

/** A pickup or delivery order's payment: its dishes. */
export function saleOfOrder(entry: CachedVenue | undefined, order: Order): SaleContext {
  return {
    mode: order.mode,
    sold: order.lines.map((l) => ({
      productId: l.productId,
      name: l.name,
      quantity: l.quantity,
      amount: l.lineTotal,
      taxRate: taxRateOf(entry, l.productId),
    })),
  };
}
