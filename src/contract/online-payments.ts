/**
 * Paying from the phone (docs/rules.md#paying-from-the-phone): a diner pays their part of the table's bill, or a
 * pickup or delivery order, at the venue's payment provider. Schemas of `/api/table-session/bill/checkout` and
 * `/api/payments/{paymentId}`, and the exact Spanish strings the API answers with. Money is integer minor units.
 */
import * as z from 'zod/mini';
import { LIMITS } from './limits.ts';
import { SHARE_MAX } from './bill.ts';

/** How long a pending online payment holds what it pays (docs/rules.md#paying-from-the-phone). */
export const ONLINE_HOLD_MS = 10 * 60 * 1000;

export const ONLINE_METHODS = ['card', 'bizum'] as const;
export const OnlineMethod = z.enum(ONLINE_METHODS);
export const ONLINE_STATUSES = ['pending', 'paid', 'failed', 'expired'] as const;
export const OnlineStatus = z.enum(ONLINE_STATUSES);

/** Messages the API answers with (problem `detail`). */
export const ONLINE_PAYMENT_MESSAGES = {
  noProvider: 'Este local no acepta pagos desde el móvil: pide que te cobren en la mesa.',
  bizumNeedsRedsys: 'Este local no acepta Bizum: paga con tarjeta.',
  providerFailed: 'La pasarela de pago no responde. Vuelve a intentarlo o pide que te cobren en la mesa.',
  paymentNotFound: 'Ese pago no existe.',
  keyMismatch: 'Ya empezaste un pago con esta clave y otros datos.',
  badNotification: 'Notificación de pago no válida.',
  amountMismatch: 'El importe o la moneda de la confirmación no coinciden con los del pago.',
  orderOnlineUnavailable: 'Este local no acepta pagos desde el móvil: elige pagar al recoger.',
} as const;

const lineId = z.string().check(z.minLength(1), z.maxLength(100));
const money = z.int().check(z.minimum(0));

/** Body of `POST /api/table-session/bill/checkout` (with an `Idempotency-Key`): what a request pays, and how. */
export const CheckoutInput = z.strictObject({
  lineIds: z.optional(z.array(lineId).check(z.maxLength(LIMITS.linesPerOrder * 10))),
  shares: z.optional(
    z
      .array(z.strictObject({ lineId, of: z.int().check(z.minimum(2), z.maximum(SHARE_MAX)) }))
      .check(z.maxLength(LIMITS.linesPerOrder * 10)),
  ),
  amount: z.optional(z.int().check(z.minimum(1), z.maximum(100_000_000))),
  tip: z.int().check(z.minimum(0), z.maximum(100_000_000)),
  method: z.optional(OnlineMethod),
});

/** Where the phone goes to pay: a GET (Stripe) or a form POSTed with `fields` (Redsys). */
export const PaymentRedirect = z.object({
  url: z.string(),
  method: z.enum(['GET', 'POST']),
  fields: z.optional(z.record(z.string(), z.string())),
});

/** `201` of a checkout: the payment's id (the return page `/pago/{paymentId}`) and where to pay it. */
export const CheckoutResult = z.object({ paymentId: z.string(), redirect: PaymentRedirect });

/** `GET /api/payments/{paymentId}`: what the return page shows (anyone with the link: the id is unguessable). */
export const OnlinePayment = z.object({
  id: z.string(),
  venueId: z.string(),
  status: OnlineStatus,
  amount: money,
  tip: money,
  currency: z.string(),
  method: OnlineMethod,
  table: z.optional(z.string()),
  orderId: z.optional(z.string()),
  /** Set once paid: the receipt (`/recibo/{receiptId}`). */
  receiptId: z.optional(z.string()),
});

/** Whether a venue takes payments from the phone, and with which methods (Bizum only through Redsys). */
export const OnlinePaying = z.object({ methods: z.array(OnlineMethod) });

export type OnlineMethod = z.infer<typeof OnlineMethod>;
export type OnlineStatus = z.infer<typeof OnlineStatus>;
export type CheckoutInput = z.infer<typeof CheckoutInput>;
export type PaymentRedirect = z.infer<typeof PaymentRedirect>;
export type CheckoutResult = z.infer<typeof CheckoutResult>;
export type OnlinePayment = z.infer<typeof OnlinePayment>;
export type OnlinePaying = z.infer<typeof OnlinePaying>;
