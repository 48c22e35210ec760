/**
 * The cash day (docs/rules.md#the-bill, `/panel/caja`): a venue's payments of one of its days (in its time zone, past
 * midnight when its hours run past midnight: docs/rules.md#reports) by method,
 * its tips and receipts, the tables open with something left to pay and those closed unpaid; and the day's
 * receipts as CSV.
 */
import { closedUnpaidOf, openSessionsOfVenue } from '../table-sessions/index.ts';
import type { CashDay, Receipt } from '../../../src/contract/bill.ts';
import { venueDayRange } from '../reports/index.ts';
import { aeatAmount } from './verifactu.ts';
import type { Bill } from './bill.ts';
import type { BillingContext } from './context.ts';
import * as sql from './queries.ts';

/** The day's IVA per rate and its close (Z report) from its receipts, in number order (docs/rules.md#the-bill). */
export function dayClose(receipts: readonly Receipt[], cashExpected: number): Pick<CashDay, 'taxes' | 'close'> {
  const byRate = new Map<number, { base: number; tax: number }>();
  const byMethodRate = new Map<string, CashDay['close']['byMethodAndRate'][number]>();
  for (const r of receipts) {
    for (const t of r.taxes) {
      const rate = byRate.get(t.rate) ?? { base: 0, tax: 0 };
      rate.base += t.base;
      rate.tax += t.tax;
      byRate.set(t.rate, rate);
      const key = `${r.method}:${t.rate}`;
      const row = byMethodRate.get(key) ?? { method: r.method, rate: t.rate, base: 0, tax: 0, amount: 0 };
      row.base += t.base;
      row.tax += t.tax;
      row.amount += t.base + t.tax;
      byMethodRate.set(key, row);
    }
  }
  const methodOrder = { card: 0, cash: 1 } as const;
  return {
    taxes: [...byRate.entries()].sort((a, b) => b[0] - a[0]).map(([rate, t]) => ({ rate, ...t })),
    close: {
      byMethodAndRate: [...byMethodRate.values()].sort(
        (a, b) => methodOrder[a.method] - methodOrder[b.method] || b.rate - a.rate,
      ),
      ...(receipts.length ? { firstReceipt: receipts[0]!.number, lastReceipt: receipts.at(-1)!.number } : {}),
      receiptCount: receipts.length,
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
      // The venue's day: past midnight when its hours run past midnight (docs/rules.md#reports).
      const { from, to } = venueDayRange(venue.timezone, venue.hours, date);
      const [payments, receipts, open, closed] = await Promise.all([
        sql.paymentsOfDay(db, venueId, from, to),
        sql.receiptsOfDay(db, venueId, from, to),
        openSessionsOfVenue(db, venueId),
        closedUnpaidOf(db, venueId, new Date(from).toISOString(), new Date(to).toISOString()),
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
        if (state.balance > 0)
          openBalances.push({
            table: s.label,
            sessionId: s.id,
            total: state.total,
            paid: state.paid,
            balance: state.balance,
          });
      }
      const amount = byMethod.card.amount + byMethod.cash.amount;
      const tips = byMethod.card.tip + byMethod.cash.tip;
      const docs = receipts.map((r) => JSON.parse(r.doc) as Receipt);
      return {
        ...dayClose(docs, byMethod.cash.amount + byMethod.cash.tip),
        venueId,
        date,
        currency: venue.currency,
        byMethod,
        amount,
        tips,
        total: amount + tips,
        receipts: docs.map((doc) => {
          return {
            id: doc.id,
            number: doc.number,
            issuedAt: doc.issuedAt,
            amount: doc.amount,
            tip: doc.tip,
            total: doc.total,
            method: doc.method,
            ...(doc.table ? { table: doc.table } : {}),
            ...(doc.orderNumber ? { orderNumber: doc.orderNumber } : {}),
          };
        }),
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
      const { from, to } = venueDayRange(venue.timezone, venue.hours, date);
      const rows = (await sql.receiptsOfDay(db, venueId, from, to)).map((r) => JSON.parse(r.doc) as Receipt);
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
        ].join(';'),
      ];
      for (const r of rows) {
        const base = r.taxes.reduce((sum, t) => sum + t.base, 0);
        const tax = r.taxes.reduce((sum, t) => sum + t.tax, 0);
        lines.push(
          [
            r.number,
            r.issuedAt,
            r.table ?? '',
            r.orderNumber ?? '',
            r.method === 'card' ? 'tarjeta' : 'efectivo',
            dec(base),
            dec(tax),
            dec(r.amount),
            dec(r.tip),
            dec(r.total),
            venue.currency,
          ]
            .map(cell)
            .join(';'),
        );
      }
      return `${lines.join('\r\n')}\r\n`;
    },
  };
}
