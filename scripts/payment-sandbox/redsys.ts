/**
 * The Redsys TPV virtual's stand-in, from its public integration guide (redirect connection and REST):
 * `POST /sis/realizarPago` (the phone's signed form) → the hosted page («Autorizar», «Denegar»,
 * «Bizum» for DS_MERCHANT_PAYMETHODS z) → the signed notification posted form-encoded to
 * DS_MERCHANT_MERCHANTURL → the phone sent to DS_MERCHANT_URLOK / URLKO; `POST
 * /sis/rest/trataPeticionREST` for refunds (transaction type 3). Its signing code is its own (written
 * from the guide), so that the API's verification is tested against an independent implementation.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createCipheriv, createHmac, randomInt } from 'node:crypto';
import {
  deliver,
  messagePage,
  newId,
  paymentPage,
  readBody,
  redirect,
  send,
  sendJson,
  type Attempt,
  type SandboxState,
  type SentNotification,
} from './shared.ts';

const CURRENCIES: Record<string, string> = { '978': 'EUR', '840': 'USD', '826': 'GBP' };

function sign(secret: string, order: string, merchantParameters: string): string {
  const cipher = createCipheriv('des-ede3-cbc', Buffer.from(secret, 'base64'), Buffer.alloc(8));
  cipher.setAutoPadding(false);
  const padded = Buffer.alloc(Math.ceil(Buffer.byteLength(order) / 8) * 8 || 8);
  padded.write(order);
  const key = Buffer.concat([cipher.update(padded), cipher.final()]);
  return createHmac('sha256', key).update(merchantParameters).digest('base64');
}

const toStandard = (s: string) => s.replace(/-/g, '+').replace(/_/g, '/');

function decode(merchantParameters: string): Record<string, string> | null {
  try {
    const value = JSON.parse(Buffer.from(toStandard(merchantParameters), 'base64').toString('utf8')) as unknown;
    if (!value || typeof value !== 'object') return null;
    // Names may come in capitals or CamelCase (the guide allows both).
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.toUpperCase(), String(v)]));
  } catch {
    return null;
  }
}

/** The parameters of a merchant's signed request, or the SIS error code the real TPV answers with. */
function checkRequest(state: SandboxState, form: Record<string, string>): Record<string, string> | { error: string } {
  if (form.Ds_SignatureVersion !== 'HMAC_SHA256_V1') return { error: 'SIS0295' };
  const parameters = decode(form.Ds_MerchantParameters ?? '');
  if (!parameters) return { error: 'SIS0261' };
  const key = state.redsysKeys.get(parameters.DS_MERCHANT_MERCHANTCODE ?? '');
  if (!key) return { error: 'SIS0026' };
  let expected: string;
  try {
    expected = sign(key, parameters.DS_MERCHANT_ORDER ?? '', form.Ds_MerchantParameters!);
  } catch {
    return { error: 'SIS0042' };
  }
  if (expected !== toStandard(form.Ds_Signature ?? '')) return { error: 'SIS0042' };
  return parameters;
}

