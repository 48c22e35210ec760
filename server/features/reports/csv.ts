/**
 * A report's section as CSV (docs/rules.md#reports): exactly what the section's chart or table shows, `;`-separated
 * with a decimal comma and CRLF lines, as the cash day's CSV; money in the venue's currency units, seconds and
 * minutes as whole numbers.
 */
import {
  DAY_PART_LABELS,
  REPORT_ALL_PARTS,
  REPORT_CSV_COLUMNS,
  REPORT_FIGURE_LABELS,
  REPORT_LOSS_LABELS,
  REPORT_SPLIT_LABELS,
  type Report,
  type ReportDish,
  type ReportFigures,
  type ReportSection,
} from '../../../src/contract/reports.ts';
import { ORDER_MODE_LABELS, PAYMENT_METHOD_LABELS } from '../../../src/contract/labels.ts';

/** Minor units as a decimal with a comma (`-12,05`). */
export function decimal(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}
const cell = (v: string | number) => {
  const s = String(v);
  return /[";\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
const rate = (basisPoints: number) => decimal(basisPoints).replace(/,00$/, '');
const methodLabel = (m: string) => PAYMENT_METHOD_LABELS[m as keyof typeof PAYMENT_METHOD_LABELS] ?? m;

function summaryRows(r: Report): Array<Array<string | number>> {
  const { summary } = r;
  const p = summary.previous;
  const taxOf = (f: ReportFigures) => f.tax.reduce((sum, t) => sum + t.tax, 0);
  return [
    [REPORT_FIGURE_LABELS.netSales, decimal(summary.netSales), decimal(p.netSales)],
    [REPORT_FIGURE_LABELS.tax, decimal(taxOf(summary)), decimal(taxOf(p))],
    [REPORT_FIGURE_LABELS.tips, decimal(summary.tips), decimal(p.tips)],
    [REPORT_FIGURE_LABELS.orders, summary.orders, p.orders],
    [REPORT_FIGURE_LABELS.covers, summary.covers, p.covers],
    [REPORT_FIGURE_LABELS.averageTicket, decimal(summary.averageTicket), decimal(p.averageTicket)],
    [REPORT_FIGURE_LABELS.averagePerCover, decimal(summary.averagePerCover), decimal(p.averagePerCover)],
  ];
}

const dishRows = (dishes: readonly ReportDish[]) =>
  dishes.map((d) => [d.productId, d.name, d.units, decimal(d.revenue)]);

function rowsOf(r: Report, section: ReportSection): Array<Array<string | number>> {
  switch (section) {
    case 'summary':
      return summaryRows(r);
    case 'tax':
      return r.summary.tax.map((t) => [rate(t.rate), decimal(t.base), decimal(t.tax)]);
    case 'byHour':
      return r.byHour.map((h) => [h.hour, decimal(h.netSales), h.orders]);
    case 'byDay':
      return r.byDay.map((d) => [d.day, decimal(d.netSales), d.previousDay, decimal(d.previous)]);
    case 'topDishesByUnits':
      return dishRows(r.topDishes.byUnits);
    case 'topDishesByRevenue':
      return dishRows(r.topDishes.byRevenue);
    case 'byCategory':
      return r.byCategory.map((c) => [c.categoryId, c.name, decimal(c.netSales)]);
    case 'byMode':
      return r.byMode.map((m) => [ORDER_MODE_LABELS[m.mode], decimal(m.netSales), m.orders]);
    case 'byMethod':
      return r.byMethod.map((m) => [
        methodLabel(m.method),
        m.provider ?? '',
        m.count,
        decimal(m.amount),
        decimal(m.tips),
      ]);
    case 'byWaiter':
      return r.byWaiter.map((w) => [w.name, decimal(w.netSales), w.rounds]);
    case 'kitchen':
      return r.kitchen.stations.map((s) => [s.station, s.name, s.tickets, s.median, s.p90, s.over20]);
    case 'kitchenByHour':
      return r.kitchen.stations.flatMap((s) => s.byHour.map((h) => [s.station, h.hour, h.tickets, h.median, h.p90]));
    case 'tables':
      return [
        ...r.tables.byDayPart.map((p) => [
          DAY_PART_LABELS[p.part],
          p.count,
          p.medianMinutes,
          decimal(Math.round(p.roundsPerTable * 100)),
        ]),
        [REPORT_ALL_PARTS, r.tables.count, r.tables.medianMinutes, decimal(Math.round(r.tables.roundsPerTable * 100))],
      ];
    case 'splits':
      return (['whole', 'dishes', 'equal', 'amount'] as const).map((k) => [REPORT_SPLIT_LABELS[k], r.tables.splits[k]]);
    case 'losses': {
      const { losses } = r;
      return [
        ...losses.voids.map((l) => [REPORT_LOSS_LABELS.voids, l.reason, l.count, decimal(l.amount)]),
        ...losses.invitations.map((l) => [REPORT_LOSS_LABELS.invitations, l.reason, l.count, decimal(l.amount)]),
        ...losses.discounts.map((l) => [REPORT_LOSS_LABELS.discounts, l.reason, l.count, decimal(l.amount)]),
        [REPORT_LOSS_LABELS.unpaidTables, '', losses.unpaidTables.count, decimal(losses.unpaidTables.amount)],
      ];
    }
  }
}

/** The section's CSV text (header first). */
export function reportCsv(report: Report, section: ReportSection): string {
  const lines = [REPORT_CSV_COLUMNS[section], ...rowsOf(report, section)].map((row) => row.map(cell).join(';'));
  return `${lines.join('\r\n')}\r\n`;
}
