/**
 * Correcting what was sent (docs/rules.md#the-floor): a sent line voided (part of its quantity or all of it), the
 * house's invitations and discounts on a table's bill, the venue's audit log as managers read it, and the pre-bill
 * («Imprimir cuenta»). Schemas of `/api/venues/{id}/orders/{orderId}/lines/{index}/void`,
 * `/api/venues/{id}/tables/{label}/adjustments`, `/api/venues/{id}/tables/{label}/prebill` and
 * `/api/venues/{id}/audit`, and their exact Spanish strings. Money is integer minor units.
 */
import * as z from 'zod/mini';
import { LIMITS } from './limits.ts';
import { cleanLine } from './text.ts';

/** The reasons a waiter picks from when voiding a sent line; «Otro: …» carries a few words of their own. */
export const VOID_REASONS = ['Error al pedir', 'El cliente ha cambiado de idea', 'Producto agotado'] as const;
/** The start of a reason of one's own: «Otro: se cayó al suelo». */
export const OTHER_REASON_PREFIX = 'Otro: ';

/** The longest reason a person may type («Otro: …», an invitation's or a discount's reason). */
export const REASON_MAX = 120;

/** True for one of `VOID_REASONS`, or «Otro: » followed by some words. */
export const isVoidReason = (reason: string): boolean =>
  (VOID_REASONS as readonly string[]).includes(reason) ||
  (reason.startsWith(OTHER_REASON_PREFIX) && /[\p{L}\p{N}]/u.test(reason.slice(OTHER_REASON_PREFIX.length)));

/** Body of `POST /api/venues/{id}/orders/{orderId}/lines/{index}/void`. */
export const VoidInput = z.strictObject({
  quantity: z.int().check(z.minimum(1), z.maximum(LIMITS.quantityMax)),
  /** One of `VOID_REASONS`, or «Otro: …». */
  reason: z
    .string()
    .check(
      cleanLine(),
      z.maxLength(REASON_MAX),
      z.refine(isVoidReason, `Elige un motivo: ${VOID_REASONS.join(', ')} u «Otro: …» con tus palabras.`),
    ),
  /**
   * A set menu's line: void only this chosen dish (its course in the set and the dish), `quantity` of the
   * line's sets; the set's price stays, the dish's supplement and its options' deltas come off.
   */
  choice: z.optional(
    z.strictObject({
      courseId: z.string().check(z.minLength(1), z.maxLength(100)),
      productId: z.string().check(z.minLength(1), z.maxLength(100)),
    }),
  ),
});

/** The word a voided line carries on the kitchen's screen and on its printed ticket. */
export const VOIDED_MARK = 'ANULADO';

/** Body of `POST /api/venues/{id}/tables/{label}/adjustments` (managers and admins). */
export const AdjustmentInput = z.union([
  z.strictObject({
    kind: z.literal('comp'),
    /** The bill's line ids (`{orderId}:{n}`) the house pays. */
    lineIds: z.array(z.string().check(z.minLength(1), z.maxLength(100))).check(z.minLength(1), z.maxLength(200)),
    reason: z.string().check(cleanLine(), z.minLength(1), z.maxLength(REASON_MAX)),
  }),
  z.strictObject({
    kind: z.literal('discount'),
    /** A percentage of what the table still owes… */
    percent: z.optional(z.int().check(z.minimum(1), z.maximum(100))),
    /** …or an amount off it (minor units). */
    amount: z.optional(z.int().check(z.minimum(1), z.maximum(100_000_000))),
    reason: z.string().check(cleanLine(), z.minLength(1), z.maxLength(REASON_MAX)),
  }),
]);

/** One invitation or discount on a table's bill: its own line on the bill, every phone and the receipt. */
export const Adjustment = z.object({
  id: z.string(),
  kind: z.enum(['comp', 'discount']),
  /** «Invitación de la casa», «Descuento 10 %». */
  name: z.string(),
  /** What it takes off the bill (minor units). */
  amount: z.int().check(z.minimum(0)),
  /** The lines the house pays (an invitation). */
  lineIds: z.optional(z.array(z.string())),
  percent: z.optional(z.int()),
  reason: z.string(),
  by: z.string(),
  createdAt: z.string(),
});

/** Exact strings of docs/rules.md#the-floor. */
export const CORRECTION_STRINGS = {
  comp: 'Invitación de la casa',
  compOf: (dish: string) => `Invitación de la casa · ${dish}`,
  discount: (percent: number | undefined) => (percent ? `Descuento ${percent} %` : 'Descuento'),
  /** A pre-bill says it on top and at the bottom. */
  notAnInvoice: 'Esto no es una factura',
  preBillTitle: 'Cuenta',
  askManager: 'Pide a un gerente',
  /** What a move or a merge did, in the audit log: «Mesa 4 → Mesa 7». */
  tables: (from: string, to: string) => `Mesa ${from} → Mesa ${to}`,
  /** Whom staff removed from a table, when the audit entry does not name them. */
  somebody: 'Una persona de la mesa',
} as const;

