/**
 * The cash day (docs/rules.md#the-bill, `/panel/caja`): a venue's payments of one day in its time zone by method,
 * its tips and receipts, the tables open with something left to pay and those closed unpaid; and the day's
 * receipts as CSV.
 */
import { closedUnpaidOf, openSessionsOfVenue } from '../table-sessions/index.ts';
import type { CashDay, PaidWith, Receipt } from '../../../src/contract/bill.ts';
import { dayRange } from './money.ts';
import { aeatAmount } from './verifactu.ts';
import type { Bill } from './bill.ts';
import type { BillingContext } from './context.ts';
import * as sql from './queries.ts';
import { refundedOf, refundsOfDay } from './refunds/queries.ts';
import type { PaymentDoc } from './refunds/service.ts';
import { providerLabel, type Refund } from '../../../src/contract/refund.ts';

/** The day's IVA per rate and its close (Z report) from its receipts, in number order (docs/rules.md#the-bill). */
/** The till counts cash; Bizum from the phone is electronic money like a card (docs/rules.md#paying-from-the-phone). */
const tillMethod = (method: PaidWith): 'card' | 'cash' => (method === 'cash' ? 'cash' : 'card');

export function dayClose(receipts: readonly Receipt[], cashExpected: number): Pick<CashDay, 'taxes' | 'close'> {
  const byRate = new Map<number, { base: number; tax: number }>();
  const byMethodRate = new Map<string, CashDay['close']['byMethodAndRate'][number]>();
  for (const r of receipts) {
    for (const t of r.taxes) {
      const rate = byRate.get(t.rate) ?? { base: 0, tax: 0 };
      rate.base += t.base;
      rate.tax += t.tax;
      byRate.set(t.rate, rate);
      const method = tillMethod(r.method);
      const key = `${method}:${t.rate}`;
      const row = byMethodRate.get(key) ?? { method, rate: t.rate, base: 0, tax: 0, amount: 0 };
      row.base += t.base;
      row.tax += t.tax;
      row.amount += t.base + t.tax;
      byMethodRate.set(key, row);
    }
  }
  const methodOrder = { card: 0, cash: 1 } as const;
  // The first and last simplified invoices; rectifying receipts are numbered in their own series.
  const invoices = receipts.filter((r) => !r.type);
  return {
    taxes: [...byRate.entries()].sort((a, b) => b[0] - a[0]).map(([rate, t]) => ({ rate, ...t })),
    close: {
      byMethodAndRate: [...byMethodRate.values()].sort(
        (a, b) => methodOrder[a.method] - methodOrder[b.method] || b.rate - a.rate,
      ),
      ...(invoices.length ? { firstReceipt: invoices[0]!.number, lastReceipt: invoices.at(-1)!.number } : {}),
      receiptCount: invoices.length,
      cashExpected,
    },
  };
}

