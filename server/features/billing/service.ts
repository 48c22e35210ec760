/**
 * The bill (docs/rules.md#the-bill): a table's bill built from its sent rounds (prices as the server decided them),
 * diners' payment requests (by lines, shares of lines, or an amount), payments staff record (with an
 * Idempotency-Key), the simplified invoice of each payment with a gapless number per venue, series and year, and,
 * for venues in Spain, its VERI*FACTU record. Every change locks the table session's row first (two instances
 * take turns on one table), appends `event: bill` (the bill's state) to the venue's stream with the session's id
 * (the board and that table's phones get it), and, when the balance reaches 0, marks the session paid and
 * publishes it («Pagada»).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events/bus.ts';
import { problem, HttpProblem } from '../../platform/problem.ts';
import { isUniqueViolation } from '../../platform/db/database.ts';
import type { RateLimit, RateLimiter } from '../../platform/rate-limit.ts';
import type { CachedVenue, VenueStore } from '../venues/index.ts';
import { hashBody, TABLE_USER_PREFIX, type OrderService } from '../orders/index.ts';
import {
  closedUnpaidOf, openSessionOf, openSessionsOfVenue, participantsOf, roundDocsOf, sessionById, setSessionPaid,
  type SessionRow, type TableCaller, type TableSessionService,
} from '../table-sessions/index.ts';
import { formatMoney } from '../../../src/contract/money-format.ts';
import { LIMITS } from '../../../src/contract/limits.ts';
import type { Order } from '../../../src/contract/order.ts';
import type { Venue } from '../../../src/contract/venue.ts';
import { TABLE_MESSAGES } from '../../../src/contract/table.ts';
import {
  BILL_MESSAGES, BILL_STRINGS,
  type BillLine, type BillState, type CashDay, type Payment, type PaymentInput, type PaymentRequest, type PaymentRequestInput,
  type PaymentResult, type Receipt, type ReceiptLine, type TableBill, type VerifactuRecord,
} from '../../../src/contract/bill.ts';
import { dayRange, shareAmount, spreadOverRates, taxesOf, zonedIso } from './money.ts';
import { aeatAmount, aeatDate, huellaOf, TIPO_FACTURA_SIMPLIFICADA, toRecord, verifactuQr, type Outbox, type VerifactuEnvironment } from './verifactu.ts';
import * as sql from './queries.ts';

/** The series of every receipt: `FS-2026-1`, `FS-2026-2`… (docs/rules.md#the-bill). */
export const RECEIPT_SERIES = 'FS';

export interface BillingService {
  /** The participant's bill (with the rounds and each person's total). */
  billFor(caller: TableCaller): Promise<TableBill>;
  /** Staff: the bill of a table's open session (404 without one). */
  billOfTable(venueId: string, label: string): Promise<TableBill>;
  request(caller: TableCaller, input: PaymentRequestInput): Promise<PaymentRequest>;
  cancelRequest(caller: TableCaller, requestId: string): Promise<PaymentRequest>;
  pay(venueId: string, label: string, key: string, input: PaymentInput): Promise<PaymentResult & { replayed: boolean }>;
  payOrder(venueId: string, orderId: string, key: string, method: 'card' | 'cash' | undefined): Promise<PaymentResult & { replayed: boolean }>;
  receipt(id: string): Promise<Receipt | undefined>;
  /** The pickup and delivery orders' payments of the last 24 hours (a board opened later shows them paid). */
  orderPayments(venueId: string): Promise<Payment[]>;
  records(venueId: string): Promise<VerifactuRecord[]>;
  cash(venueId: string, date: string): Promise<CashDay>;
  /** The day's receipts as CSV (`;`-separated, decimal comma: what a Spanish spreadsheet opens). */
  cashCsv(venueId: string, date: string): Promise<string>;
  /** What a session still owes (closing a table asks it). */
  balanceOf(tx: Queryable, session: SessionRow): Promise<{ balance: number; formatted: string }>;
}

export interface BillingOptions {
  verifactuEnvironment: VerifactuEnvironment;
  outbox?: Outbox;
  now?: () => Date;
  /** Queues a new receipt's print job in the payment's transaction (server/features/printing). */
  printReceipt?: (tx: Queryable, venueId: string, receiptId: string) => Promise<unknown>;
  /** The server's rate limiter, and how many payment requests one person at a table may make (each reaches the board). */
  limiter?: RateLimiter;
  payRequestLimit?: RateLimit | null;
}

