/**
 * Local stand-ins for the payment providers (docs/architecture.md#online-payments), started by the
 * tests, never by production code: one HTTP listener on 127.0.0.1 (a free port) that plays
 *
 * - the Redsys TPV virtual (scripts/payment-sandbox/redsys.ts): `POST /sis/realizarPago` (the phone's
 *   form; the merchant's signature checked with the key it knows for DS_MERCHANT_MERCHANTCODE, else
 *   the page «Error SIS0042…»), the hosted page `/sis/pago/{id}` («Autorizar», «Denegar»; «Bizum» when
 *   DS_MERCHANT_PAYMETHODS is z), the signed notification POSTed form-encoded to
 *   DS_MERCHANT_MERCHANTURL (before the phone is sent on, as Redsys' synchronous notification does),
 *   then a 303 to DS_MERCHANT_URLOK / URLKO with the signed fields in the query; `POST
 *   /sis/rest/trataPeticionREST` refunds (transaction type 3, answer Ds_Response 0900 signed);
 * - Stripe (scripts/payment-sandbox/stripe.ts): `POST /v1/checkout/sessions` and `POST /v1/refunds`
 *   for the secret keys it knows (others: 401), the hosted page `/c/pay/{id}`, and the
 *   `checkout.session.completed` webhook (or `checkout.session.expired` on «Denegar») posted to the
 *   account's webhook URL with a `Stripe-Signature` made with its webhook secret.
 *
 * Point a venue at it with `url: sandbox.url` in its provider configuration (Redsys: the TPV's host;
 * Stripe: the library's host/port/protocol).
 *
 *     const sandbox = await startPaymentSandbox({
 *       redsys: { '999008881': 'sq7HjrUOBfKmC576ILgskD5srU870gJ7' },   // merchant code → secret key
 *       stripe: { sk_test_umenu: { webhookSecret: 'whsec_umenu', webhookUrl: `${api}/api/payments/stripe/webhook` } },
 *       hold: false,   // true: notifications are kept until `deliver(id)` (to send a late one)
 *     });
 *
 * Test controls (in-process, and the same over HTTP under `/_sandbox/` for a browser test):
 * - `received()` / `GET /_sandbox/received`: `{ records, notifications }`: every payment request,
 *   decision, refund and refusal, and every notification with the status of each delivery;
 * - `resend(id)` / `POST /_sandbox/notifications/{id}/resend`: deliver a sent notification once more
 *   (a repeat; Stripe's signed again with a fresh timestamp, as Stripe's retries are); `deliver(id)`
 *   is the same, for a held one (a late notification: hold, let the payment expire, then deliver);
 * - `decide(reference, 'authorize' | 'deny')`: the hosted page's buttons without a browser (API tests):
 *   answers `{ location, notification }`;
 * - `setRedsysKey(code, key)`, `setStripeAccount(secretKey, { webhookSecret, webhookUrl })`,
 *   `setHold(boolean)`, `setRefuseRefunds(boolean)` (refunds answered SIS0057 / amount_too_large);
 *   over HTTP: `POST /_sandbox/config` `{ redsys?, stripe?, hold?, refuseRefunds? }`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  deliver as deliverForm,
  readBody,
  sendJson,
  type Attempt,
  type SandboxRecord,
  type SandboxState,
  type SentNotification,
} from './payment-sandbox/shared.ts';
import { decideRedsys, redsysRoutes } from './payment-sandbox/redsys.ts';
import { decideStripe, deliverStripe, stripeRoutes } from './payment-sandbox/stripe.ts';

interface StripeAccount {
  webhookSecret: string;
  webhookUrl?: string;
}

export interface PaymentSandboxOptions {
  /** Redsys merchants it knows: merchant code (FUC) → secret key (base64). */
  redsys?: Record<string, string>;
  /** Stripe accounts it knows: secret API key → webhook endpoint (signing secret and URL). */
  stripe?: Record<string, StripeAccount>;
  /** Keep notifications until `deliver(id)` instead of sending them at once. */
  hold?: boolean;
}

