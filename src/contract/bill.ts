/**
 * The bill (docs/rules.md#the-bill): a table's bill built from its sent rounds, payment requests from the diners'
 * phones, payments staff record, the simplified invoice (receipt) of each payment and, for venues in Spain, its
 * VERI*FACTU registration record. Schemas of `/api/table-session/bill`, `/api/table-session/payment-requests`,
 * `/api/venues/{id}/tables/{label}/bill|payments`, `/api/venues/{id}/orders/{orderId}/payments`,
 * `/api/receipts/{id}`, `/api/venues/{id}/verifactu/records` and `/api/venues/{id}/cash`, and the exact Spanish strings.
 * Money is integer minor units; the server decides every amount.
 */
import * as z from 'zod/mini';
import { LIMITS } from './limits.ts';
import { Order, OrderLineChoice, PaymentMethod } from './order.ts';
import { SET_MESSAGES } from './set-menu.ts';
import { Legal } from './venue.ts';
import { Adjustment } from './corrections.ts';

/** Exact strings of docs/rules.md#the-bill. */
export const BILL_STRINGS = {
  paid: 'Pagada',
  verifiable: 'Factura verificable en la sede electrónica de la AEAT',
  verifactu: 'VERI*FACTU',
  receiptTitle: 'Factura simplificada',
  /** The one line of a receipt that covers an amount rather than dishes. */
  shareOfBill: (table: string) => `Parte de la cuenta · Mesa ${table}`,
  /** A shared line on a receipt: `Guacamole (1/3)`. */
  sharedLine: (name: string, index: number, of: number) => `${name} (${index}/${of})`,
  deliveryFee: 'Envío',
  /** Who a line staff charged by hand was paid by. */
  staffName: 'Personal',
} as const;

/** Messages the API answers with (problem `detail`); the client may show them as they are. */
export const BILL_MESSAGES = {
  tooManyRequests: (wait: string) => `Has pedido pagar muchas veces seguidas. Podrás volver a pedirlo en ${wait}.`,
  lineTaken: (line: string, who: string) => `${who} ya paga «${line}». Quítalo de tu parte.`,
  linePaid: (line: string, who: string) => `${who} ya pagó «${line}».`,
  sharedOtherwise: (line: string, of: number) => `«${line}» ya se comparte entre ${of}: elige compartirlo entre ${of}.`,
  sharesFull: (line: string, of: number) => `Las ${of} partes de «${line}» ya tienen quien las pague.`,
  unknownLine: 'Esa línea no está en la cuenta de la mesa.',
  repeatedLine: 'Has elegido la misma línea dos veces.',
  chooseOne: 'Elige platos, partes de platos o una cantidad, no varias cosas a la vez.',
  chooseSomething: 'Elige qué pagas: tus platos, una parte o una cantidad.',
  overBalance: (left: string) => `Eso es más de lo que queda por pagar (${left}).`,
  overUnassigned: (left: string) =>
    `Eso es más de lo que queda sin asignar (${left}): otras personas ya están pagando el resto.`,
  tipTooHigh: `La propina no puede superar el ${LIMITS.tipPercentMax} % de lo que pagas.`,
  nothingToPay: 'La cuenta de la mesa ya está pagada.',
  overpay: (left: string) => `Ese cobro supera lo que queda por pagar en la mesa (${left}).`,
  requestNotFound: 'Esa solicitud de pago no existe en esta mesa.',
  requestDone: 'Esa solicitud de pago ya no está pendiente.',
  requestAmount: 'El importe no coincide con el de la solicitud de pago.',
  notYourRequest: 'Solo quien pidió pagar puede cancelar esa solicitud.',
  unpaidClose: (left: string) => `La mesa aún debe ${left}. Confirma que la cierras sin cobrar ese importe.`,
  orderPaid: 'Ese pedido ya está pagado.',
  /** A payment refused by another taken at the same moment (a unique index decided). */
  paymentConflict: 'Se acaba de registrar otro cobro de esta cuenta. Revisa la cuenta y vuelve a intentarlo.',
  orderCancelled: 'Un pedido cancelado no se cobra.',
  tableOrder: 'Los pedidos de una mesa se cobran con la cuenta de la mesa.',
  receiptNotFound: 'Ese recibo no existe.',
  keyMismatch: 'Ya registraste un cobro con esta clave y otros datos.',
  staffOnly: 'Solo el personal de este local puede cobrar y ver la cuenta de sus mesas.',
  managerOnly: 'Solo quien gestiona este local puede ver la caja y los registros VERI*FACTU.',
  badDate: 'Fecha no válida (AAAA-MM-DD).',
  orderNotFound: 'Ese pedido no existe.',
  /** Two people chose the same line or share at the same moment. */
  lineJustTaken: 'Alguien acaba de elegir esa misma línea. Revisa la cuenta y vuelve a intentarlo.',
  amountNotLines: (sum: string) => `El importe no coincide con el de las líneas elegidas (${sum}).`,
  keyMissing: 'Falta la cabecera Idempotency-Key (8 a 200 caracteres) que identifica este cobro.',
  adminOnly: 'Solo un administrador confirma el identificador fiscal de un local.',
  issuerNotSpanish: 'Este local no tiene datos fiscales en España: no emite registros VERI*FACTU.',
  issuerMismatch: (taxId: string) => `El identificador fiscal del local es ${taxId}: confirma ese.`,
} as const;

