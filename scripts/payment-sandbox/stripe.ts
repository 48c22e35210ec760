/**
 * Stripe's stand-in, from its public API reference: `POST /v1/checkout/sessions` (form-encoded, Bearer
 * secret key, Idempotency-Key) answering a Checkout Session `{id, object, url, …}`; the hosted page
 * (`/c/pay/{id}`) with «Autorizar» and «Denegar»; the `checkout.session.completed` webhook signed as
 * Stripe signs it (`Stripe-Signature: t=…,v1=…`, HMAC-SHA256 of `${t}.${payload}` with the endpoint's
 * secret, made by the library's `generateTestHeaderString`); «Denegar» sends `checkout.session.expired`
 * (the diner gave up); `POST /v1/refunds`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import Stripe from 'stripe';
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

type Nested = { [key: string]: string | Nested };

/** Stripe's form encoding (`line_items[0][price_data][currency]=eur`) as nested objects. */
function parseForm(body: string): Nested {
  const out: Nested = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const keys = name.replace(/\]/g, '').split('[');
    let node = out;
    keys.forEach((key, i) => {
      if (i === keys.length - 1) node[key] = value;
      else node = (node[key] ??= {}) as Nested;
    });
  }
  return out;
}

const stripeError = (response: ServerResponse, status: number, message: string, code?: string) =>
  sendJson(response, status, { error: { type: 'invalid_request_error', message, ...(code ? { code } : {}) } });

/** Signs and posts a webhook event once more (Stripe signs each delivery with a fresh timestamp). */
export function deliverStripe(notification: SentNotification): Promise<number> {
  const header = Stripe.webhooks.generateTestHeaderString({ payload: notification.body, secret: notification.secret! });
  return deliver(notification, { 'stripe-signature': header });
}

/** The diner's choice on the hosted page: the webhook, then the phone's way back. */
export async function decideStripe(
  state: SandboxState,
  attempt: Attempt,
  authorized: boolean,
): Promise<{ location: string; notification: SentNotification }> {
  attempt.state = authorized ? 'authorized' : 'denied';
  state.record({ provider: 'stripe', kind: 'decision', reference: attempt.reference, detail: { authorized } });
  const session = attempt.data;
  Object.assign(
    session,
    authorized
      ? { status: 'complete', payment_status: 'paid', payment_intent: newId('pi_', 12) }
      : { status: 'expired', payment_status: 'unpaid' },
  );
  const account = state.stripeAccounts.get(String(session.__key))!;
  const { __key: _key, ...object } = session;
  const event = {
    id: newId('evt_', 12),
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: authorized ? 'checkout.session.completed' : 'checkout.session.expired',
  };
  const notification: SentNotification = {
    id: newId('n_', 8),
    provider: 'stripe',
    reference: attempt.reference,
    url: account.webhookUrl ?? '',
    body: JSON.stringify(event, null, 2),
    contentType: 'application/json; charset=utf-8',
    secret: account.webhookSecret,
    statuses: [],
  };
  state.notifications.push(notification);
  if (!state.hold && notification.url) await deliverStripe(notification);
  const back = authorized
    ? String(session.success_url).replace('{CHECKOUT_SESSION_ID}', String(session.id))
    : String(session.cancel_url);
  return { location: back, notification };
}

