/**
 * The cash day (docs/rules.md#the-bill, `/panel/caja`): a venue's payments of one day in its time zone by method,
 * its tips and receipts, the tables open with something left to pay and those closed unpaid; and the day's
 * receipts as CSV.
 */
import { closedUnpaidOf, openSessionsOfVenue } from '../table-sessions/index.ts';
import type { CashDay, Receipt } from '../../../src/contract/bill.ts';
import { dayRange } from './money.ts';
import { aeatAmount } from './verifactu.ts';
import type { Bill } from './bill.ts';
import type { BillingContext } from './context.ts';
import * as sql from './queries.ts';

export function createCash(ctx: BillingContext, bill: Bill) {
  const { db, venueOf } = ctx;
  const { read } = bill;

  return {
    cash: async (venueId: string, date: string): Promise<CashDay> => {
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

    /** The day's receipts as CSV (`;`-separated, decimal comma: what a Spanish spreadsheet opens). */
    cashCsv: async (venueId: string, date: string): Promise<string> => {
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

  };
}