const money = z.int().check(z.minimum(0));
const lineId = z.string().check(z.minLength(1), z.maxLength(100));
/** At most this many people share one line. */
export const SHARE_MAX = 20;

/** One share of a shared line and who took it (`index` 1-based, in the order shares were taken). */
export const BillShare = z.object({
  index: z.int(),
  amount: money,
  by: z.string(),
  paid: z.boolean(),
  /** Being paid from the phone right now («Pagando…», docs/rules.md#paying-from-the-phone). */
  paying: z.optional(z.boolean()),
});

export const BillLine = z.object({
  /** What a claim names (`{orderId}:{n}`). */
  id: z.string(),
  /** The table-cart line it came from. */
  cartLineId: z.string(),
  name: z.string(),
  quantity: z.int(),
  lineTotal: money,
  /** Who ordered it. */
  by: z.string(),
  /** Whom at the table it is for, as the waiter who added it said («Comensal 2»): the table can split by it. */
  guest: z.optional(z.string()),
  /** Who paid it (the whole line). */
  paidBy: z.optional(z.string()),
  /** Who is paying it: a pending request (the whole line). */
  claimedBy: z.optional(z.string()),
  /** `claimedBy` is paying it from the phone right now («Pagando…», docs/rules.md#paying-from-the-phone). */
  paying: z.optional(z.boolean()),
  /** Shared between `of` people: the shares taken so far (docs/rules.md#the-bill: the remainder rule). */
  shared: z.optional(z.object({ of: z.int(), shares: z.array(BillShare) })),
  /** Tax rate in basis points (dish, else category, else venue). */
  taxRate: z.int(),
  /** A set menu: its chosen dishes and its included ones (one line of the bill: paid by one or shared). */
  choices: z.optional(z.array(OrderLineChoice)),
  included: z.optional(z.array(z.object({ productId: z.string(), name: z.string() }))),
  /** The house pays it («Invitación de la casa»): the bill's `adjustments` take its `lineTotal` off. */
  comped: z.optional(z.boolean()),
});

export const PAYMENT_REQUEST_STATUSES = ['pending', 'paid', 'cancelled'] as const;
export const PaymentRequestStatus = z.enum(PAYMENT_REQUEST_STATUSES);

/** Body of `POST /api/table-session/payment-requests`: lines, shares of lines, or an amount; the tip on top. */
export const PaymentRequestInput = z.strictObject({
  lineIds: z.optional(z.array(lineId).check(z.maxLength(LIMITS.linesPerOrder * 10))),
  shares: z.optional(
    z
      .array(z.strictObject({ lineId, of: z.int().check(z.minimum(2), z.maximum(SHARE_MAX)) }))
      .check(z.maxLength(LIMITS.linesPerOrder * 10)),
  ),
  amount: z.optional(z.int().check(z.minimum(1), z.maximum(100_000_000))),
  tip: z.int().check(z.minimum(0), z.maximum(100_000_000)),
  method: PaymentMethod,
});

