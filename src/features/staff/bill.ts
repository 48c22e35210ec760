/**
 * The bill on the staff board (docs/rules.md#the-bill): the API calls of «Cobrar» (a table's bill, a payment with
 * its Idempotency-Key, a pickup or delivery order marked paid) and the words the board shows for them. Staff screens
 * are in Spanish; amounts are integer minor units and the server decides every one of them.
 */
import {
  PaymentResult,
  TableBill,
  type BillLine,
  type BillState,
  type PaymentInput,
  type PaymentRequest,
  OrderPaymentList,
  type Payment,
} from '../../contract/bill.ts';
import type { PaymentMethod } from '../../contract/order.ts';
import { formatMoney } from '../../lib/money.ts';
import { http } from '../../lib/http.ts';

/** A new Idempotency-Key: one per attempt to record a payment (a repeat of the same attempt sends the same one). */
export function newPaymentKey(): string {
  return (
    globalThis.crypto?.randomUUID?.() ??
    `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`
  );
}

/** `GET /venues/{id}/order-payments` (staff): the pickup and delivery orders paid in the last day. */
export async function fetchOrderPayments(venueId: string, signal?: AbortSignal): Promise<Payment[]> {
  const body = await http
    .get(`venues/${encodeURIComponent(venueId)}/order-payments`, { retry: 0, signal, cache: 'no-store' })
    .json<unknown>();
  return OrderPaymentList.parse(body).payments;
}

/** `GET /venues/{id}/tables/{label}/bill` (staff of the venue). */
export async function fetchTableBill(venueId: string, label: string, signal?: AbortSignal): Promise<TableBill> {
  const body = await http
    .get(`venues/${encodeURIComponent(venueId)}/tables/${encodeURIComponent(label)}/bill`, {
      retry: 0,
      signal,
      cache: 'no-store',
    })
    .json<unknown>();
  return TableBill.parse(body);
}

/**
 * `POST /venues/{id}/tables/{label}/payments` with `key`: a repeat with the same key answers the same payment and
 * receipt (a double tap, or a retry after a lost answer, records one payment).
 */
export async function recordTablePayment(
  venueId: string,
  label: string,
  key: string,
  input: PaymentInput,
): Promise<PaymentResult> {
  const body = await http
    .post(`venues/${encodeURIComponent(venueId)}/tables/${encodeURIComponent(label)}/payments`, {
      json: input,
      headers: { 'Idempotency-Key': key },
      retry: 0,
    })
    .json<unknown>();
  return PaymentResult.parse(body);
}

/** `POST /venues/{id}/orders/{orderId}/payments` (pickup and delivery) with `key`. */
export async function recordOrderPayment(
  venueId: string,
  orderId: string,
  key: string,
  method: PaymentMethod,
): Promise<PaymentResult> {
  const body = await http
    .post(`venues/${encodeURIComponent(venueId)}/orders/${encodeURIComponent(orderId)}/payments`, {
      json: { method },
      headers: { 'Idempotency-Key': key },
      retry: 0,
    })
    .json<unknown>();
  return PaymentResult.parse(body);
}

export const METHOD_WORDS: Record<PaymentMethod, string> = { card: 'con tarjeta', cash: 'en efectivo' };

/** «Mesa 3 · Lucía paga $150.00 + $15.00 de propina con tarjeta». */
export function requestText(
  table: string,
  request: Pick<PaymentRequest, 'by' | 'amount' | 'tip' | 'method'>,
  currency: string,
  locale: string,
): string {
  const money = (minor: number) => formatMoney(minor, currency, locale);
  const tip = request.tip > 0 ? ` + ${money(request.tip)} de propina` : '';
  return `Mesa ${table} · ${request.by ?? 'Alguien'} paga ${money(request.amount)}${tip} ${METHOD_WORDS[request.method]}`;
}

/** «Mesa 3 · Lucía ha pagado 24,50 € con Bizum»: a payment from the phone (docs/rules.md#paying-from-the-phone). */
export function paidOnlineText(
  table: string,
  payment: Pick<Payment, 'by' | 'amount' | 'tip' | 'method'>,
  currency: string,
  locale: string,
): string {
  const money = (minor: number) => formatMoney(minor, currency, locale);
  const tip = payment.tip > 0 ? ` + ${money(payment.tip)} de propina` : '';
  const how = payment.method === 'bizum' ? 'con Bizum' : 'con tarjeta';
  return `Mesa ${table} · ${payment.by ?? 'Alguien'} ha pagado ${money(payment.amount)}${tip} ${how}`;
}

/** The bill's payments made from the phone, in the order they arrived. */
export function onlinePayments(bill: BillState | undefined): Payment[] {
  return (bill?.payments ?? []).filter((p) => p.provider !== undefined);
}

/** The pending requests of a bill, oldest first. */
export function pendingRequests(bill: BillState | undefined): PaymentRequest[] {
  return (bill?.requests ?? [])
    .filter((r) => r.status === 'pending')
    .sort((a, b) => (a.createdAt ?? '').localeCompare(b.createdAt ?? ''));
}

/**
 * True once the bill is settled («Pagada»): something was owed and nothing is left, or the house invited
 * everything (the server marks it paid: `paidAt`, docs/rules.md#the-floor).
 */
export function isPaid(bill: BillState | undefined, paidAt?: string): boolean {
  if (!bill) return Boolean(paidAt);
  return (bill.total > 0 && bill.balance === 0) || (Boolean(bill.paidAt) && bill.balance === 0);
}

/** Lines staff may still charge by hand: not paid, not claimed by a pending request, not shared, not the house's. */
export function chargeableLines(bill: BillState | undefined): BillLine[] {
  return (bill?.lines ?? []).filter((l) => !l.paidBy && !l.claimedBy && !l.shared && !l.comped);
}

/** What to give back for cash: the handed amount minus the total, or how much is missing (negative). */
export function changeFor(handed: number, total: number): number {
  return handed - total;
}
