/**
 * The uPlot charts of the reports page as data (uplot-chart.ts draws them): sales by hour (bars, the period's days
 * summed), by day (line, the previous period dotted) and a kitchen station's times by hour (median and P90).
 * Colours are the theme's (tailwind.config.ts): the period in primary-strong, the previous period in grey.
 */
import type { KitchenStation, Report } from '../../contract/reports.ts';
import { dayTick, formatRange, hourLabel } from './logic.ts';
import type { ChartSpec } from './uplot-chart.ts';

const CURRENT = '#006d91';
const PREVIOUS = '#5b6675';
const SLOW = '#c75500';

type Money = (minor: number) => string;

export function hourChart(report: Report, money: Money, axis: Money): ChartSpec {
  const best = report.byHour.reduce((a, b) => (b.netSales > a.netSales ? b : a), report.byHour[0]!);
  const total = report.byHour.reduce((sum, h) => sum + h.netSales, 0);
  return {
    x: report.byHour.map((h) => h.hour),
    xTick: hourLabel,
    yTick: axis,
    xLabel: 'Hora del día',
    yLabel: 'Ventas netas',
    series: [{ label: 'Ventas netas', values: report.byHour.map((h) => h.netSales), kind: 'bars', color: CURRENT }],
    summary:
      total > 0
        ? `Ventas netas por hora del día, sumadas en el periodo: la hora con más ventas es la de las ${hourLabel(best.hour)}, con ${money(best.netSales)}.`
        : 'Ventas netas por hora del día: sin ventas en este periodo.',
  };
}

export function dayChart(report: Report, money: Money, axis: Money): ChartSpec {
  const days = report.byDay;
  const total = days.reduce((sum, d) => sum + d.netSales, 0);
  const before = days.reduce((sum, d) => sum + d.previous, 0);
  const best = days.reduce((a, b) => (b.netSales > a.netSales ? b : a), days[0]!);
  return {
    x: days.map((_, i) => i),
    xTick: (i) => (days[i] ? dayTick(days[i].day, days.length) : ''),
    yTick: axis,
    xLabel: 'Día',
    yLabel: 'Ventas netas',
    series: [
      { label: 'Este periodo', values: days.map((d) => d.netSales), kind: 'line', color: CURRENT },
      {
        label: 'Periodo anterior',
        values: days.map((d) => d.previous),
        kind: 'line',
        dashed: true,
        color: PREVIOUS,
      },
    ],
    summary: `Ventas netas por día del ${formatRange(report.from, report.to)}: ${money(total)} en total frente a ${money(before)} del periodo anterior${
      total > 0 && best ? `; el mejor día, ${dayTick(best.day, days.length)}, con ${money(best.netSales)}` : ''
    }.`,
  };
}

const minutesTick = (m: number) => `${m.toLocaleString('es-ES', { maximumFractionDigits: 1 })} min`;
const inMinutes = (seconds: number) => Math.round(seconds / 6) / 10;

/** A station's hours from its first ticket's to its last's; an hour without tickets is a gap in the lines, not a slope. */
export function kitchenChart(station: KitchenStation): ChartSpec {
  const byHour = new Map(station.byHour.map((h) => [h.hour, h]));
  const known = station.byHour.map((h) => h.hour);
  const first = Math.min(...known);
  const last = Math.max(...known);
  const x = known.length ? Array.from({ length: last - first + 1 }, (_, i) => first + i) : [];
  const at = (hour: number, pick: 'median' | 'p90') => {
    const h = byHour.get(hour);
    return h ? inMinutes(h[pick]) : null;
  };
  return {
    x,
    xTick: hourLabel,
    yTick: minutesTick,
    xLabel: 'Hora de llegada',
    yLabel: 'Minutos',
    series: [
      { label: 'Mediana', values: x.map((h) => at(h, 'median')), kind: 'line', color: CURRENT },
      { label: 'P90', values: x.map((h) => at(h, 'p90')), kind: 'line', dashed: true, color: SLOW },
    ],
    summary: `${station.name}: mediana de ${minutesTick(inMinutes(station.median))} y P90 de ${minutesTick(inMinutes(station.p90))} desde que llega la comanda hasta que sale; ${station.over20} de ${station.tickets} comandas pasaron de 20 minutos.`,
  };
}

/** The line styles a legend names, in the chart's colours. */
export const LEGEND = { current: CURRENT, previous: PREVIOUS, slow: SLOW } as const;