export interface PaymentSandbox {
  /** `http://127.0.0.1:{port}`: a venue's provider `url`. */
  url: string;
  close(): Promise<void>;
  received(): { records: SandboxRecord[]; notifications: SentNotification[] };
  resend(notificationId: string): Promise<number>;
  deliver(notificationId: string): Promise<number>;
  decide(
    reference: string,
    decision: 'authorize' | 'deny',
  ): Promise<{ location: string; notification: SentNotification }>;
  setRedsysKey(merchantCode: string, secretKey: string): void;
  setStripeAccount(secretKey: string, account: StripeAccount): void;
  setHold(hold: boolean): void;
  setRefuseRefunds(refuse: boolean): void;
}

export async function startPaymentSandbox(options: PaymentSandboxOptions = {}): Promise<PaymentSandbox> {
  const state: SandboxState = {
    base: '',
    redsysKeys: new Map(Object.entries(options.redsys ?? {})),
    stripeAccounts: new Map(Object.entries(options.stripe ?? {})),
    attempts: new Map<string, Attempt>(),
    records: [],
    notifications: [],
    hold: options.hold ?? false,
    refuseRefunds: false,
    idempotency: new Map(),
    record(entry) {
      this.records.push({ at: Date.now(), ...entry });
    },
  };

  const notification = (id: string) => {
    const found = state.notifications.find((n) => n.id === id);
    if (!found) throw new Error(`payment sandbox: no notification ${id}`);
    return found;
  };
  const resend = (id: string) => {
    const n = notification(id);
    return n.provider === 'stripe' ? deliverStripe(n) : deliverForm(n);
  };
  const decide = (reference: string, decision: 'authorize' | 'deny') => {
    const attempt = [...state.attempts.values()].reverse().find((a) => a.reference === reference && a.state === 'open');
    if (!attempt) throw new Error(`payment sandbox: no open payment ${reference}`);
    const authorized = decision === 'authorize';
    return attempt.provider === 'redsys'
      ? decideRedsys(state, attempt, authorized)
      : decideStripe(state, attempt, authorized);
  };
  const configure = (body: {
    redsys?: Record<string, string>;
    stripe?: Record<string, StripeAccount>;
    hold?: boolean;
    refuseRefunds?: boolean;
  }) => {
    for (const [code, key] of Object.entries(body.redsys ?? {})) state.redsysKeys.set(code, key);
    for (const [key, account] of Object.entries(body.stripe ?? {})) state.stripeAccounts.set(key, account);
    if (typeof body.hold === 'boolean') state.hold = body.hold;
    if (typeof body.refuseRefunds === 'boolean') state.refuseRefunds = body.refuseRefunds;
  };

  async function controls(request: IncomingMessage, response: ServerResponse, path: string): Promise<void> {
    if (request.method === 'GET' && path === '/_sandbox/received')
      return sendJson(response, 200, { records: state.records, notifications: state.notifications });
    const again = /^\/_sandbox\/notifications\/([\w-]+)\/resend$/.exec(path);
    if (request.method === 'POST' && again) return sendJson(response, 200, { status: await resend(again[1]!) });
    if (request.method === 'POST' && path === '/_sandbox/config') {
      configure(JSON.parse((await readBody(request)) || '{}') as Parameters<typeof configure>[0]);
      response.writeHead(204).end();
      return;
    }
    sendJson(response, 404, { error: 'no such control' });
  }

  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://sandbox').pathname;
    const handle = async () => {
      if (path.startsWith('/_sandbox/')) return controls(request, response, path);
      if (await redsysRoutes(state, request, response, path)) return;
      if (await stripeRoutes(state, request, response, path)) return;
      sendJson(response, 404, { error: 'not found' });
    };
    handle().catch((error: unknown) => {
      if (!response.headersSent) sendJson(response, 500, { error: String(error) });
      else response.end();
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: state.base,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
    received: () => ({ records: [...state.records], notifications: [...state.notifications] }),
    resend,
    deliver: resend,
    decide,
    setRedsysKey: (code, key) => void state.redsysKeys.set(code, key),
    setStripeAccount: (key, account) => void state.stripeAccounts.set(key, account),
    setHold: (hold) => void (state.hold = hold),
    setRefuseRefunds: (refuse) => void (state.refuseRefunds = refuse),
  };
}
