/**
 * What each chart of the reports page shows, as data (docs/architecture.md#reports): its table view (the same rows as
 * its CSV section, src/contract/reports.ts, in words and formatted money) and its bars. Pure: the components draw it.
 */
import {
  DAY_PART_LABELS,
  REPORT_ALL_PARTS,
  REPORT_FIGURE_LABELS,
  REPORT_LOSS_LABELS,
  REPORT_SPLIT_LABELS,
  type Report,
  type ReportDish,
  type ReportFigures,
} from '../../contract/reports.ts';
import { ORDER_MODE_LABELS, PAYMENT_METHOD_LABELS } from '../../contract/labels.ts';
import { change, hourLabel, minutes } from './logic.ts';

export interface TableView {
  caption: string;
  /** Column headers; `numeric` columns are right-aligned. */
  columns: { label: string; numeric?: boolean }[];
  /** Each row's first cell is its header. */
  rows: string[][];
}

export interface Bar {
  label: string;
  /** What the bar measures (money in minor units, a count…), for its length. */
  value: number;
  /** The value as a person reads it. */
  text: string;
  /** A second line under the label (units, orders…). */
  detail?: string;
}

type Money = (minor: number) => string;

const count = (n: number) => n.toLocaleString('es-ES');
const decimal = (n: number) => n.toLocaleString('es-ES', { maximumFractionDigits: 2 });
/** Basis points as a rate: 1000 → «10 %». */
export const rateLabel = (bp: number) => `${(bp / 100).toLocaleString('es-ES', { maximumFractionDigits: 2 })} %`;

const methodLabel = (method: string) => PAYMENT_METHOD_LABELS[method as keyof typeof PAYMENT_METHOD_LABELS] ?? method;

const taxTotal = (f: ReportFigures) => f.tax.reduce((sum, t) => sum + t.tax, 0);

/** The headline figures, each with the previous period's and the change in words. */
export function headline(report: Report, money: Money) {
  const { summary: s } = report;
  const p = s.previous;
  const figure = (
    key: keyof typeof REPORT_FIGURE_LABELS,
    now: number,
    before: number,
    show: (n: number) => string,
  ) => ({
    key,
    label: REPORT_FIGURE_LABELS[key],
    value: show(now),
    previous: show(before),
    change: change(now, before),
  });
  return [
    figure('netSales', s.netSales, p.netSales, money),
    figure('tax', taxTotal(s), taxTotal(p), money),
    figure('tips', s.tips, p.tips, money),
    figure('orders', s.orders, p.orders, count),
    figure('covers', s.covers, p.covers, count),
    figure('averageTicket', s.averageTicket, p.averageTicket, money),
    figure('averagePerCover', s.averagePerCover, p.averagePerCover, money),
  ];
}

export function summaryTable(report: Report, money: Money): TableView {
  return {
    caption: 'Resumen del periodo frente al anterior',
    columns: [{ label: 'Cifra' }, { label: 'Periodo', numeric: true }, { label: 'Periodo anterior', numeric: true }],
    rows: headline(report, money).map((f) => [f.label, f.value, f.previous]),
  };
}

export function taxTable(report: Report, money: Money): TableView {
  return {
    caption: 'IVA por tipo',
    columns: [{ label: 'Tipo' }, { label: 'Base', numeric: true }, { label: 'Impuesto', numeric: true }],
    rows: report.summary.tax.map((t) => [rateLabel(t.rate), money(t.base), money(t.tax)]),
  };
}

export function hourTable(report: Report, money: Money): TableView {
  return {
    caption: 'Ventas netas por hora del día (días del periodo sumados)',
    columns: [{ label: 'Hora' }, { label: 'Ventas netas', numeric: true }, { label: 'Pedidos', numeric: true }],
    rows: report.byHour.map((h) => [hourLabel(h.hour), money(h.netSales), count(h.orders)]),
  };
}

export function dayTable(report: Report, money: Money, day: (d: string) => string): TableView {
  return {
    caption: 'Ventas netas por día, con el mismo día del periodo anterior',
    columns: [
      { label: 'Día' },
      { label: 'Ventas netas', numeric: true },
      { label: 'Día anterior' },
      { label: 'Ventas netas anterior', numeric: true },
    ],
    rows: report.byDay.map((d) => [day(d.day), money(d.netSales), day(d.previousDay), money(d.previous)]),
  };
}