export const PaymentRequest = z.object({
  id: z.string(),
  amount: money,
  tip: money,
  method: PaymentMethod,
  status: PaymentRequestStatus,
  participantId: z.optional(z.string()),
  by: z.optional(z.string()),
  lineIds: z.optional(z.array(z.string())),
  shares: z.optional(z.array(z.object({ lineId: z.string(), of: z.int(), index: z.int(), amount: money }))),
  createdAt: z.optional(z.string()),
  paymentId: z.optional(z.string()),
});

/** Body of `POST /api/venues/{id}/tables/{label}/payments` (with an `Idempotency-Key`). */
export const PaymentInput = z.strictObject({
  amount: z.int().check(z.minimum(1), z.maximum(100_000_000)),
  tip: z.int().check(z.minimum(0), z.maximum(100_000_000)),
  method: PaymentMethod,
  requestId: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
  lineIds: z.optional(z.array(lineId).check(z.maxLength(LIMITS.linesPerOrder * 10))),
});

/** Body of `POST /api/venues/{id}/orders/{orderId}/payments` (pickup and delivery; with an `Idempotency-Key`). */
export const OrderPaymentInput = z.strictObject({ method: z.optional(PaymentMethod) });

/** How a payment was made: at the table (`card`, `cash`) or from the phone (`card`, `bizum`). */
export const PAID_WITH = ['card', 'cash', 'bizum'] as const;
export const PaidWith = z.enum(PAID_WITH);

export const Payment = z.object({
  id: z.string(),
  venueId: z.string(),
  table: z.optional(z.string()),
  sessionId: z.optional(z.string()),
  orderId: z.optional(z.string()),
  requestId: z.optional(z.string()),
  amount: money,
  tip: money,
  method: PaidWith,
  lineIds: z.optional(z.array(z.string())),
  /** Who asked to pay (a payment request's participant). */
  by: z.optional(z.string()),
  /** Who paid from the phone (docs/rules.md#paying-from-the-phone). */
  participantId: z.optional(z.string()),
  /** Paid from the phone: the provider (`redsys`, `stripe`) and its reference of the payment. */
  provider: z.optional(z.string()),
  providerRef: z.optional(z.string()),
  createdAt: z.string(),
  receiptId: z.string(),
});

/**
 * The AEAT's fields of an invoice's VERI*FACTU record (docs/rules.md#the-bill), written once: the issuer's tax id,
 * the invoice's series and number, its date (dd-mm-yyyy), its type, its tax and its total (`12.35`), and the
 * record's fingerprint. A receipt shows them; a record adds its chain link and when it was made.
 */
export const AeatInvoice = z.object({
  IDEmisorFactura: z.string(),
  NumSerieFactura: z.string(),
  FechaExpedicionFactura: z.string(),
  TipoFactura: z.string(),
  CuotaTotal: z.string(),
  ImporteTotal: z.string(),
  Huella: z.string(),
});

/** The invoice a rectifying invoice rectifies, as the AEAT names it (`IDFacturaRectificada`). */
export const IDFacturaRectificada = z.object({
  IDEmisorFactura: z.string(),
  NumSerieFactura: z.string(),
  FechaExpedicionFactura: z.string(),
});

/**
 * What a rectifying invoice's record adds (TipoFactura `R5`, docs/rules.md#refunds): `TipoRectificativa` `I` (by
 * differences: its amounts are the negative differences) and the invoice it rectifies. Not part of the fingerprint.
 */
const Rectification = {
  TipoRectificativa: z.optional(z.string()),
  FacturasRectificadas: z.optional(z.array(IDFacturaRectificada)),
};

/** A receipt's VERI*FACTU part: the record's values as they enter the fingerprint, and the verification URL. */
export const ReceiptVerifactu = z.extend(AeatInvoice, {
  ...Rectification,
  qr: z.string(),
  /** «Factura verificable en la sede electrónica de la AEAT» */
  text: z.string(),
  /** «VERI*FACTU» */
  mark: z.string(),
});

export const ReceiptLine = z.object({
  /** In the venue's own language, as the line was sold. */
  name: z.string(),
  /**
   * The dish it sold (none on a line that is no dish: a share of the bill, the delivery fee; none on receipts issued
   * before lines carried it): a page in another language names the line from the menu (docs/architecture.md#languages).
   */
  productId: z.optional(z.string()),
  quantity: z.int(),
  /** Tax-inclusive amount of this line (or of this share of it); negative for an invitation or a discount. */
  amount: z.int(),
  taxRate: z.int(),
  share: z.optional(z.object({ index: z.int(), of: z.int() })),
  /** A set menu's dishes, listed under its line without prices («Gazpacho», «Entrecot · Poco hecho», «Pan»). */
  choices: z.optional(z.array(z.string())),
});

