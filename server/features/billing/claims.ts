/**
 * What a diner pays of the table's bill (docs/rules.md#the-bill): lines, shares of lines (the remainder rule) or an
 * amount, priced with every rule of a payment request — the same code prices a request to staff (bill.ts) and a
 * payment from the phone (online.ts, docs/rules.md#paying-from-the-phone) — and the receipt lines such a claim pays.
 */
import { problem } from '../../platform/problem.ts';
import {
  BILL_MESSAGES,
  receiptLinesOf,
  type BillLine,
  type BillState,
  type PaymentRequest,
  type ReceiptLine,
} from '../../../src/contract/bill.ts';
import { shareAmount } from './money.ts';
import { compedProblem } from './adjusted.ts';
import type { ClaimRow } from './queries.ts';

/** What a diner asks to pay (a request's or a checkout's body, without how). */
export interface ClaimInput {
  lineIds?: string[] | undefined;
  shares?: Array<{ lineId: string; of: number }> | undefined;
  amount?: number | undefined;
  tip: number;
}

export type ClaimShares = NonNullable<PaymentRequest['shares']>;

/** The body's shape: lines or shares, or an amount; each line once. */
export function checkClaimShape(input: ClaimInput): boolean {
  const byLines = (input.lineIds?.length ?? 0) + (input.shares?.length ?? 0) > 0;
  if (byLines && input.amount !== undefined)
    throw problem('validation', 422, BILL_MESSAGES.chooseOne, { errors: { amount: [BILL_MESSAGES.chooseOne] } });
  if (!byLines && input.amount === undefined)
    throw problem('validation', 422, BILL_MESSAGES.chooseSomething, {
      errors: { amount: [BILL_MESSAGES.chooseSomething] },
    });
  const named = [...(input.lineIds ?? []), ...(input.shares ?? []).map((s) => s.lineId)];
  if (new Set(named).size !== named.length)
    throw problem('validation', 422, BILL_MESSAGES.repeatedLine, {
      errors: { lineIds: [BILL_MESSAGES.repeatedLine] },
    });
  return byLines;
}

export interface PricedClaim {
  amount: number;
  claims: ClaimRow[];
  shares: ClaimShares;
}

/**
 * Prices `input` against the bill as the caller's transaction sees it: the lines and shares it takes (each free,
 * not comped, a share of a line shared between the same number), the amount at most the balance and what nobody
 * is paying yet, the tip at most the limit. `holder` names the claims (a request's or an online payment's id).
 */
export function priceClaim(
  bill: { state: BillState; claims: ClaimRow[]; lineById: Map<string, BillLine> },
  input: ClaimInput,
  who: { sessionId: string; name: string; holder: string },
  rules: { money: (minor: number) => string; tipCheck: (amount: number, tip: number) => void },
): PricedClaim {
  const byLines = checkClaimShape(input);
  const { state, claims, lineById } = bill;
  if (state.balance === 0) throw problem('invalidTransition', 409, BILL_MESSAGES.nothingToPay);
  const newClaims: ClaimRow[] = [];
  const shares: ClaimShares = [];
  const lineOf = (lineId: string) => {
    const line = lineById.get(lineId);
    if (!line)
      throw problem('validation', 422, BILL_MESSAGES.unknownLine, { errors: { lineIds: [BILL_MESSAGES.unknownLine] } });
    return line;
  };
  const taken = (line: BillLine) => {
    if (line.comped) throw compedProblem(line);
    if (line.paidBy !== undefined)
      throw problem('invalidTransition', 409, BILL_MESSAGES.linePaid(line.name, line.paidBy), { lineId: line.id });
    if (line.claimedBy !== undefined)
      throw problem('invalidTransition', 409, BILL_MESSAGES.lineTaken(line.name, line.claimedBy), {
        lineId: line.id,
      });
  };
  const claim = (line: BillLine, index: number, of: number, amount: number): ClaimRow => ({
    session_id: who.sessionId,
    line_id: line.id,
    share_index: index,
    share_of: of,
    amount,
    by_name: who.name,
    request_id: who.holder,
    payment_id: null,
  });
  for (const lineId of input.lineIds ?? []) {
    const line = lineOf(lineId);
    taken(line);
    if (line.shared) {
      const names = line.shared.shares.map((x) => x.by).join(', ');
      throw problem(
        'invalidTransition',
        409,
        line.shared.shares.some((x) => x.paid)
          ? BILL_MESSAGES.linePaid(line.name, names)
          : BILL_MESSAGES.lineTaken(line.name, names),
        { lineId },
      );
    }
    newClaims.push(claim(line, 0, 1, line.lineTotal));
  }
  for (const share of input.shares ?? []) {
    const line = lineOf(share.lineId);
    taken(line);
    if (line.shared && line.shared.of !== share.of)
      throw problem('invalidTransition', 409, BILL_MESSAGES.sharedOtherwise(line.name, line.shared.of), {
        lineId: line.id,
        of: line.shared.of,
      });
    const used = new Set(claims.filter((c) => c.line_id === line.id).map((c) => c.share_index));
    let index = 0;
    while (used.has(index)) index++;
    if (index >= share.of)
      throw problem('invalidTransition', 409, BILL_MESSAGES.sharesFull(line.name, share.of), { lineId: line.id });
    const amount = shareAmount(line.lineTotal, share.of, index);
    newClaims.push(claim(line, index, share.of, amount));
    shares.push({ lineId: line.id, of: share.of, index: index + 1, amount });
  }
  const amount = byLines ? newClaims.reduce((sum, c) => sum + c.amount, 0) : input.amount!;
  if (amount > state.balance)
    throw problem('invalidTransition', 409, BILL_MESSAGES.overBalance(rules.money(state.balance)), {
      balance: state.balance,
    });
  // Lines too: an amount someone else is paying may already cover them.
  if (amount > state.unassigned)
    throw problem('invalidTransition', 409, BILL_MESSAGES.overUnassigned(rules.money(state.unassigned)), {
      unassigned: state.unassigned,
    });
  rules.tipCheck(amount, input.tip);
  return { amount, claims: newClaims, shares };
}

/** The receipt lines of claimed lines and shares (none when the claim is an amount). */
export function claimLines(
  lineById: Map<string, BillLine>,
  productOf: Map<string, string>,
  lineIds: readonly string[],
  shares: ClaimShares,
): ReceiptLine[] {
  // A receipt line names its dish (`productId`): the receipt page names it in the diner's language.
  const dish = (l: BillLine) => {
    const productId = productOf.get(l.id);
    return productId ? { productId } : {};
  };
  return [
    ...lineIds
      .map((id) => lineById.get(id))
      .filter((l): l is BillLine => l !== undefined)
      .flatMap((l) => receiptLinesOf({ ...l, ...dish(l), amount: l.lineTotal })),
    ...shares.flatMap((sh) => {
      const l = lineById.get(sh.lineId);
      return l
        ? [
            {
              name: l.name,
              ...dish(l),
              quantity: l.quantity,
              amount: sh.amount,
              taxRate: l.taxRate,
              share: { index: sh.index, of: sh.of },
              // A share of a set menu: one line, its dishes listed under it.
              ...(l.choices ? { choices: receiptLinesOf({ ...l, amount: 0 })[0]!.choices! } : {}),
            },
          ]
        : [];
    }),
  ];
}