/** Signs parameters with the merchant's key the way the TPV signs its notifications (URL-safe base64). */
function signed(key: string, order: string, parameters: Record<string, string>) {
  const merchantParameters = Buffer.from(JSON.stringify(parameters)).toString('base64');
  const signature = sign(key, order, merchantParameters);
  return {
    Ds_SignatureVersion: 'HMAC_SHA256_V1',
    Ds_MerchantParameters: merchantParameters,
    Ds_Signature: signature.replace(/\+/g, '-').replace(/\//g, '_'),
  };
}

function notificationParameters(attempt: Attempt, authorized: boolean): Record<string, string> {
  const now = new Date();
  const p = attempt.data as Record<string, string>;
  return {
    Ds_Date: encodeURIComponent(now.toLocaleDateString('es-ES', { day: '2-digit', month: '2-digit', year: 'numeric' })),
    Ds_Hour: encodeURIComponent(now.toTimeString().slice(0, 5)),
    Ds_SecurePayment: authorized ? '1' : '0',
    Ds_Amount: String(attempt.amount),
    Ds_Currency: p.DS_MERCHANT_CURRENCY ?? '978',
    Ds_Order: attempt.reference,
    Ds_MerchantCode: attempt.merchant,
    Ds_Terminal: p.DS_MERCHANT_TERMINAL ?? '1',
    Ds_Response: authorized ? '0000' : '0190',
    Ds_MerchantData: '',
    Ds_TransactionType: '0',
    Ds_ConsumerLanguage: String(Number(p.DS_MERCHANT_CONSUMERLANGUAGE ?? '1')),
    Ds_AuthorisationCode: authorized ? String(randomInt(100000, 999999)) : '',
    Ds_ProcessedPayMethod: attempt.method === 'bizum' ? '68' : '78',
  };
}

/** The diner's choice on the hosted page: the notification, then the phone's way back. */
export async function decideRedsys(
  state: SandboxState,
  attempt: Attempt,
  authorized: boolean,
): Promise<{ location: string; notification: SentNotification }> {
  attempt.state = authorized ? 'authorized' : 'denied';
  state.record({ provider: 'redsys', kind: 'decision', reference: attempt.reference, detail: { authorized } });
  const p = attempt.data as Record<string, string>;
  const fields = signed(
    state.redsysKeys.get(attempt.merchant)!,
    attempt.reference,
    notificationParameters(attempt, authorized),
  );
  const notification: SentNotification = {
    id: newId('n_', 8),
    provider: 'redsys',
    reference: attempt.reference,
    url: p.DS_MERCHANT_MERCHANTURL ?? '',
    body: new URLSearchParams(fields).toString(),
    contentType: 'application/x-www-form-urlencoded',
    statuses: [],
  };
  state.notifications.push(notification);
  if (!state.hold && notification.url) await deliver(notification);
  const back = new URL((authorized ? p.DS_MERCHANT_URLOK : p.DS_MERCHANT_URLKO) ?? state.base);
  for (const [name, value] of Object.entries(fields)) back.searchParams.set(name, value);
  return { location: back.toString(), notification };
}

async function refund(state: SandboxState, request: IncomingMessage, response: ServerResponse): Promise<void> {
  let form: Record<string, string>;
  try {
    form = JSON.parse(await readBody(request)) as Record<string, string>;
  } catch {
    return sendJson(response, 200, { errorCode: 'SIS0261' });
  }
  const checked = checkRequest(state, form);
  const refuse = (errorCode: string) => {
    state.record({ provider: 'redsys', kind: 'refused', detail: { errorCode, what: 'refund' } });
    sendJson(response, 200, { errorCode });
  };
  if ('error' in checked) return refuse(checked.error);
  const attempt = [...state.attempts.values()].find(
    (a) => a.provider === 'redsys' && a.reference === checked.DS_MERCHANT_ORDER && a.state === 'authorized',
  );
  const amount = Number(checked.DS_MERCHANT_AMOUNT);
  if (checked.DS_MERCHANT_TRANSACTIONTYPE !== '3') return refuse('SIS0054');
  if (!attempt) return refuse('SIS0064');
  if (state.refuseRefunds || !Number.isSafeInteger(amount) || amount <= 0 || attempt.refunded + amount > attempt.amount)
    return refuse('SIS0057');
  attempt.refunded += amount;
  const code = String(randomInt(100000, 999999));
  state.record({ provider: 'redsys', kind: 'refund', reference: attempt.reference, detail: { amount, code } });
  const answer = signed(state.redsysKeys.get(attempt.merchant)!, attempt.reference, {
    Ds_Amount: String(amount),
    Ds_Currency: checked.DS_MERCHANT_CURRENCY ?? '978',
    Ds_Order: attempt.reference,
    Ds_MerchantCode: attempt.merchant,
    Ds_Terminal: checked.DS_MERCHANT_TERMINAL ?? '1',
    Ds_Response: '0900',
    Ds_AuthorisationCode: code,
    Ds_TransactionType: '3',
    Ds_SecurePayment: '0',
    Ds_Language: '1',
    Ds_MerchantData: '',
  });
  // The REST answer's signature is in standard base64.
  sendJson(response, 200, { ...answer, Ds_Signature: toStandard(answer.Ds_Signature) });
}

/** Handles a Redsys path; false when the path is not Redsys'. */
export async function redsysRoutes(
  state: SandboxState,
  request: IncomingMessage,
  response: ServerResponse,
  path: string,
): Promise<boolean> {
  if (request.method === 'POST' && path === '/sis/realizarPago') {
    const form = Object.fromEntries(new URLSearchParams(await readBody(request)));
    const checked = checkRequest(state, form);
    if ('error' in checked) {
      state.record({ provider: 'redsys', kind: 'refused', detail: { errorCode: checked.error, what: 'payment' } });
      send(response, 200, messagePage(`Error ${checked.error}: la petición no es válida`), 'text/html; charset=utf-8');
      return true;
    }
    const attempt: Attempt = {
      id: newId('rs_', 8),
      provider: 'redsys',
      reference: checked.DS_MERCHANT_ORDER ?? '',
      amount: Number(checked.DS_MERCHANT_AMOUNT),
      currency: CURRENCIES[checked.DS_MERCHANT_CURRENCY ?? ''] ?? 'EUR',
      method: checked.DS_MERCHANT_PAYMETHODS === 'z' ? 'bizum' : 'card',
      merchant: checked.DS_MERCHANT_MERCHANTCODE ?? '',
      state: 'open',
      refunded: 0,
      data: checked,
    };
    state.attempts.set(attempt.id, attempt);
    state.record({ provider: 'redsys', kind: 'payment', reference: attempt.reference, detail: { ...checked } });
    redirect(response, `/sis/pago/${attempt.id}`);
    return true;
  }
  const page = /^\/sis\/pago\/([\w-]+)$/.exec(path);
  if (page) {
    const attempt = state.attempts.get(page[1]!);
    if (!attempt) send(response, 404, messagePage('Operación no encontrada'), 'text/html; charset=utf-8');
    else if (request.method === 'GET')
      send(response, 200, paymentPage('Redsys · Pago seguro', attempt, path), 'text/html; charset=utf-8');
    else if (attempt.state !== 'open')
      send(response, 409, messagePage('Operación ya procesada'), 'text/html; charset=utf-8');
    else {
      const decision = new URLSearchParams(await readBody(request)).get('decision');
      redirect(response, (await decideRedsys(state, attempt, decision === 'authorize')).location);
    }
    return true;
  }
  if (request.method === 'POST' && path === '/sis/rest/trataPeticionREST') {
    await refund(state, request, response);
    return true;
  }
  return false;
}
