/**
 * What the table asks of the venue (docs/rules.md#table-sessions, docs/rules.md#the-bill): a
 * round sent to the kitchen (with its Idempotency-Key kept while its outcome is unknown), a call
 * to the staff, and the bill with this phone's payment requests.
 */
import type { PriceChange } from '../../contract/order.ts';
import { PROBLEM_TYPES } from '../../contract/problem.ts';
import { TABLE_MESSAGES, type CallKind } from '../../contract/table.ts';
import { countryWords } from '../../contract/country-words.ts';
import type { PaymentRequestInput } from '../../contract/bill.ts';
import { problemOf } from '../../lib/http.ts';
import { pageLanguage } from '../../lib/page-language.ts';
import { problemMessages } from '../../lib/problem-messages.ts';
import { toast } from '../../shell/toast.ts';
import * as api from './api.ts';
import { flush } from './edit-queue.ts';
import { tableMessages } from './messages.ts';
import { detailOf, isClosedError, isCredentialError, isTransient } from './request-errors.ts';
import { closedHere, lost, plugIntoSession, receiveRound, refresh } from './session.ts';
import {
  $bill,
  $calling,
  $lastSent,
  $myRequests,
  $priceChange,
  $sending,
  $session,
  $tableUi,
  $venue,
  $view,
  membership,
} from './state.ts';
import { newLineId } from './logic.ts';
import { saveReceipt } from '../../lib/saved-receipts.ts';
import { keepOrders } from '../../lib/device-orders.ts';

let roundKey: string | null = null;

// This phone's payments keep their receipts on the device: reachable after the table closes (src/lib/saved-receipts.ts).
$bill.listen((state) => {
  if (state.state !== 'ready') return;
  const mine = new Set($myRequests.get()[state.bill.sessionId] ?? []);
  const me = membership()?.participantId;
  const venueName = $venue.get()?.name ?? '';
  for (const p of state.bill.payments) {
    // Asked of the staff from this phone, or paid from it (docs/rules.md#paying-from-the-phone).
    const own = p.requestId !== undefined ? mine.has(p.requestId) : me !== undefined && p.participantId === me;
    if (!own) continue;
    saveReceipt({
      id: p.receiptId,
      venueName,
      total: p.amount + p.tip,
      currency: state.bill.currency,
      locale: state.bill.locale,
      at: p.createdAt,
      table: state.bill.table,
    });
  }
});

// The rounds this phone ordered in are kept on the device as the table shows them: «Mis pedidos» lists them without an
// account, also after the table closes (src/lib/device-orders.ts).
$session.subscribe((session) => {
  const seat = membership();
  if (!session || !seat || session.id !== seat.sessionId) return;
  keepOrders(session.rounds.filter((round) => round.lines.some((l) => l.participantId === seat.participantId)));
});

function idempotencyKey(): string {
  return `round-${newLineId()}`;
}

/** `Enviar a cocina`: the table cart as one round. `acceptedTotal`: the new total after a price change. */
export async function sendToKitchen(acceptedTotal?: number): Promise<void> {
  const seat = membership();
  if (!seat || $sending.get()) return;
  $sending.set(true);
  try {
    await flush();
    const view = $view.get();
    if (!view) return;
    if (view.pendingEdits > 0 || (typeof navigator !== 'undefined' && navigator.onLine === false)) {
      toast.error(problemMessages.get().offline, { id: 'table-round' });
      return;
    }
    if (view.lines.length === 0) {
      toast.error(tableMessages.get().emptyCartError, { id: 'table-round' });
      return;
    }
    roundKey ??= idempotencyKey();
    const order = await api.sendRound(seat.credential, roundKey, acceptedTotal ?? view.subtotal, pageLanguage());
    roundKey = null;
    $priceChange.set(null);
    receiveRound(order);
    $lastSent.set(order.id);
    toast.success(tableMessages.get().roundSent({ number: order.number }), { id: 'table-round' });
    await refresh();
  } catch (error) {
    const problem = problemOf(error);
    if (problem?.type === PROBLEM_TYPES.priceChanged && Array.isArray(problem.changes)) {
      roundKey = null;
      $priceChange.set({
        changes: problem.changes as PriceChange[],
        total: typeof problem.total === 'number' ? problem.total : null,
      });
      await refresh();
      return;
    }
    if (isCredentialError(error)) return lost();
    if (isClosedError(error)) return closedHere();
    // Kept for a retry only when the request may have reached the server.
    if (!isTransient(error)) roundKey = null;
    toast.error(detailOf(error), { id: 'table-round' });
  } finally {
    $sending.set(false);
  }
}

