/** What the payment stand-ins share: their state, records, form/HTML helpers and the outgoing notifications. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';

/** One call the stand-in received or made, in order (`sandbox.received()`). */
export interface SandboxRecord {
  at: number;
  provider: 'redsys' | 'stripe';
  kind: 'payment' | 'decision' | 'refund' | 'refused';
  /** Redsys order / Stripe client_reference_id. */
  reference?: string;
  detail: Record<string, unknown>;
}

/** A notification (Redsys) or webhook (Stripe) the stand-in sent to the API, with every delivery's answer. */
export interface SentNotification {
  id: string;
  provider: 'redsys' | 'stripe';
  reference: string;
  url: string;
  /** What was posted: form-encoded for Redsys, JSON for Stripe. */
  body: string;
  contentType: string;
  /** Stripe only: its webhook signing secret (each delivery is signed again, as Stripe does). */
  secret?: string;
  /** The HTTP status of each delivery (0: the API could not be reached). */
  statuses: number[];
}

/** A payment attempt the hosted page shows. */
export interface Attempt {
  id: string;
  provider: 'redsys' | 'stripe';
  reference: string;
  amount: number;
  currency: string;
  method: 'card' | 'bizum';
  merchant: string;
  state: 'open' | 'authorized' | 'denied';
  /** Amount refunded so far (minor units). */
  refunded: number;
  /** Provider fields (Redsys parameters, Stripe session). */
  data: Record<string, unknown>;
}

export interface SandboxState {
  base: string;
  redsysKeys: Map<string, string>;
  stripeAccounts: Map<string, { webhookSecret: string; webhookUrl?: string }>;
  attempts: Map<string, Attempt>;
  records: SandboxRecord[];
  notifications: SentNotification[];
  /** When true, notifications are recorded but not delivered until `deliver(id)` (a late one). */
  hold: boolean;
  refuseRefunds: boolean;
  /** Stripe's answers by Idempotency-Key (a retried request gets the same session). */
  idempotency: Map<string, unknown>;
  record(entry: Omit<SandboxRecord, 'at'>): void;
}

export const newId = (prefix: string, bytes = 12) => `${prefix}${randomBytes(bytes).toString('hex')}`;

export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export function send(response: ServerResponse, status: number, body: string, type: string, headers = {}): void {
  response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', ...headers });
  response.end(body);
}

export const sendJson = (response: ServerResponse, status: number, value: unknown) =>
  send(response, status, JSON.stringify(value), 'application/json');

export function redirect(response: ServerResponse, location: string): void {
  response.writeHead(303, { location, 'cache-control': 'no-store' });
  response.end();
}

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export const money = (amount: number, currency: string) =>
  new Intl.NumberFormat('es-ES', { style: 'currency', currency }).format(amount / 100);

/** The hosted payment page: what is paid, to whom, and the two buttons. */
export function paymentPage(title: string, attempt: Attempt, action: string): string {
  const method = attempt.method === 'bizum' ? '<p class="method">Bizum</p>' : '<p class="method">Tarjeta</p>';
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(title)}</title><style>body{font:16px system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
h1{font-size:1.25rem}.amount{font-size:2rem;font-weight:700;margin:.5rem 0}.method{font-weight:600}
button{display:block;width:100%;padding:.9rem;margin:.75rem 0;font-size:1rem;border-radius:.5rem;border:1px solid #1a1a1a;background:#fff;color:#1a1a1a}
button[value=authorize]{background:#14532d;color:#fff;border-color:#14532d}</style></head>
<body><main><h1>${escape(title)}</h1><p>Comercio ${escape(attempt.merchant)} · Pedido ${escape(attempt.reference)}</p>
<p class="amount">${escape(money(attempt.amount, attempt.currency))}</p>${method}
<form method="post" action="${escape(action)}"><button name="decision" value="authorize">Autorizar</button>
<button name="decision" value="deny">Denegar</button></form></main></body></html>`;
}

export function messagePage(text: string): string {
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>${escape(text)}</title></head><body><main><h1>${escape(text)}</h1></main></body></html>`;
}

/** Posts a notification to the API (once more): its status is added to `statuses`. */
export async function deliver(notification: SentNotification, headers: Record<string, string> = {}): Promise<number> {
  let status: number;
  try {
    const response = await fetch(notification.url, {
      method: 'POST',
      headers: { 'content-type': notification.contentType, ...headers },
      body: notification.body,
      signal: AbortSignal.timeout(30_000),
    });
    await response.arrayBuffer();
    status = response.status;
  } catch {
    status = 0;
  }
  notification.statuses.push(status);
  return status;
}