/** The tax rate of a dish: its own, else its category's, else the venue's, else 0. */
export function taxRateOf(entry: CachedVenue | undefined, productId: string): number {
  const found = entry?.products.get(productId);
  const category = found ? entry!.venue.categories.find((c) => c.id === found.categoryId) : undefined;
  return found?.product.taxRate ?? category?.taxRate ?? entry?.venue.taxRate ?? 0;
}

interface BillParts {
  state: BillState;
  rounds: Order[];
  claims: sql.ClaimRow[];
  requestRows: sql.RequestRow[];
  lineById: Map<string, BillLine>;
}

/** How far back `GET /venues/{id}/order-payments` looks: a board shows the orders of the last day. */
const ORDER_PAYMENTS_WINDOW_MS = 24 * 60 * 60 * 1000;

const newReceiptId = () => randomBytes(16).toString('base64url');

export function createBillingService(db: Db, venues: VenueStore, tables: TableSessionService, orders: OrderService, events: EventBus, options: BillingOptions): BillingService {
  const now = options.now ?? (() => new Date());
  const venueOf = (id: string): Venue => {
    const entry = venues.get(id);
    if (!entry) throw problem('notFound', 404, 'Ese local no existe.');
    return entry.venue;
  };
  const money = (venue: Venue, minor: number) => formatMoney(minor, venue.currency, venue.locale);

  /** The bill of session `s` as `q` sees it. */
  async function read(q: Queryable, s: SessionRow): Promise<BillParts> {
    const [roundRows, claims, requestRows, paymentRows] = await Promise.all([
      roundDocsOf(q, TABLE_USER_PREFIX + s.id), sql.claimsOf(q, s.id), sql.requestsOf(q, s.id), sql.paymentsOfSession(q, s.id),
    ]);
    const entry = venues.get(s.venue_id);
    const rounds = roundRows.map((r) => JSON.parse(r.doc) as Order).filter((o) => o.status !== 'cancelled');
    const byLine = new Map<string, sql.ClaimRow[]>();
    for (const c of claims) byLine.set(c.line_id, [...(byLine.get(c.line_id) ?? []), c]);
    const lines: BillLine[] = [];
    for (const round of rounds) {
      round.lines.forEach((line, i) => {
        const id = `${round.id}:${i}`;
        const mine = byLine.get(id) ?? [];
        const whole = mine.find((c) => c.share_of === 1);
        const shared = mine.filter((c) => c.share_of > 1);
        lines.push({
          id,
          cartLineId: line.cartLineId ?? id,
          name: line.name,
          quantity: line.quantity,
          lineTotal: line.lineTotal,
          by: line.by ?? '',
          ...(whole?.payment_id ? { paidBy: whole.by_name } : whole ? { claimedBy: whole.by_name } : {}),
          ...(shared.length ? { shared: { of: shared[0]!.share_of, shares: shared.map((c) => ({ index: c.share_index + 1, amount: c.amount, by: c.by_name, paid: c.payment_id !== null })) } } : {}),
          taxRate: taxRateOf(entry, line.productId),
        });
      });
    }
    const payments = paymentRows.map((p) => JSON.parse(p.doc) as Payment);
    const requests = requestRows.filter((r) => r.status === 'pending').map((r) => JSON.parse(r.doc) as PaymentRequest);
    const total = rounds.reduce((sum, r) => sum + r.total, 0);
    const paid = payments.reduce((sum, p) => sum + p.amount, 0);
    const pending = requests.reduce((sum, r) => sum + r.amount, 0);
    const balance = Math.max(0, total - paid);
    const state: BillState = {
      sessionId: s.id, table: s.label, currency: entry?.venue.currency ?? rounds[0]?.currency ?? '',
      total, paid, pending, balance, unassigned: Math.max(0, balance - pending),
      ...(s.paid_at ? { paidAt: s.paid_at } : {}),
      lines, payments, requests,
    };
    return { state, rounds, claims, requestRows, lineById: new Map(lines.map((l) => [l.id, l])) };
  }

  async function tableBill(q: Queryable, s: SessionRow): Promise<TableBill> {
    const [parts, people] = await Promise.all([read(q, s), participantsOf(q, s.id)]);
    const totals = new Map<string, number>(people.map((p) => [p.id, 0]));
    for (const round of parts.rounds) {
      for (const line of round.lines) if (line.participantId && totals.has(line.participantId)) totals.set(line.participantId, totals.get(line.participantId)! + line.lineTotal);
    }
    return {
      ...parts.state,
      locale: venues.get(s.venue_id)?.venue.locale ?? 'es',
      rounds: parts.rounds,
      people: people.map((p) => ({ participantId: p.id, name: p.name, total: totals.get(p.id) ?? 0 })),
      subtotal: parts.rounds.reduce((sum, r) => sum + r.subtotal, 0),
    };
  }

  /** Appends `event: bill` with the bill as `tx` sees it now. */
  async function publishBill(tx: Queryable, s: SessionRow): Promise<BillState> {
    const { state } = await read(tx, s);
    await events.append(tx, { venueId: s.venue_id, sessionId: s.id, type: 'bill', data: JSON.stringify(state) });
    return state;
  }

  /** The open session of the caller, locked; 409 when closed. */
  async function lockedOpen(tx: Queryable, sessionId: string): Promise<SessionRow> {
    const s = await sessionById(tx, sessionId, true);
    if (!s || s.status !== 'open') throw problem('tableClosed', 409, TABLE_MESSAGES.sessionClosed);
    return s;
  }

  const tipCheck = (amount: number, tip: number) => {
    if (tip > Math.floor((amount * LIMITS.tipPercentMax) / 100)) throw problem('validation', 422, BILL_MESSAGES.tipTooHigh, { errors: { tip: [BILL_MESSAGES.tipTooHigh] } });
  };

  /**
   * Writes the receipt (its number from the venue's counter) and, for a venue in Spain, its VERI*FACTU record
   * chained to the issuer's last one (under the issuer's lock). Resolves to the receipt.
   */
  async function issueReceipt(tx: Queryable, venue: Venue, paymentId: string, at: Date, parts: { lines: ReceiptLine[]; amount: number; tip: number; method: 'card' | 'cash'; table?: string; orderNumber?: string }): Promise<{ receipt: Receipt; recordSeq?: number }> {
    const issuedAt = zonedIso(at, venue.timezone);
    const day = issuedAt.slice(0, 10);
    const year = Number(day.slice(0, 4));
    const n = await sql.nextReceiptNumber(tx, venue.id, RECEIPT_SERIES, year);
    const number = `${RECEIPT_SERIES}-${year}-${n}`;
    const taxes = taxesOf(parts.lines);
    const id = newReceiptId();
    const receipt: Receipt = {
      id, number, venueId: venue.id, venueName: venue.name, ...(venue.legal ? { legal: venue.legal } : {}),
      issuedAt, timezone: venue.timezone, currency: venue.currency,
      ...(parts.table ? { table: parts.table } : {}), ...(parts.orderNumber ? { orderNumber: parts.orderNumber } : {}),
      lines: parts.lines, taxes, amount: parts.amount, tip: parts.tip, total: parts.amount + parts.tip, method: parts.method,
    };
    let recordSeq: number | undefined;
    if (venue.legal?.country === 'ES') {
      const issuer = venue.legal.taxId;
      await tx.lock('verifactu', issuer);
      const previous = await sql.lastRecordOf(tx, issuer);
      const fields = {
        IDEmisorFactura: issuer,
        NumSerieFactura: number,
        FechaExpedicionFactura: aeatDate(day),
        TipoFactura: TIPO_FACTURA_SIMPLIFICADA,
        CuotaTotal: aeatAmount(taxes.reduce((sum, t) => sum + t.tax, 0)),
        // The invoice is the sale; a voluntary tip is not part of it.
        ImporteTotal: aeatAmount(parts.amount),
        HuellaAnterior: previous?.huella ?? '',
        FechaHoraHusoGenRegistro: issuedAt,
      };
      const Huella = huellaOf(fields);
      const qr = verifactuQr(options.verifactuEnvironment, fields);
      recordSeq = await sql.insertRecord(tx, {
        issuer, venue_id: venue.id, receipt_id: id, num_serie: number, fecha: fields.FechaExpedicionFactura, tipo: fields.TipoFactura,
        cuota: fields.CuotaTotal, importe: fields.ImporteTotal, huella: Huella, huella_anterior: fields.HuellaAnterior, generated_at: issuedAt, qr,
      });
      await sql.enqueueRecord(tx, recordSeq, at.getTime());
      receipt.verifactu = {
        IDEmisorFactura: issuer, NumSerieFactura: number, FechaExpedicionFactura: fields.FechaExpedicionFactura, TipoFactura: fields.TipoFactura,
        CuotaTotal: fields.CuotaTotal, ImporteTotal: fields.ImporteTotal, Huella, qr, text: BILL_STRINGS.verifiable, mark: BILL_STRINGS.verifactu,
      };
    }
    await sql.insertReceipt(tx, { id, venueId: venue.id, series: RECEIPT_SERIES, year, n, number, day, paymentId, doc: JSON.stringify(receipt), createdAt: at.getTime() });
    await options.printReceipt?.(tx, venue.id, receipt.id);
    return { receipt, ...(recordSeq !== undefined ? { recordSeq } : {}) };
  }

  /** A repeat of an Idempotency-Key: the first payment and its receipt (another body: 422). */
  async function replayOf(q: Queryable, venueId: string, key: string, bodyHash: string): Promise<PaymentResult | undefined> {
    const row = await sql.paymentByKey(q, venueId, key);
    if (!row) return undefined;
    if (row.body_hash !== bodyHash) throw problem('idempotencyMismatch', 422, BILL_MESSAGES.keyMismatch);
    const receipt = await sql.receiptDoc(q, row.receipt_id);
    return { payment: JSON.parse(row.doc) as Payment, receipt: JSON.parse(receipt!.doc) as Receipt };
  }

  /**
   * Runs a payment's transaction; a key taken meanwhile (another instance) answers the first payment. Any other
   * unique index that refuses the payment (the order paid meanwhile under another key) is `conflict`: a 409.
   */
  async function withKey(venueId: string, key: string, bodyHash: string, conflict: string, fn: (tx: Queryable) => Promise<PaymentResult & { recordSeq?: number | undefined }>): Promise<PaymentResult & { replayed: boolean }> {
    const first = await replayOf(db, venueId, key, bodyHash);
    if (first) return { ...first, replayed: true };
    try {
      const result = await db.transaction(async (tx) => {
        const again = await replayOf(tx, venueId, key, bodyHash);
        if (again) return { ...again, replayed: true };
        return { ...(await fn(tx)), replayed: false };
      });
      if (!result.replayed) {
        events.committed(venueId);
        if ('recordSeq' in result && result.recordSeq !== undefined) options.outbox?.kick();
      }
      const { recordSeq: _seq, ...answer } = result as typeof result & { recordSeq?: number };
      return answer;
    } catch (error) {
      if (error instanceof HttpProblem || !isUniqueViolation(error)) throw error;
      const replayed = await replayOf(db, venueId, key, bodyHash);
      if (replayed) return { ...replayed, replayed: true };
      throw problem('invalidTransition', 409, conflict);
    }
  }

  /** Receipt lines of a payment that covers an amount, not dishes: the amount spread over the bill's tax rates. */
  function shareLines(state: BillState, amount: number): ReceiptLine[] {
    const gross = new Map<number, number>();
    for (const l of state.lines) gross.set(l.taxRate, (gross.get(l.taxRate) ?? 0) + l.lineTotal);
    return [...spreadOverRates(amount, gross).entries()].map(([taxRate, part]) => ({ name: BILL_STRINGS.shareOfBill(state.table), quantity: 1, amount: part, taxRate }));
  }

  return {
    async billFor(caller) {
      const s = await sessionById(db, caller.session.id);
      if (!s || s.status !== 'open') throw problem('tableClosed', 409, TABLE_MESSAGES.sessionClosed);
      return tableBill(db, s);
    },

    async billOfTable(venueId, label) {
      const s = await openSessionOf(db, venueId, label);
      if (!s) throw problem('notFound', 404, TABLE_MESSAGES.noOpenSession(label.slice(0, 40)));
      return tableBill(db, s);
    },

    async request(caller, input) {
      const byLines = (input.lineIds?.length ?? 0) + (input.shares?.length ?? 0) > 0;
      if (byLines && input.amount !== undefined) throw problem('validation', 422, BILL_MESSAGES.chooseOne, { errors: { amount: [BILL_MESSAGES.chooseOne] } });
      if (!byLines && input.amount === undefined) throw problem('validation', 422, BILL_MESSAGES.chooseSomething, { errors: { amount: [BILL_MESSAGES.chooseSomething] } });
      const named = [...(input.lineIds ?? []), ...(input.shares ?? []).map((s) => s.lineId)];
      if (new Set(named).size !== named.length) throw problem('validation', 422, BILL_MESSAGES.repeatedLine, { errors: { lineIds: [BILL_MESSAGES.repeatedLine] } });
      // Counted before anything else: a phone asking in a loop (ask, withdraw, ask…) would flood the board.
      await options.limiter?.hit(`pay-request:${caller.participantId}`, options.payRequestLimit ?? null, (wait) => BILL_MESSAGES.tooManyRequests(wait));
      const venue = venueOf(caller.session.venue_id);
      const result = await db.transaction(async (tx) => {
        const s = await lockedOpen(tx, caller.session.id);
        const { state, claims, lineById } = await read(tx, s);
        if (state.balance === 0) throw problem('invalidTransition', 409, BILL_MESSAGES.nothingToPay);
        const id = randomUUID();
        const newClaims: sql.ClaimRow[] = [];
        const shares: NonNullable<PaymentRequest['shares']> = [];
        const lineOf = (lineId: string) => {
          const line = lineById.get(lineId);
          if (!line) throw problem('validation', 422, BILL_MESSAGES.unknownLine, { errors: { lineIds: [BILL_MESSAGES.unknownLine] } });
          return line;
        };
        const taken = (line: BillLine) => {
          if (line.paidBy !== undefined) throw problem('invalidTransition', 409, BILL_MESSAGES.linePaid(line.name, line.paidBy), { lineId: line.id });
          if (line.claimedBy !== undefined) throw problem('invalidTransition', 409, BILL_MESSAGES.lineTaken(line.name, line.claimedBy), { lineId: line.id });
        };
        for (const lineId of input.lineIds ?? []) {
          const line = lineOf(lineId);
          taken(line);
          if (line.shared) {
            const who = line.shared.shares.map((x) => x.by).join(', ');
            throw problem('invalidTransition', 409, line.shared.shares.some((x) => x.paid) ? BILL_MESSAGES.linePaid(line.name, who) : BILL_MESSAGES.lineTaken(line.name, who), { lineId });
          }
          newClaims.push({ session_id: s.id, line_id: lineId, share_index: 0, share_of: 1, amount: line.lineTotal, by_name: caller.name, request_id: id, payment_id: null });
        }
        for (const share of input.shares ?? []) {
          const line = lineOf(share.lineId);
          taken(line);
          if (line.shared && line.shared.of !== share.of) throw problem('invalidTransition', 409, BILL_MESSAGES.sharedOtherwise(line.name, line.shared.of), { lineId: line.id, of: line.shared.of });
          const used = new Set(claims.filter((c) => c.line_id === line.id).map((c) => c.share_index));
          let index = 0;
          while (used.has(index)) index++;
          if (index >= share.of) throw problem('invalidTransition', 409, BILL_MESSAGES.sharesFull(line.name, share.of), { lineId: line.id });
          const amount = shareAmount(line.lineTotal, share.of, index);
          newClaims.push({ session_id: s.id, line_id: line.id, share_index: index, share_of: share.of, amount, by_name: caller.name, request_id: id, payment_id: null });
          shares.push({ lineId: line.id, of: share.of, index: index + 1, amount });
        }
        const amount = byLines ? newClaims.reduce((sum, c) => sum + c.amount, 0) : input.amount!;
        if (amount > state.balance) throw problem('invalidTransition', 409, BILL_MESSAGES.overBalance(money(venue, state.balance)), { balance: state.balance });
        // Lines too: an amount someone else is paying may already cover them.
        if (amount > state.unassigned) throw problem('invalidTransition', 409, BILL_MESSAGES.overUnassigned(money(venue, state.unassigned)), { unassigned: state.unassigned });
        tipCheck(amount, input.tip);
        const request: PaymentRequest = {
          id, amount, tip: input.tip, method: input.method, status: 'pending', participantId: caller.participantId, by: caller.name,
          ...(input.lineIds?.length ? { lineIds: input.lineIds } : {}), ...(shares.length ? { shares } : {}), createdAt: now().toISOString(),
        };
        await Promise.all([
          sql.insertRequest(tx, { id, venue_id: s.venue_id, session_id: s.id, participant_id: caller.participantId, by_name: caller.name, amount, tip: input.tip, method: input.method, status: 'pending', doc: JSON.stringify(request), payment_id: null, created_at: request.createdAt! }),
          sql.insertClaims(tx, newClaims),
        ]);
        await publishBill(tx, s);
        return request;
      }).catch((error: unknown) => {
        // Two people took the same line or share at the same moment: the later one is told, like any taken line.
        if (isUniqueViolation(error)) throw problem('invalidTransition', 409, 'Alguien acaba de elegir esa misma línea. Revisa la cuenta y vuelve a intentarlo.');
        throw error;
      });
      events.committed(caller.session.venue_id);
      return result;
    },

    async cancelRequest(caller, requestId) {
      const result = await db.transaction(async (tx) => {
        const s = await lockedOpen(tx, caller.session.id);
        const row = (await sql.requestsOf(tx, s.id)).find((r) => r.id === requestId);
        if (!row) throw problem('notFound', 404, BILL_MESSAGES.requestNotFound);
        if (row.participant_id !== caller.participantId) throw problem('forbidden', 403, BILL_MESSAGES.notYourRequest);
        if (row.status !== 'pending') throw problem('invalidTransition', 409, BILL_MESSAGES.requestDone);
        const doc: PaymentRequest = { ...(JSON.parse(row.doc) as PaymentRequest), status: 'cancelled' };
        await Promise.all([sql.setRequestStatus(tx, row.id, 'cancelled', null, JSON.stringify(doc)), sql.dropClaimsOfRequest(tx, row.id)]);
        await publishBill(tx, s);
        return doc;
      });
      events.committed(caller.session.venue_id);
      return result;
    },

    async pay(venueId, label, key, input) {
      const venue = venueOf(venueId);
      const bodyHash = hashBody(JSON.stringify(['table', label, input.amount, input.tip, input.method, input.requestId ?? null, input.lineIds ?? []]));
      return withKey(venueId, key, bodyHash, BILL_MESSAGES.paymentConflict, async (tx) => {
        const open = await openSessionOf(tx, venueId, label, true);
        if (!open) throw problem('notFound', 404, TABLE_MESSAGES.noOpenSession(label.slice(0, 40)));
        const s = open;
        const { state, requestRows, lineById } = await read(tx, s);
        if (state.balance === 0) throw problem('invalidTransition', 409, BILL_MESSAGES.nothingToPay);
        if (input.amount > state.balance) throw problem('invalidTransition', 409, BILL_MESSAGES.overpay(money(venue, state.balance)), { balance: state.balance });
        tipCheck(input.amount, input.tip);
        const at = now();
        const paymentId = randomUUID();
        let lines: ReceiptLine[];
        let by: string | undefined;
        const writes: Array<Promise<unknown>> = [];
        if (input.requestId) {
          const row = requestRows.find((r) => r.id === input.requestId);
          if (!row) throw problem('notFound', 404, BILL_MESSAGES.requestNotFound);
          if (row.status !== 'pending') throw problem('invalidTransition', 409, BILL_MESSAGES.requestDone);
          if (row.amount !== input.amount) throw problem('validation', 422, BILL_MESSAGES.requestAmount, { errors: { amount: [BILL_MESSAGES.requestAmount] } });
          const request = JSON.parse(row.doc) as PaymentRequest;
          by = row.by_name;
          lines = [
            ...(request.lineIds ?? []).map((id) => lineById.get(id)).filter((l): l is BillLine => l !== undefined).map((l) => ({ name: l.name, quantity: l.quantity, amount: l.lineTotal, taxRate: l.taxRate })),
            ...(request.shares ?? []).flatMap((sh) => {
              const l = lineById.get(sh.lineId);
              return l ? [{ name: BILL_STRINGS.sharedLine(l.name, sh.index, sh.of), quantity: l.quantity, amount: sh.amount, taxRate: l.taxRate, share: { index: sh.index, of: sh.of } }] : [];
            }),
          ];
          if (!lines.length) lines = shareLines(state, input.amount);
          writes.push(
            sql.setRequestStatus(tx, row.id, 'paid', paymentId, JSON.stringify({ ...request, status: 'paid', paymentId })),
            sql.payClaimsOfRequest(tx, row.id, paymentId),
          );
        } else if (input.lineIds?.length) {
          if (new Set(input.lineIds).size !== input.lineIds.length) throw problem('validation', 422, BILL_MESSAGES.repeatedLine, { errors: { lineIds: [BILL_MESSAGES.repeatedLine] } });
          const chosen = input.lineIds.map((id) => {
            const line = lineById.get(id);
            if (!line) throw problem('validation', 422, BILL_MESSAGES.unknownLine, { errors: { lineIds: [BILL_MESSAGES.unknownLine] } });
            if (line.paidBy !== undefined) throw problem('invalidTransition', 409, BILL_MESSAGES.linePaid(line.name, line.paidBy), { lineId: id });
            if (line.claimedBy !== undefined || line.shared) throw problem('invalidTransition', 409, BILL_MESSAGES.lineTaken(line.name, line.claimedBy ?? line.shared!.shares.map((x) => x.by).join(', ')), { lineId: id });
            return line;
          });
          const sum = chosen.reduce((total, l) => total + l.lineTotal, 0);
          if (sum !== input.amount) {
            const detail = `El importe no coincide con el de las líneas elegidas (${money(venue, sum)}).`;
            throw problem('validation', 422, detail, { errors: { amount: [detail] } });
          }
          lines = chosen.map((l) => ({ name: l.name, quantity: l.quantity, amount: l.lineTotal, taxRate: l.taxRate }));
          writes.push(sql.insertClaims(tx, chosen.map((l) => ({ session_id: s.id, line_id: l.id, share_index: 0, share_of: 1, amount: l.lineTotal, by_name: BILL_STRINGS.staffName, request_id: null, payment_id: paymentId }))));
        } else {
          lines = shareLines(state, input.amount);
        }
        const { receipt, recordSeq } = await issueReceipt(tx, venue, paymentId, at, { lines, amount: input.amount, tip: input.tip, method: input.method, table: s.label });
        const payment: Payment = {
          id: paymentId, venueId, table: s.label, sessionId: s.id, ...(input.requestId ? { requestId: input.requestId } : {}),
          amount: input.amount, tip: input.tip, method: input.method, ...(input.lineIds?.length ? { lineIds: input.lineIds } : {}),
          ...(by ? { by } : {}), createdAt: at.toISOString(), receiptId: receipt.id,
        };
        writes.push(sql.insertPayment(tx, {
          id: paymentId, venue_id: venueId, session_id: s.id, order_id: null, request_id: input.requestId ?? null, amount: input.amount, tip: input.tip,
          method: input.method, day: receipt.issuedAt.slice(0, 10), doc: JSON.stringify(payment), receipt_id: receipt.id, idem_key: key, body_hash: bodyHash, created_at: at.getTime(),
        }));
        await Promise.all(writes);
        // Balance 0: the table is paid («Pagada» on the board and every phone).
        if (input.amount === state.balance) {
          const paidAt = at.toISOString();
          await setSessionPaid(tx, s.id, paidAt);
          const paid = { ...s, paid_at: paidAt };
          await publishBill(tx, paid);
          await tables.publishIn(tx, paid);
        } else {
          await publishBill(tx, s);
        }
        return { payment, receipt, recordSeq };
      });
    },

    async payOrder(venueId, orderId, key, method) {
      const venue = venueOf(venueId);
      const bodyHash = hashBody(JSON.stringify(['order', orderId, method ?? null]));
      const found = orderId.length <= 100 ? await orders.get(orderId) : undefined;
      if (!found || found.order.venueId !== venueId) throw problem('notFound', 404, 'Ese pedido no existe.');
      const { order } = found;
      return withKey(venueId, key, bodyHash, BILL_MESSAGES.orderPaid, async (tx) => {
        if (order.mode === 'table') throw problem('invalidTransition', 409, BILL_MESSAGES.tableOrder);
        if (order.status === 'cancelled') throw problem('invalidTransition', 409, BILL_MESSAGES.orderCancelled);
        if (await sql.paymentOfOrder(tx, order.id)) throw problem('invalidTransition', 409, BILL_MESSAGES.orderPaid);
        const entry = venues.get(venueId);
        const at = now();
        const paymentId = randomUUID();
        const amount = order.total - order.tip;
        const lines: ReceiptLine[] = order.lines.map((l) => ({ name: l.name, quantity: l.quantity, amount: l.lineTotal, taxRate: taxRateOf(entry, l.productId) }));
        if (order.deliveryFee > 0) lines.push({ name: BILL_STRINGS.deliveryFee, quantity: 1, amount: order.deliveryFee, taxRate: venue.taxRate ?? 0 });
        const paidWith = method ?? order.payment ?? 'cash';
        const { receipt, recordSeq } = await issueReceipt(tx, venue, paymentId, at, { lines, amount, tip: order.tip, method: paidWith, orderNumber: order.number });
        const payment: Payment = { id: paymentId, venueId, orderId: order.id, amount, tip: order.tip, method: paidWith, createdAt: at.toISOString(), receiptId: receipt.id };
        await sql.insertPayment(tx, {
          id: paymentId, venue_id: venueId, session_id: null, order_id: order.id, request_id: null, amount, tip: order.tip, method: paidWith,
          day: receipt.issuedAt.slice(0, 10), doc: JSON.stringify(payment), receipt_id: receipt.id, idem_key: key, body_hash: bodyHash, created_at: at.getTime(),
        });
        // The board shows the order paid live (`event: payment`, the payment).
        await events.append(tx, { venueId, orderId: order.id, type: 'payment', data: JSON.stringify(payment) });
        return { payment, receipt, recordSeq };
      });
    },

    async receipt(id) {
      if (!/^[A-Za-z0-9_-]{16,64}$/.test(id)) return undefined;
      const row = await sql.receiptDoc(db, id);
      return row ? (JSON.parse(row.doc) as Receipt) : undefined;
    },

    async records(venueId) {
      return (await sql.recordsOfVenue(db, venueId)).map(toRecord);
    },

    async orderPayments(venueId) {
      venueOf(venueId);
      const rows = await sql.orderPaymentsSince(db, venueId, now().getTime() - ORDER_PAYMENTS_WINDOW_MS);
      return rows.map((p) => JSON.parse(p.doc) as Payment);
    },

    async cash(venueId, date) {
      const venue = venueOf(venueId);
      const { from, to } = dayRange(date, venue.timezone);
      const [payments, receipts, open, closed] = await Promise.all([
        sql.paymentsOfDay(db, venueId, date), sql.receiptsOfDay(db, venueId, date), openSessionsOfVenue(db, venueId), closedUnpaidOf(db, venueId, from, to),
      ]);
      const byMethod = { card: { count: 0, amount: 0, tip: 0 }, cash: { count: 0, amount: 0, tip: 0 } };
      for (const p of payments) {
        const m = byMethod[p.method];
        m.count++;
        m.amount += p.amount;
        m.tip += p.tip;
      }
      const openBalances: CashDay['openBalances'] = [];
      for (const s of open) {
        const { state } = await read(db, s);
        if (state.balance > 0) openBalances.push({ table: s.label, sessionId: s.id, total: state.total, paid: state.paid, balance: state.balance });
      }
      const amount = byMethod.card.amount + byMethod.cash.amount;
      const tips = byMethod.card.tip + byMethod.cash.tip;
      return {
        venueId, date, currency: venue.currency, byMethod, amount, tips, total: amount + tips,
        receipts: receipts.map((r) => {
          const doc = JSON.parse(r.doc) as Receipt;
          return { id: doc.id, number: doc.number, issuedAt: doc.issuedAt, amount: doc.amount, tip: doc.tip, total: doc.total, method: doc.method, ...(doc.table ? { table: doc.table } : {}), ...(doc.orderNumber ? { orderNumber: doc.orderNumber } : {}) };
        }),
        openBalances,
        closedUnpaid: closed.map((s) => ({ table: s.label, sessionId: s.id, closedAt: s.closed_at ?? '', unpaid: s.unpaid ?? 0 })),
      };
    },

    async cashCsv(venueId, date) {
      const venue = venueOf(venueId);
      const rows = (await sql.receiptsOfDay(db, venueId, date)).map((r) => JSON.parse(r.doc) as Receipt);
      const dec = (minor: number) => aeatAmount(minor).replace('.', ',');
      const cell = (v: string) => (/[";\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
      const lines = [['numero', 'fecha', 'mesa', 'pedido', 'metodo', 'base', 'impuesto', 'importe', 'propina', 'total', 'moneda'].join(';')];
      for (const r of rows) {
        const base = r.taxes.reduce((sum, t) => sum + t.base, 0);
        const tax = r.taxes.reduce((sum, t) => sum + t.tax, 0);
        lines.push([r.number, r.issuedAt, r.table ?? '', r.orderNumber ?? '', r.method === 'card' ? 'tarjeta' : 'efectivo', dec(base), dec(tax), dec(r.amount), dec(r.tip), dec(r.total), venue.currency].map(cell).join(';'));
      }
      return `${lines.join('\r\n')}\r\n`;
    },

    async balanceOf(tx, s) {
      const { state } = await read(tx, s);
      const venue = venues.get(s.venue_id)?.venue;
      return { balance: state.balance, formatted: venue ? money(venue, state.balance) : String(state.balance) };
    },
  };
}
