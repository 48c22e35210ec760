/**
 * Refunds (docs/rules.md#refunds): a manager refunds a payment in full or in part
 * (`POST /api/venues/{id}/payments/{paymentId}/refund`), through its online provider or, for a payment taken at the
 * venue, in cash or at the card terminal; each refund is a rectifying receipt (factura rectificativa, `R5`).
 * Schemas and the exact Spanish strings.
 */
import * as z from 'zod/mini';
import { PaidWith, Receipt } from './bill.ts';

/** A refund's reason is at most this long (it is printed on the rectifying receipt). */
export const REFUND_REASON_MAX = 200;

/** Body of the refund route (with an `Idempotency-Key`): the money given back, and why. */
export const RefundInput = z.strictObject({
  amount: z.int().check(z.minimum(1), z.maximum(100_000_000)),
  reason: z.string().check(z.trim(), z.minLength(1), z.maxLength(REFUND_REASON_MAX)),
});

export const Refund = z.object({
  id: z.string(),
  venueId: z.string(),
  paymentId: z.string(),
  /** The money given back: `sale` (of the invoice) + `tip`. */
  amount: z.int(),
  sale: z.int(),
  tip: z.int(),
  reason: z.string(),
  method: PaidWith,
  provider: z.optional(z.string()),
  providerRef: z.optional(z.string()),
  createdAt: z.string(),
  receiptId: z.string(),
});

export const RefundResult = z.object({ refund: Refund, receipt: Receipt });

/** Exact strings of docs/rules.md#refunds. */
export const REFUND_STRINGS = {
  title: 'Factura rectificativa',
  /** The line of a rectifying receipt (one per tax rate). */
  line: (number: string) => `Devolución de ${number}`,
  rectifies: 'Rectifica la factura',
  reason: 'Motivo',
  rectifiedBy: 'Rectificada por',
  refundTitle: 'Devolver un cobro',
} as const;

/** An online payment's provider as a manager reads it: «Bizum» (through Redsys), «Redsys», «Stripe». */
export const providerLabel = (provider: string, method?: string): string =>
  method === 'bizum' ? 'Bizum' : provider === 'redsys' ? 'Redsys' : provider === 'stripe' ? 'Stripe' : provider;

/** Messages the API answers with (problem `detail`). */
export const REFUND_MESSAGES = {
  managerOnly: 'Solo quien gestiona este local puede devolver un cobro.',
  paymentNotFound: 'Ese cobro no existe en este local.',
  overRefund: (left: string) => `Eso es más de lo que queda por devolver de este cobro (${left}).`,
  fullyRefunded: 'Ese cobro ya está devuelto entero.',
  tipOnly: 'Lo cobrado por la venta ya está devuelto: la propina se devuelve solo junto con lo último de la venta.',
  inProgress: 'Ese reembolso se está tramitando con el proveedor de pagos. Espera un momento y revisa la caja.',
  noProvider: 'Este cobro se hizo en línea, pero el local ya no tiene un proveedor de pagos configurado.',
  otherProvider: (provider: string) =>
    `Este cobro se hizo con ${provider}, pero el local tiene ahora otro proveedor de pagos: devuélvelo desde ${provider}.`,
  providerRefused: (provider: string, why: string) => `${provider} no ha aceptado el reembolso: ${why}`,
  keyMismatch: 'Ya registraste un reembolso con esta clave y otros datos.',
} as const;

export type RefundInput = z.infer<typeof RefundInput>;
export type Refund = z.infer<typeof Refund>;
export type RefundResult = z.infer<typeof RefundResult>;