/** What `receiptLinesOf` reads of a bill or order line. */
interface ChargedLine {
  name: string;
  /** The dish it sold, kept on its receipt line (not on a set's supplement lines). */
  productId?: string | undefined;
  quantity: number;
  /** The line's tax-inclusive total. */
  amount: number;
  taxRate: number;
  choices?: ReadonlyArray<Pick<OrderLineChoice, 'name' | 'supplement' | 'options' | 'voided'>>;
  included?: ReadonlyArray<{ name: string }>;
}

/**
 * The receipt lines of a whole line (docs/rules.md#set-menus-and-availability): a dish is one line; a
 * set menu is one line at the set's price and tax rate with its dishes listed under it without prices,
 * then its supplements and its dishes' options' deltas as lines of their own (at the set's tax rate).
 * The amounts always add up to the line's total.
 */
export function receiptLinesOf(line: ChargedLine): ReceiptLine[] {
  const { name, quantity, amount, taxRate } = line;
  const dish = line.productId ? { productId: line.productId } : {};
  if (!line.choices) return [{ name, ...dish, quantity, amount, taxRate }];
  const extras: ReceiptLine[] = [];
  // A dish voided in some of the sets (docs/rules.md#the-floor) charges its extras only in the others.
  const charged = (c: { voided?: number | undefined }) => Math.max(0, quantity - (c.voided ?? 0));
  for (const c of line.choices) {
    const n = charged(c);
    if (c.supplement && n)
      extras.push({ name: SET_MESSAGES.supplementLine(c.name), quantity: n, amount: c.supplement * n, taxRate });
    for (const o of c.options)
      if (o.priceDelta && n)
        extras.push({ name: SET_MESSAGES.optionLine(c.name, o.name), quantity: n, amount: o.priceDelta * n, taxRate });
  }
  const listed = [
    ...line.choices.filter(charged).map((c) => [c.name, ...c.options.map((o) => o.name)].join(' · ')),
    ...(line.included ?? []).map((d) => d.name),
  ];
  const base = amount - extras.reduce((sum, e) => sum + e.amount, 0);
  return [{ name, ...dish, quantity, amount: base, taxRate, choices: listed }, ...extras];
}

/** Base and tax of one rate (negative on a rectifying receipt). */
export const TaxLine = z.object({ rate: z.int(), base: z.int(), tax: z.int() });

/** A receipt as another one names it: a rectifying receipt's original, an original's rectifications. */
export const ReceiptRef = z.object({ id: z.string(), number: z.string(), issuedAt: z.string(), total: z.int() });

/**
 * A simplified invoice (`GET /api/receipts/{id}`). `total` = `amount` + `tip`; the taxes cover `amount`. A
 * rectifying one (`type: "R5"`, docs/rules.md#refunds) names what it rectifies and why, and carries the refund as
 * negative amounts; an original lists its rectifications (`rectifications`, added when it is read).
 */
export const Receipt = z.object({
  id: z.string(),
  number: z.string(),
  venueId: z.string(),
  venueName: z.string(),
  legal: z.optional(Legal),
  /** ISO 8601 in the venue's time zone, with its offset. */
  issuedAt: z.string(),
  timezone: z.string(),
  currency: z.string(),
  table: z.optional(z.string()),
  orderNumber: z.optional(z.string()),
  lines: z.array(ReceiptLine),
  taxes: z.array(TaxLine),
  amount: z.int(),
  tip: z.int(),
  total: z.int(),
  method: PaidWith,
  verifactu: z.optional(ReceiptVerifactu),
  /** `R5`: a rectifying simplified invoice (factura rectificativa); none: a simplified invoice (`F2`). */
  type: z.optional(z.literal('R5')),
  rectifies: z.optional(ReceiptRef),
  reason: z.optional(z.string()),
  rectifications: z.optional(z.array(ReceiptRef)),
});

