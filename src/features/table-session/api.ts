/** The table-session endpoints (docs/rules.md#table-sessions), with the participant credential header. */
import { CheckoutResult, type CheckoutInput } from '../../contract/online-payments.ts';
import { http } from '../../lib/http.ts';
import {
  CallResult,
  JoinResult,
  JoinWaiting,
  TABLE_CREDENTIAL_HEADER,
  TableBill,
  TableCheck,
  TableSession,
  type CallKind,
  type CartLineInput,
} from '../../contract/table.ts';
import { Order } from '../../contract/order.ts';
import { PaymentRequest, type PaymentRequestInput } from '../../contract/bill.ts';

const seg = encodeURIComponent;
const withCredential = (credential: string) => ({ [TABLE_CREDENTIAL_HEADER]: credential });

export async function checkTable(venueId: string, table: string, token: string): Promise<TableCheck> {
  const body = await http
    .get(`venues/${seg(venueId)}/tables/${seg(table)}/check`, {
      searchParams: { t: token },
      cache: 'no-store',
      retry: 0,
    })
    .json<unknown>();
  return TableCheck.parse(body);
}

/** `group`: the answer to «¿Sois el mismo grupo?»; `new` answers `JoinWaiting` while staff have not closed the old session. */
export async function joinTable(
  venueId: string,
  table: string,
  token: string,
  name: string | null,
  group?: 'same' | 'new',
): Promise<JoinResult | JoinWaiting> {
  const json = { token, ...(name ? { name } : {}), ...(group ? { group } : {}) };
  const body = await http.post(`venues/${seg(venueId)}/tables/${seg(table)}/join`, { json }).json<unknown>();
  const waiting = JoinWaiting.safeParse(body);
  return waiting.success ? waiting.data : JoinResult.parse(body);
}

export async function fetchSession(credential: string): Promise<TableSession> {
  const body = await http
    .get('table-session', { headers: withCredential(credential), cache: 'no-store' })
    .json<unknown>();
  return TableSession.parse(body);
}

export async function putLine(credential: string, lineId: string, input: CartLineInput): Promise<TableSession> {
  const body = await http
    .put(`table-session/cart/lines/${seg(lineId)}`, { headers: withCredential(credential), json: input, retry: 0 })
    .json<unknown>();
  return TableSession.parse(body);
}

export async function deleteLine(credential: string, lineId: string): Promise<TableSession> {
  const body = await http
    .delete(`table-session/cart/lines/${seg(lineId)}`, { headers: withCredential(credential), retry: 0 })
    .json<unknown>();
  return TableSession.parse(body);
}

/** `language`: the interface language of this phone, recorded on the round's order (docs/architecture.md#languages). */
export async function sendRound(
  credential: string,
  key: string,
  expectedTotal: number,
  language: string,
): Promise<Order> {
  const body = await http
    .post('table-session/rounds', {
      headers: { ...withCredential(credential), 'Idempotency-Key': key },
      json: { expectedTotal, language },
      retry: 0,
    })
    .json<unknown>();
  return Order.parse(body);
}

export async function callStaff(credential: string, kind: CallKind): Promise<CallResult> {
  const body = await http
    .post('table-session/calls', { headers: withCredential(credential), json: { kind }, retry: 0 })
    .json<unknown>();
  return CallResult.parse(body);
}

export async function fetchBill(credential: string): Promise<TableBill> {
  const body = await http
    .get('table-session/bill', { headers: withCredential(credential), cache: 'no-store' })
    .json<unknown>();
  return TableBill.parse(body);
}

/** `Pagar mi parte`: a payment request to the staff (docs/rules.md#the-bill). */
export async function requestPayment(credential: string, input: PaymentRequestInput): Promise<PaymentRequest> {
  const body = await http
    .post('table-session/payment-requests', { headers: withCredential(credential), json: input, retry: 0 })
    .json<unknown>();
  return PaymentRequest.parse(body);
}

/** Withdraws this phone's pending payment request (its lines are free again). */
export async function withdrawPaymentRequest(credential: string, requestId: string): Promise<PaymentRequest> {
  const body = await http
    .delete(`table-session/payment-requests/${seg(requestId)}`, { headers: withCredential(credential), retry: 0 })
    .json<unknown>();
  return PaymentRequest.parse(body);
}

/** «Pagar ahora»: one's part paid at the venue's provider (docs/rules.md#paying-from-the-phone). */
export async function checkout(credential: string, key: string, input: CheckoutInput): Promise<CheckoutResult> {
  const body = await http
    .post('table-session/bill/checkout', {
      headers: { ...withCredential(credential), 'Idempotency-Key': key },
      json: input,
      retry: 0,
    })
    .json<unknown>();
  return CheckoutResult.parse(body);
}