export function createCash(ctx: BillingContext, bill: Bill) {
  const { db, venueOf } = ctx;
  const { read } = bill;

  return {
    cash: async (venueId: string, date: string): Promise<CashDay> => {
      const venue = venueOf(venueId);
      const { from, to } = dayRange(date, venue.timezone);
      const [payments, receipts, open, closed, refundRows] = await Promise.all([
        sql.paymentsOfDay(db, venueId, date),
        sql.receiptsOfDay(db, venueId, date),
        openSessionsOfVenue(db, venueId),
        closedUnpaidOf(db, venueId, from, to),
        refundsOfDay(db, venueId, date),
      ]);
      const byMethod = { card: { count: 0, amount: 0, tip: 0 }, cash: { count: 0, amount: 0, tip: 0 } };
      // Online payments by provider as the manager knows them («Redsys», «Bizum», «Stripe»); fees are not umenu's.
      const byProvider = new Map<string, NonNullable<CashDay['byProvider']>[number]>();
      const paymentDocs = new Map<string, PaymentDoc>();
      for (const p of payments) {
        const m = byMethod[tillMethod(p.method)];
        m.count++;
        m.amount += p.amount;
        m.tip += p.tip;
        const doc = JSON.parse(p.doc) as PaymentDoc;
        paymentDocs.set(p.id, doc);
        if (doc.provider) {
          const label = providerLabel(doc.provider, doc.method);
          const row = byProvider.get(label) ?? { label, count: 0, amount: 0, tip: 0, refunded: 0 };
          row.count++;
          row.amount += p.amount;
          row.tip += p.tip;
          byProvider.set(label, row);
        }
      }
      const refunds = refundRows.map((r) => JSON.parse(r.doc) as Refund);
      let refunded = 0;
      let refundedTips = 0;
      let cashRefunded = 0;
      for (const r of refunds) {
        refunded += r.sale;
        refundedTips += r.tip;
        if (r.method === 'cash' && !r.provider) cashRefunded += r.amount;
        const paid = paymentDocs.get(r.paymentId);
        if (r.provider) {
          const label = providerLabel(r.provider, paid?.method ?? r.method);
          const row = byProvider.get(label) ?? { label, count: 0, amount: 0, tip: 0, refunded: 0 };
          row.refunded += r.amount;
          byProvider.set(label, row);
        }
      }
      const openBalances: CashDay['openBalances'] = [];
      for (const s of open) {
        const { state } = await read(db, s);
        if (state.balance > 0)
          openBalances.push({
            table: s.label,
            sessionId: s.id,
            total: state.total,
            paid: state.paid,
            balance: state.balance,
          });
      }
      // What the day took in: its payments less its refunds.
      const amount = byMethod.card.amount + byMethod.cash.amount - refunded;
      const tips = byMethod.card.tip + byMethod.cash.tip - refundedTips;
      const docs = receipts.map((r) => JSON.parse(r.doc) as Receipt);
      const paymentOf = new Map(receipts.map((r) => [r.id, r.payment_id]));
      const already = await refundedOf(db, [...new Set(receipts.map((r) => r.payment_id))]);
      const refundNumber = new Map(docs.filter((d) => d.type).map((d) => [d.id, d]));
      return {
        ...dayClose(docs, byMethod.cash.amount + byMethod.cash.tip - cashRefunded),
        venueId,
        date,
        currency: venue.currency,
        byMethod,
        amount,
        tips,
        total: amount + tips,
        receipts: docs.map((doc) => {
          const paymentId = paymentOf.get(doc.id);
          const paid = paymentId ? paymentDocs.get(paymentId) : undefined;
          return {
            id: doc.id,
            number: doc.number,
            issuedAt: doc.issuedAt,
            amount: doc.amount,
            tip: doc.tip,
            total: doc.total,
            method: tillMethod(doc.method),
            ...(doc.table ? { table: doc.table } : {}),
            ...(doc.orderNumber ? { orderNumber: doc.orderNumber } : {}),
            ...(paymentId ? { paymentId } : {}),
            ...(doc.type
              ? { type: doc.type, ...(doc.rectifies ? { rectifies: doc.rectifies.number } : {}) }
              : paymentId
                ? { refundable: doc.total - (already.get(paymentId) ?? 0) }
                : {}),
            ...(paid?.provider ? { provider: paid.provider, label: providerLabel(paid.provider, paid.method) } : {}),
            ...(paid?.providerRef ? { providerRef: paid.providerRef } : {}),
          };
        }),
        refunds: refunds.map((r) => ({
          id: r.id,
          paymentId: r.paymentId,
          receiptId: r.receiptId,
          number: refundNumber.get(r.receiptId)?.number ?? '',
          rectifies: refundNumber.get(r.receiptId)?.rectifies?.number ?? '',
          issuedAt: refundNumber.get(r.receiptId)?.issuedAt ?? r.createdAt,
          amount: r.amount,
          tip: r.tip,
          method: tillMethod(r.method),
          ...(r.provider ? { provider: r.provider, label: providerLabel(r.provider, r.method) } : {}),
          reason: r.reason,
        })),
        byProvider: [...byProvider.values()].sort((a, b) => a.label.localeCompare(b.label, 'es')),
        openBalances,
        closedUnpaid: closed.map((s) => ({
          table: s.label,
          sessionId: s.id,
          closedAt: s.closed_at ?? '',
          unpaid: s.unpaid ?? 0,
        })),
      };
    },

    /** The day's receipts as CSV (`;`-separated, decimal comma: what a Spanish spreadsheet opens). */
    cashCsv: async (venueId: string, date: string): Promise<string> => {
      const venue = venueOf(venueId);
      const [receiptRows, payments] = await Promise.all([
        sql.receiptsOfDay(db, venueId, date),
        sql.paymentsOfDay(db, venueId, date),
      ]);
      const paymentDocs = new Map(payments.map((p) => [p.id, JSON.parse(p.doc) as PaymentDoc]));
      const rows = receiptRows.map((r) => ({ ...(JSON.parse(r.doc) as Receipt), paymentId: r.payment_id }));
      const dec = (minor: number) => aeatAmount(minor).replace('.', ',');
      const cell = (v: string) => (/[";\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
      const lines = [
        [
          'numero',
          'fecha',
          'mesa',
          'pedido',
          'metodo',
          'base',
          'impuesto',
          'importe',
          'propina',
          'total',
          'moneda',
          'tipo',
          'rectifica',
          'proveedor',
          'referencia_proveedor',
        ].join(';'),
      ];
      for (const r of rows) {
        const base = r.taxes.reduce((sum, t) => sum + t.base, 0);
        const tax = r.taxes.reduce((sum, t) => sum + t.tax, 0);
        const paid = paymentDocs.get(r.paymentId);
        lines.push(
          [
            r.number,
            r.issuedAt,
            r.table ?? '',
            r.orderNumber ?? '',
            r.method === 'cash' ? 'efectivo' : r.method === 'bizum' ? 'bizum' : 'tarjeta',
            dec(base),
            dec(tax),
            dec(r.amount),
            dec(r.tip),
            dec(r.total),
            venue.currency,
            r.type ?? 'F2',
            r.rectifies?.number ?? '',
            paid?.provider ? providerLabel(paid.provider, paid.method) : '',
            paid?.providerRef ?? '',
          ]
            .map(cell)
            .join(';'),
        );
      }
      return `${lines.join('\r\n')}\r\n`;
    },
  };
}