export const PaymentResult = z.object({ payment: Payment, receipt: Receipt });

/** The bill's state: what every phone and the board show live (`event: bill`). */
export const BillState = z.object({
  sessionId: z.string(),
  table: z.string(),
  currency: z.string(),
  total: money,
  paid: money,
  /** Pending payment requests, together. */
  pending: money,
  balance: money,
  /** The balance nobody has asked to pay yet («Quedan $57.00 sin asignar»). */
  unassigned: money,
  /** Set once the balance reached 0 («Pagada»). */
  paidAt: z.optional(z.string()),
  lines: z.array(BillLine),
  /** Invitations and discounts (docs/rules.md#the-floor): `total` is the lines' less these. */
  adjustments: z.optional(z.array(Adjustment)),
  payments: z.array(Payment),
  requests: z.array(PaymentRequest),
});

/**
 * `GET /api/table-session/bill` and `GET /api/venues/{id}/tables/{label}/bill`: the bill's state, and the
 * rounds, each person's total and the subtotal as `Cuenta de la mesa` showed them before payments.
 */
export const TableBill = z.extend(BillState, {
  locale: z.string(),
  /** Rounds that were not cancelled. */
  rounds: z.array(Order),
  /** Each person: `total` what they ordered (their rounds' lines), `paid` what they paid (their requests staff took, tips apart). */
  people: z.array(z.object({ participantId: z.string(), name: z.string(), total: z.int(), paid: z.int() })),
  subtotal: z.int(),
  /** The venue takes payments from the phone («Pagar ahora»), with these methods (docs/rules.md#paying-from-the-phone). */
  online: z.optional(z.object({ methods: z.array(z.enum(['card', 'bizum'])) })),
});

/** Body of `POST /api/venues/{id}/tables/{label}/close` (optional). */
export const CloseTableInput = z.strictObject({ confirmUnpaid: z.optional(z.boolean()) });

/**
 * One VERI*FACTU registration record as the AEAT names its fields (values exactly as they enter the fingerprint),
 * in the order its fingerprint's text lists them (server/features/billing/verifactu.ts reads the order from here).
 */
export const VerifactuRecord = z.extend(AeatInvoice, {
  /** The previous record's `Huella` in the issuer's chain ('' for its first record). */
  HuellaAnterior: z.string(),
  FechaHoraHusoGenRegistro: z.string(),
  qr: z.string(),
  ...Rectification,
});
export const VerifactuRecords = z.object({ records: z.array(VerifactuRecord) });

/**
 * A venue's VERI*FACTU issuer (`GET|POST /api/venues/{id}/verifactu/issuer`): its tax id joins the issuer's chain
 * only once an admin confirmed it for this venue (a manager's new tax id is unconfirmed: its receipts carry no
 * record). `series` is the venue's invoice series under that issuer (each venue its own: `FS`, `FS2`…).
 */
export const VerifactuIssuer = z.object({
  venueId: z.string(),
  taxId: z.optional(z.string()),
  confirmed: z.boolean(),
  series: z.string(),
  confirmedAt: z.optional(z.string()),
});

/** Body of `POST /api/venues/{id}/verifactu/issuer` (admin): the tax id confirmed, which must be the venue's. */
export const ConfirmIssuerInput = z.strictObject({ taxId: z.string().check(z.minLength(1), z.maxLength(20)) });

/** `GET /venues/{id}/order-payments`: the pickup and delivery orders paid lately, for a board opened (or reloaded) later. */
export const OrderPaymentList = z.object({ payments: z.array(Payment) });

const MethodTotals = z.object({ count: z.int(), amount: money, tip: money });