async function createSession(state: SandboxState, key: string, body: string, request: IncomingMessage) {
  const idempotencyKey = request.headers['idempotency-key'];
  const remembered = typeof idempotencyKey === 'string' ? state.idempotency.get(`${key} ${idempotencyKey}`) : undefined;
  if (remembered) return remembered;
  const form = parseForm(body);
  const text = (value: string | Nested | undefined) => (typeof value === 'string' ? value : undefined);
  const items = (form.line_items ?? {}) as Nested;
  const item = (items['0'] ?? {}) as Nested;
  const price = (item.price_data ?? {}) as Nested;
  const reference = text(form.client_reference_id);
  const amount = Number(price.unit_amount) * Number(item.quantity ?? 1);
  const id = newId('cs_test_', 24);
  const session = {
    id,
    object: 'checkout.session',
    amount_subtotal: amount,
    amount_total: amount,
    cancel_url: form.cancel_url ?? null,
    client_reference_id: reference ?? null,
    created: Math.floor(Date.now() / 1000),
    currency: (text(price.currency) ?? '').toLowerCase(),
    expires_at: Math.floor(Date.now() / 1000) + 86_400,
    livemode: false,
    locale: form.locale ?? null,
    metadata: form.metadata ?? {},
    mode: form.mode ?? 'payment',
    payment_intent: null,
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    status: 'open',
    success_url: form.success_url ?? null,
    url: `${state.base}/c/pay/${id}`,
  };
  const attempt: Attempt = {
    id,
    provider: 'stripe',
    reference: reference ?? id,
    amount,
    currency: session.currency.toUpperCase(),
    method: 'card',
    merchant: 'Stripe',
    state: 'open',
    refunded: 0,
    data: { ...session, __key: key },
  };
  state.attempts.set(id, attempt);
  state.record({ provider: 'stripe', kind: 'payment', reference: attempt.reference, detail: { ...form } });
  if (typeof idempotencyKey === 'string') state.idempotency.set(`${key} ${idempotencyKey}`, session);
  return session;
}

function createRefund(state: SandboxState, body: string, response: ServerResponse): void {
  const form = parseForm(body);
  const attempt = [...state.attempts.values()].find(
    (a) => a.provider === 'stripe' && (a.data as { payment_intent?: string }).payment_intent === form.payment_intent,
  );
  if (!attempt || attempt.state !== 'authorized')
    return stripeError(response, 404, 'No such payment_intent', 'resource_missing');
  const amount = form.amount === undefined ? attempt.amount - attempt.refunded : Number(form.amount);
  if (
    state.refuseRefunds ||
    !Number.isSafeInteger(amount) ||
    amount <= 0 ||
    attempt.refunded + amount > attempt.amount
  ) {
    state.record({
      provider: 'stripe',
      kind: 'refused',
      reference: attempt.reference,
      detail: { amount, what: 'refund' },
    });
    return stripeError(response, 400, 'Refund amount is greater than unrefunded amount', 'amount_too_large');
  }
  attempt.refunded += amount;
  const refund = {
    id: newId('re_', 12),
    object: 'refund',
    amount,
    currency: attempt.currency.toLowerCase(),
    created: Math.floor(Date.now() / 1000),
    metadata: form.metadata ?? {},
    payment_intent: form.payment_intent,
    status: 'succeeded',
  };
  state.record({ provider: 'stripe', kind: 'refund', reference: attempt.reference, detail: { amount, id: refund.id } });
  sendJson(response, 200, refund);
}

/** Handles a Stripe path; false when the path is not Stripe's. */
export async function stripeRoutes(
  state: SandboxState,
  request: IncomingMessage,
  response: ServerResponse,
  path: string,
): Promise<boolean> {
  if (path.startsWith('/v1/')) {
    const key = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
    const body = await readBody(request);
    if (!state.stripeAccounts.has(key)) {
      state.record({ provider: 'stripe', kind: 'refused', detail: { what: path, error: 'api key' } });
      stripeError(response, 401, 'Invalid API Key provided');
    } else if (request.method === 'POST' && path === '/v1/checkout/sessions')
      sendJson(response, 200, await createSession(state, key, body, request));
    else if (request.method === 'POST' && path === '/v1/refunds') createRefund(state, body, response);
    else stripeError(response, 404, `Unrecognized request URL (${request.method}: ${path})`);
    return true;
  }
  const page = /^\/c\/pay\/([\w-]+)$/.exec(path);
  if (!page) return false;
  const attempt = state.attempts.get(page[1]!);
  if (!attempt) send(response, 404, messagePage('Sesión de pago no encontrada'), 'text/html; charset=utf-8');
  else if (request.method === 'GET')
    send(response, 200, paymentPage('Stripe · Checkout', attempt, path), 'text/html; charset=utf-8');
  else if (attempt.state !== 'open')
    send(response, 409, messagePage('Sesión ya procesada'), 'text/html; charset=utf-8');
  else {
    const decision = new URLSearchParams(await readBody(request)).get('decision');
    redirect(response, (await decideStripe(state, attempt, decision === 'authorize')).location);
  }
  return true;
}