export function dishTable(dishes: ReportDish[], caption: string, money: Money): TableView {
  return {
    caption,
    columns: [{ label: 'Plato' }, { label: 'Unidades', numeric: true }, { label: 'Importe neto', numeric: true }],
    rows: dishes.map((d) => [d.name, count(d.units), money(d.revenue)]),
  };
}

export function dishBars(dishes: ReportDish[], by: 'units' | 'revenue', money: Money): Bar[] {
  return dishes.map((d) =>
    by === 'units'
      ? { label: d.name, value: d.units, text: `${count(d.units)} u.`, detail: money(d.revenue) }
      : { label: d.name, value: d.revenue, text: money(d.revenue), detail: `${count(d.units)} u.` },
  );
}

export function categoryView(report: Report, money: Money): { table: TableView; bars: Bar[] } {
  return {
    table: {
      caption: 'Ventas netas por categoría',
      columns: [{ label: 'Categoría' }, { label: 'Ventas netas', numeric: true }],
      rows: report.byCategory.map((c) => [c.name, money(c.netSales)]),
    },
    bars: report.byCategory.map((c) => ({ label: c.name, value: c.netSales, text: money(c.netSales) })),
  };
}

export function modeView(report: Report, money: Money): { table: TableView; bars: Bar[] } {
  return {
    table: {
      caption: 'Ventas netas por tipo de pedido',
      columns: [{ label: 'Tipo' }, { label: 'Ventas netas', numeric: true }, { label: 'Pedidos', numeric: true }],
      rows: report.byMode.map((m) => [ORDER_MODE_LABELS[m.mode], money(m.netSales), count(m.orders)]),
    },
    bars: report.byMode.map((m) => ({
      label: ORDER_MODE_LABELS[m.mode],
      value: m.netSales,
      text: money(m.netSales),
      detail: `${count(m.orders)} pedidos`,
    })),
  };
}

export function methodView(report: Report, money: Money): { table: TableView; bars: Bar[] } {
  const name = (m: Report['byMethod'][number]) => `${methodLabel(m.method)}${m.provider ? ` · ${m.provider}` : ''}`;
  return {
    table: {
      caption: 'Cobros por método de pago (importe con IVA; propinas aparte)',
      columns: [
        { label: 'Método' },
        { label: 'Proveedor' },
        { label: 'Cobros', numeric: true },
        { label: 'Importe', numeric: true },
        { label: 'Propinas', numeric: true },
      ],
      rows: report.byMethod.map((m) => [
        methodLabel(m.method),
        m.provider ?? '—',
        count(m.count),
        money(m.amount),
        money(m.tips),
      ]),
    },
    bars: report.byMethod.map((m) => ({
      label: name(m),
      value: m.amount,
      text: money(m.amount),
      detail: `${count(m.count)} cobros · ${money(m.tips)} de propina`,
    })),
  };
}

export function waiterView(report: Report, money: Money): { table: TableView; bars: Bar[] } {
  return {
    table: {
      caption: 'Ventas netas de lo que añadió cada camarero a las mesas',
      columns: [{ label: 'Camarero' }, { label: 'Ventas netas', numeric: true }, { label: 'Rondas', numeric: true }],
      rows: report.byWaiter.map((w) => [w.name, money(w.netSales), count(w.rounds)]),
    },
    bars: report.byWaiter.map((w) => ({
      label: w.name,
      value: w.netSales,
      text: money(w.netSales),
      detail: `${count(w.rounds)} rondas`,
    })),
  };
}

export function kitchenView(report: Report): { table: TableView; bars: Bar[] } {
  const stations = report.kitchen.stations;
  return {
    table: {
      caption: 'Tiempo de cada comanda desde que llega hasta que sale, por estación',
      columns: [
        { label: 'Estación' },
        { label: 'Comandas', numeric: true },
        { label: 'Mediana', numeric: true },
        { label: 'P90', numeric: true },
        { label: 'Más de 20 min', numeric: true },
      ],
      rows: stations.map((s) => [s.name, count(s.tickets), minutes(s.median), minutes(s.p90), count(s.over20)]),
    },
    bars: stations.map((s) => ({
      label: s.name,
      value: s.median,
      text: `mediana ${minutes(s.median)}`,
      detail: `P90 ${minutes(s.p90)} · ${count(s.over20)} de ${count(s.tickets)} comandas pasaron de 20 min`,
    })),
  };
}