/** `GET /api/venues/{id}/cash?date=YYYY-MM-DD`: the venue's day (in its time zone). */
export const CashDay = z.object({
  venueId: z.string(),
  date: z.string(),
  currency: z.string(),
  byMethod: z.object({ card: MethodTotals, cash: MethodTotals }),
  amount: money,
  tips: money,
  total: money,
  receipts: z.array(
    z.object({
      id: z.string(),
      number: z.string(),
      issuedAt: z.string(),
      /** Negative on a rectifying receipt (docs/rules.md#refunds). */
      amount: z.int(),
      tip: z.int(),
      total: z.int(),
      method: PaymentMethod,
      table: z.optional(z.string()),
      orderNumber: z.optional(z.string()),
      /** The payment it is the receipt of (or, for a rectifying one, the payment refunded). */
      paymentId: z.optional(z.string()),
      /** A payment's receipt: what can still be refunded of it (amount + tip − refunds). */
      refundable: z.optional(z.int()),
      type: z.optional(z.literal('R5')),
      /** A rectifying receipt: the number of the receipt it rectifies. */
      rectifies: z.optional(z.string()),
      /** An online payment: its provider (`redsys`, `stripe`), as the manager reads it («Bizum»), its reference. */
      provider: z.optional(z.string()),
      label: z.optional(z.string()),
      providerRef: z.optional(z.string()),
    }),
  ),
  /** The day's refunds (docs/rules.md#refunds): `amount`, `tips` and `total` above are net of them. */
  refunds: z.optional(
    z.array(
      z.object({
        id: z.string(),
        paymentId: z.string(),
        receiptId: z.string(),
        number: z.string(),
        rectifies: z.string(),
        issuedAt: z.string(),
        amount: money,
        tip: money,
        method: PaymentMethod,
        provider: z.optional(z.string()),
        label: z.optional(z.string()),
        reason: z.string(),
      }),
    ),
  ),
  /** Online payments by provider as the manager knows them («Redsys», «Bizum», «Stripe»), fees left out. */
  byProvider: z.optional(
    z.array(z.object({ label: z.string(), count: z.int(), amount: money, tip: money, refunded: money })),
  ),
  /** Tables open now with something left to pay. */
  openBalances: z.array(
    z.object({ table: z.string(), sessionId: z.string(), total: money, paid: money, balance: money }),
  ),
  /** Tables closed that day with a balance (confirmed by staff). */
  closedUnpaid: z.array(z.object({ table: z.string(), sessionId: z.string(), closedAt: z.string(), unpaid: money })),
  /** The day's IVA per rate (its receipts' taxes summed), highest rate first. */
  taxes: z.array(TaxLine),
  /**
   * The day's close (Z report): sales by method and rate (`amount` = base + tax, net of refunds), the day's first and
   * last simplified invoice numbers and how many (rectifying receipts are in `refunds`), and the cash expected in the
   * till (cash payments and their tips, less cash given back); the manager counts the cash.
   */
  close: z.object({
    byMethodAndRate: z.array(
      z.object({ method: PaymentMethod, rate: z.int(), base: money, tax: money, amount: money }),
    ),
    firstReceipt: z.optional(z.string()),
    lastReceipt: z.optional(z.string()),
    receiptCount: z.int(),
    cashExpected: money,
  }),
});

export type BillShare = z.infer<typeof BillShare>;
export type BillLine = z.infer<typeof BillLine>;
export type PaymentRequestInput = z.infer<typeof PaymentRequestInput>;
export type PaymentRequest = z.infer<typeof PaymentRequest>;
export type PaymentInput = z.infer<typeof PaymentInput>;
export type OrderPaymentInput = z.infer<typeof OrderPaymentInput>;
export type Payment = z.infer<typeof Payment>;
export type PaidWith = z.infer<typeof PaidWith>;
export type ReceiptLine = z.infer<typeof ReceiptLine>;
export type TaxLine = z.infer<typeof TaxLine>;
export type ReceiptRef = z.infer<typeof ReceiptRef>;
export type IDFacturaRectificada = z.infer<typeof IDFacturaRectificada>;
export type Receipt = z.infer<typeof Receipt>;
export type ReceiptVerifactu = z.infer<typeof ReceiptVerifactu>;
export type PaymentResult = z.infer<typeof PaymentResult>;
export type OrderPaymentList = z.infer<typeof OrderPaymentList>;
export type BillState = z.infer<typeof BillState>;
export type TableBill = z.infer<typeof TableBill>;
export type CloseTableInput = z.infer<typeof CloseTableInput>;
export type VerifactuRecord = z.infer<typeof VerifactuRecord>;
export type AeatInvoice = z.infer<typeof AeatInvoice>;
export type VerifactuIssuer = z.infer<typeof VerifactuIssuer>;
export type ConfirmIssuerInput = z.infer<typeof ConfirmIssuerInput>;
export type CashDay = z.infer<typeof CashDay>;