/** Messages the API answers with (problem `detail`); the client may show them as they are. */
export const CORRECTION_MESSAGES = {
  staffOnly: 'Solo el personal de este local puede corregir sus pedidos.',
  managerOnly: 'Solo un gerente puede invitar o hacer descuentos. Pide a un gerente.',
  auditManagerOnly: 'Solo quien gestiona este local puede ver su registro de cambios.',
  orderNotFound: 'Ese pedido no existe.',
  lineNotFound: 'Esa línea no está en el pedido.',
  choiceNotFound: 'Ese plato no está entre los elegidos de ese menú.',
  choiceTooMany: (dish: string, left: number) =>
    left === 0 ? `«${dish}» ya está anulado.` : `Solo quedan ${left} «${dish}» sin anular en ese menú.`,
  orderCancelled: 'Ese pedido está cancelado: no queda nada que anular.',
  tooMany: (left: number) =>
    left === 0 ? 'Esa línea ya está anulada entera.' : `Solo quedan ${left} sin anular en esa línea.`,
  paid: 'Ya está cobrado: no se puede anular. Si hay que devolver el dinero, hazlo como una devolución del cobro.',
  claimed: (who: string) => `${who} está pagando esa línea: que cancele su pago antes de anularla.`,
  compPaid: (dish: string) => `«${dish}» ya está cobrado o alguien lo está pagando: no se puede invitar.`,
  compAgain: (dish: string) => `«${dish}» ya es una invitación de la casa.`,
  unknownLine: 'Esa línea no está en la cuenta de la mesa.',
  percentOrAmount: 'Indica un porcentaje o un importe, no los dos.',
  discountTooHigh: (left: string) => `El descuento supera lo que queda por pagar sin asignar (${left}).`,
  nothingOwed: 'La mesa no debe nada: no hay nada que descontar.',
  noOpenSession: (label: string) => `La mesa ${label} no tiene una sesión abierta.`,
  badDate: 'Fecha no válida (AAAA-MM-DD).',
} as const;

/** The pre-bill: what the table owes, printed before paying («Esto no es una factura»). */
export const PreBill = z.object({
  venueName: z.string(),
  table: z.string(),
  currency: z.string(),
  locale: z.string(),
  timezone: z.string(),
  printedAt: z.string(),
  lines: z.array(z.object({ name: z.string(), quantity: z.int(), amount: z.int() })),
  /** Invitations and discounts, each its own line (amount taken off). */
  adjustments: z.array(z.object({ name: z.string(), amount: z.int() })),
  total: z.int(),
  paid: z.int(),
  balance: z.int(),
  notice: z.string(),
});

/** `POST /api/venues/{id}/tables/{label}/prebill` (202): the print jobs (none: print it in the browser) and the pre-bill. */
export const PreBillResult = z.object({
  jobs: z.array(z.object({ id: z.string(), printerId: z.string() })),
  prebill: PreBill,
});

/** What each action of the audit log is called on `/panel/caja` and in its CSV (an unknown one shows as it is). */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  void: 'Anulación',
  comp: 'Invitación',
  discount: 'Descuento',
  move: 'Cambio de mesa',
  merge: 'Unión de mesas',
  removeParticipant: 'Persona quitada',
  closeUnpaid: 'Cerrada sin cobrar',
  paymentProvider: 'Pagos en línea',
};

/** One entry of the venue's audit log. */
export const AuditLogEntry = z.object({
  id: z.int(),
  /** ISO 8601 (UTC). */
  at: z.string(),
  by: z.string(),
  /** `void`, `comp`, `discount`, `move`, `merge`, `removeParticipant`, `closeUnpaid`… */
  action: z.string(),
  /** The table's label (or what else it was done to). */
  table: z.string(),
  /** What was done, in words («2 × Guacamole», «Mesa 4 → Mesa 7»). */
  what: z.string(),
  reason: z.optional(z.string()),
  detail: z.record(z.string(), z.unknown()),
});

/** `GET /api/venues/{id}/audit?date=YYYY-MM-DD`: the day's entries (venue's time zone), oldest first. */
export const AuditDay = z.object({ venueId: z.string(), date: z.string(), entries: z.array(AuditLogEntry) });

export type VoidInput = z.infer<typeof VoidInput>;
export type AdjustmentInput = z.infer<typeof AdjustmentInput>;
export type Adjustment = z.infer<typeof Adjustment>;
export type PreBill = z.infer<typeof PreBill>;
export type PreBillResult = z.infer<typeof PreBillResult>;
export type AuditLogEntry = z.infer<typeof AuditLogEntry>;
export type AuditDay = z.infer<typeof AuditDay>;