export function dismissPriceChange(): void {
  $priceChange.set(null);
}

/** `Llamar al camarero` (the venue's country's word) / `Pedir la cuenta`. A second tap while one is open says it is on its way. */
export async function callStaff(kind: CallKind): Promise<void> {
  const seat = membership();
  if (!seat || $calling.get()) return;
  $calling.set(kind);
  try {
    const result = await api.callStaff(seat.credential, kind);
    const words = tableMessages.get();
    if (result.alreadyOpen) toast.info(words.callAlreadyOpen, { id: `table-call-${kind}` });
    else
      toast.success(kind === 'bill' ? words.billOnTheWay : words.waiterOnTheWay(countryWords($venue.get()?.locale)), {
        id: `table-call-${kind}`,
      });
    await refresh();
  } catch (error) {
    if (isCredentialError(error)) return lost();
    if (isClosedError(error)) return closedHere();
    toast.error(detailOf(error), { id: `table-call-${kind}` });
  } finally {
    $calling.set(null);
  }
}

export async function openBill(): Promise<void> {
  $tableUi.set({ cart: false, bill: true });
  await loadBill();
}

export function closeBill(): void {
  $tableUi.set({ ...$tableUi.get(), bill: false });
}

/** `quiet`: a refresh while the bill is open (the session changed): no loading state in between. */
export async function loadBill(quiet = false): Promise<void> {
  const seat = membership();
  if (!seat) return;
  if (!quiet) $bill.set({ state: 'loading' });
  try {
    $bill.set({ state: 'ready', bill: await api.fetchBill(seat.credential) });
  } catch (error) {
    if (isCredentialError(error)) return lost();
    if (isClosedError(error)) return closedHere();
    if (!quiet) $bill.set({ state: 'failed', message: detailOf(error) });
  }
}

export type PayResult = { ok: true } | { ok: false; message: string };

/** `Pagar mi parte`: sends the request; a refusal (a line taken meanwhile, more than what is left) answers its message and changes nothing here. */
export async function requestPayment(input: PaymentRequestInput): Promise<PayResult> {
  const seat = membership();
  if (!seat) return { ok: false, message: TABLE_MESSAGES.credentialInvalid };
  try {
    const request = await api.requestPayment(seat.credential, input);
    const mine = $myRequests.get();
    // Only this session's are kept (an older table's requests no longer matter on this phone).
    $myRequests.set({ [seat.sessionId]: [...(mine[seat.sessionId] ?? []), request.id].slice(-50) });
    await loadBill(true);
    return { ok: true };
  } catch (error) {
    if (isCredentialError(error)) lost();
    else if (isClosedError(error)) closedHere();
    else void loadBill(true);
    return { ok: false, message: detailOf(error) };
  }
}

/** Withdraws this phone's pending request. */
export async function withdrawPayment(requestId: string): Promise<PayResult> {
  const seat = membership();
  if (!seat) return { ok: false, message: TABLE_MESSAGES.credentialInvalid };
  try {
    await api.withdrawPaymentRequest(seat.credential, requestId);
    await loadBill(true);
    return { ok: true };
  } catch (error) {
    if (isCredentialError(error)) lost();
    else if (isClosedError(error)) closedHere();
    else void loadBill(true);
    return { ok: false, message: detailOf(error) };
  }
}

plugIntoSession({
  reloadOpenBill: () => {
    if ($tableUi.get().bill) void loadBill(true);
  },
});