export function kitchenHourTable(report: Report): TableView {
  return {
    caption: 'Tiempos de cocina por hora de llegada de la comanda',
    columns: [
      { label: 'Estación' },
      { label: 'Hora' },
      { label: 'Comandas', numeric: true },
      { label: 'Mediana', numeric: true },
      { label: 'P90', numeric: true },
    ],
    rows: report.kitchen.stations.flatMap((s) =>
      s.byHour.map((h) => [s.name, hourLabel(h.hour), count(h.tickets), minutes(h.median), minutes(h.p90)]),
    ),
  };
}

export function tablesView(report: Report): { table: TableView; bars: Bar[] } {
  const t = report.tables;
  return {
    table: {
      caption: 'Tiempo de mesa (de la primera persona que se une al cierre) por franja',
      columns: [
        { label: 'Franja' },
        { label: 'Mesas', numeric: true },
        { label: 'Mediana', numeric: true },
        { label: 'Rondas por mesa', numeric: true },
      ],
      rows: [
        ...t.byDayPart.map((p) => [
          DAY_PART_LABELS[p.part],
          count(p.count),
          `${count(p.medianMinutes)} min`,
          decimal(p.roundsPerTable),
        ]),
        [REPORT_ALL_PARTS, count(t.count), `${count(t.medianMinutes)} min`, decimal(t.roundsPerTable)],
      ],
    },
    bars: t.byDayPart.map((p) => ({
      label: DAY_PART_LABELS[p.part],
      value: p.medianMinutes,
      text: `${count(p.medianMinutes)} min`,
      detail: `${count(p.count)} mesas · ${decimal(p.roundsPerTable)} rondas por mesa`,
    })),
  };
}

export function splitsView(report: Report): { table: TableView; bars: Bar[] } {
  const keys = ['whole', 'dishes', 'equal', 'amount'] as const;
  const s = report.tables.splits;
  return {
    table: {
      caption: 'Cómo se pagó la cuenta de las mesas cerradas',
      columns: [{ label: 'Forma' }, { label: 'Mesas', numeric: true }],
      rows: keys.map((k) => [REPORT_SPLIT_LABELS[k], count(s[k])]),
    },
    bars: keys.map((k) => ({ label: REPORT_SPLIT_LABELS[k], value: s[k], text: `${count(s[k])} mesas` })),
  };
}

export function lossesView(report: Report, money: Money): { table: TableView; bars: Bar[] } {
  const l = report.losses;
  const rows: { kind: string; reason: string; count: number; amount: number }[] = (
    ['voids', 'invitations', 'discounts'] as const
  ).flatMap((k) =>
    l[k].map((x) => ({ kind: REPORT_LOSS_LABELS[k], reason: x.reason, count: x.count, amount: x.amount })),
  );
  rows.push({
    kind: REPORT_LOSS_LABELS.unpaidTables,
    reason: '—',
    count: l.unpaidTables.count,
    amount: l.unpaidTables.amount,
  });
  return {
    table: {
      caption: 'Anulaciones, invitaciones, descuentos y mesas cerradas sin cobrar (importes con IVA)',
      columns: [
        { label: 'Tipo' },
        { label: 'Motivo' },
        { label: 'Veces', numeric: true },
        { label: 'Importe', numeric: true },
      ],
      rows: rows.map((r) => [r.kind, r.reason, count(r.count), money(r.amount)]),
    },
    bars: rows.map((r) => ({
      label: r.reason === '—' ? r.kind : `${r.kind}: ${r.reason}`,
      value: r.amount,
      text: money(r.amount),
      detail: `${count(r.count)} ${r.count === 1 ? 'vez' : 'veces'}`,
    })),
  };
}

/** The bars in one sentence (the picture's aria-label). */
export function barsSummary(title: string, bars: Bar[]): string {
  if (!bars.length) return `${title}: sin datos en este periodo.`;
  const top = bars.reduce((a, b) => (b.value > a.value ? b : a));
  return `${title}: ${bars.length} ${bars.length === 1 ? 'barra' : 'barras'}; la mayor, ${top.label}, ${top.text}.`;
}
