/**
 * What a table's payment tells the reports (docs/rules.md#reports), beside its receipt: the table, and when the
 * payment pays the bill in full, the dishes sold (the bill's lines, not the invitations) and how the bill was split.
 */
import type { BillState, PaymentInput, PaymentRequest } from '../../../src/contract/bill.ts';
import type { SaleContext, SplitKind } from '../reports/index.ts';
import type { ClaimRow, RequestRow } from './queries.ts';

export function saleOfTable(
  sessionId: string,
  state: BillState,
  claims: readonly ClaimRow[],
  productOf: ReadonlyMap<string, string>,
  input: PaymentInput,
  requests: readonly RequestRow[],
  table: { openedAt: string; rounds: number },
): SaleContext {
  if (input.amount !== state.balance) return { mode: 'table', sessionId };
  const request = input.requestId ? requests.find((r) => r.id === input.requestId) : undefined;
  const doc = request ? (JSON.parse(request.doc) as PaymentRequest) : undefined;
  let split: SplitKind;
  if (state.paid === 0) split = 'whole';
  else if (doc?.shares?.length || claims.some((c) => c.payment_id && c.share_of > 1)) split = 'equal';
  else if (input.lineIds?.length || doc?.lineIds?.length || claims.some((c) => c.payment_id)) split = 'dishes';
  else split = 'amount';
  const sold = state.lines.flatMap((l) => {
    const productId = productOf.get(l.id);
    return productId && !l.comped
      ? [{ productId, name: l.name, quantity: l.quantity, amount: l.lineTotal, taxRate: l.taxRate }]
      : [];
  });
  return {
    mode: 'table',
    sessionId,
    sold,
    split,
    table: { openedAt: new Date(table.openedAt), rounds: table.rounds },
  };
}
