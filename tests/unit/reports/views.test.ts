import { describe, expect, it } from 'vitest';
import { Report, REPORT_SECTIONS, type ReportSection } from '../../../src/contract/reports.ts';
import { formatMoney } from '../../../src/contract/money-format.ts';
import { reportCsv } from '../../../server/features/reports/csv.ts';
import * as views from '../../../src/features/reports/views.ts';
import type { TableView } from '../../../src/features/reports/views.ts';

const figures = (k: number) => ({
  netSales: 123_456 * k,
  tax: [
    { rate: 1000, base: 113_456 * k, tax: 11_346 * k },
    { rate: 2100, base: 10_000 * k, tax: 2_100 * k },
  ],
  tips: 3_450 * k,
  orders: 31 * k,
  covers: 78 * k,
  averageTicket: 3_982 * k,
  averagePerCover: 1_583 * k,
});
const dish = (i: number) => ({ productId: `p${i}`, name: `Plato ${i}`, units: 12 - i, revenue: 25_000 - i * 2_000 });

const report = Report.parse({
  venueId: 'bar-el-cabanyal',
  from: '2026-11-23',
  to: '2026-11-25',
  zone: 'Europe/Madrid',
  currency: 'EUR',
  dayStartsAt: '03:00',
  previousPeriod: { from: '2026-11-20', to: '2026-11-22' },
  summary: { ...figures(2), previous: figures(1) },
  byHour: Array.from({ length: 24 }, (_, hour) => ({ hour, netSales: hour * 1_000, orders: hour })),
  byDay: ['2026-11-23', '2026-11-24', '2026-11-25'].map((day, i) => ({
    day,
    netSales: 40_000 + i,
    previous: 30_000 + i,
    previousDay: `2026-11-${20 + i}`,
  })),
  topDishes: { byUnits: [dish(0), dish(1)], byRevenue: [dish(1), dish(0)] },
  byCategory: [{ categoryId: 'arroces', name: 'Arroces', netSales: 80_000 }],
  byMode: [
    { mode: 'table', netSales: 100_000, orders: 25 },
    { mode: 'pickup', netSales: 23_456, orders: 6 },
  ],
  byMethod: [{ method: 'card', amount: 120_000, tips: 3_000, count: 20 }],
  byWaiter: [{ name: 'Carmen', netSales: 50_000, rounds: 14 }],
  kitchen: {
    stations: [
      {
        station: 'cocina',
        name: 'Cocina',
        tickets: 40,
        median: 600,
        p90: 1_500,
        over20: 3,
        byHour: [
          { hour: 13, tickets: 20, median: 540, p90: 1_300 },
          { hour: 21, tickets: 20, median: 660, p90: 1_600 },
        ],
      },
    ],
  },
  tables: {
    count: 20,
    medianMinutes: 75,
    byDayPart: [{ part: 'lunch', count: 20, medianMinutes: 75, roundsPerTable: 2.5 }],
    roundsPerTable: 2.5,
    splits: { dishes: 2, equal: 3, amount: 1, whole: 14 },
  },
  losses: {
    voids: [{ reason: 'Error', count: 2, amount: 1_200 }],
    invitations: [],
    discounts: [{ reason: 'Cliente habitual', count: 1, amount: 500 }],
    unpaidTables: { count: 0, amount: 0 },
  },
});

const money = (minor: number) => formatMoney(minor, 'EUR', 'es-ES');
const tableOf: Record<ReportSection, TableView> = {
  summary: views.summaryTable(report, money),
  tax: views.taxTable(report, money),
  byHour: views.hourTable(report, money),
  byDay: views.dayTable(report, money, (d) => d),
  topDishesByUnits: views.dishTable(report.topDishes.byUnits, '', money),
  topDishesByRevenue: views.dishTable(report.topDishes.byRevenue, '', money),
  byCategory: views.categoryView(report, money).table,
  byMode: views.modeView(report, money).table,
  byMethod: views.methodView(report, money).table,
  byWaiter: views.waiterView(report, money).table,
  kitchen: views.kitchenView(report).table,
  kitchenByHour: views.kitchenHourTable(report),
  tables: views.tablesView(report).table,
  splits: views.splitsView(report).table,
  losses: views.lossesView(report, money).table,
};

describe('a chart table view and its CSV', () => {
  it.each(REPORT_SECTIONS)('%s: the table shows the CSV section rows, in its order', (section) => {
    const lines = reportCsv(report, section).trimEnd().split('\r\n').slice(1);
    const rows = tableOf[section].rows;
    expect(rows).toHaveLength(lines.length);
    // Each row is the same thing: the row header of the table is in the CSV line (where the CSV names it as the page does).
    rows.forEach((row, i) => {
      const words = row[0]!.replace(/ h$/, '');
      if (!['byDay', 'tax', 'kitchenByHour'].includes(section)) expect(lines[i]).toContain(words);
    });
  });

  it('writes money as the app does and changes with a word', () => {
    const [net, tax] = views.headline(report, money);
    expect(net).toMatchObject({ label: 'Ventas netas', value: money(246_912), previous: money(123_456) });
    expect(net!.change.words).toBe('▲ 100 % más');
    expect(tax).toMatchObject({ value: money(2 * (11_346 + 2_100)) });
    expect(views.rateLabel(1000)).toBe('10 %');
  });
});
