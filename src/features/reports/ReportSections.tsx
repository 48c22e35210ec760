/**
 * The reports page's charts, in the order an owner reads them: when it sold (by hour, by day), what sold (top dishes,
 * categories), how (mode, payment, waiter), the kitchen, the tables and the losses. Each is a ReportCard: the picture,
 * its table view and its CSV section.
 */
import { useMemo } from 'react';
import type { Report } from '../../contract/reports.ts';
import { BarList } from './BarList.tsx';
import { Chart } from './Chart.tsx';
import { dayChart, hourChart, kitchenChart, LEGEND } from './charts.ts';
import { formatDay } from './logic.ts';
import { Headline } from './Headline.tsx';
import { ReportCard, type CsvTarget } from './ReportCard.tsx';
import {
  categoryView,
  dayTable,
  dishBars,
  dishTable,
  hourTable,
  kitchenHourTable,
  kitchenView,
  lossesView,
  methodView,
  modeView,
  rateLabel,
  splitsView,
  summaryTable,
  tablesView,
  taxTable,
  waiterView,
} from './views.ts';

type Money = (minor: number) => string;

function Legend({ items }: { items: { label: string; color: string; dashed?: boolean }[] }) {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-hidden="true">
      {items.map((i) => (
        <li key={i.label} className="flex items-center gap-2">
          <span
            className="report-swatch"
            style={{ borderTopStyle: i.dashed ? 'dotted' : 'solid', borderTopColor: i.color }}
          />
          {i.label}
        </li>
      ))}
    </ul>
  );
}

export function ReportSections({
  report,
  venueId,
  money,
  axis,
}: {
  report: Report;
  venueId: string;
  money: Money;
  axis: Money;
}) {
  const csv: CsvTarget = { venueId, from: report.from, to: report.to };
  const charts = useMemo(
    () => ({
      hour: hourChart(report, money, axis),
      day: dayChart(report, money, axis),
      kitchen: report.kitchen.stations.map((s) => ({ station: s, spec: kitchenChart(s) })),
    }),
    [report, money, axis],
  );
  const category = categoryView(report, money);
  const mode = modeView(report, money);
  const method = methodView(report, money);
  const waiter = waiterView(report, money);
  const kitchen = kitchenView(report);
  const tables = tablesView(report);
  const splits = splitsView(report);
  const losses = lossesView(report, money);

  return (
    <>
      <ReportCard
        id="summary"
        note="Cada cifra frente al periodo anterior de la misma duración."
        section="summary"
        table={summaryTable(report, money)}
        csv={csv}
      >
        <Headline report={report} money={money} />
      </ReportCard>
      <div className="report-grid">
        <ReportCard
          id="by-day"
          note="Ventas netas (sin IVA) de cada día; en punteado, el mismo día del periodo anterior."
          section="byDay"
          table={dayTable(report, money, formatDay)}
          csv={csv}
        >
          <Chart spec={charts.day} testId="chart-by-day" />
          <Legend
            items={[
              { label: 'Este periodo', color: LEGEND.current },
              { label: 'Periodo anterior', color: LEGEND.previous, dashed: true },
            ]}
          />
        </ReportCard>
        <ReportCard
          id="by-hour"
          note="Ventas netas por hora del día, sumando todos los días del periodo."
          section="byHour"
          table={hourTable(report, money)}
          csv={csv}
        >
          <Chart spec={charts.hour} testId="chart-by-hour" />
        </ReportCard>
        <ReportCard id="tax" section="tax" table={taxTable(report, money)} csv={csv}>
          <BarList
            title="IVA por tipo"
            bars={report.summary.tax.map((t) => ({
              label: `IVA ${rateLabel(t.rate)}`,
              value: t.tax,
              text: money(t.tax),
              detail: `sobre una base de ${money(t.base)}`,
            }))}
          />
        </ReportCard>
        <ReportCard
          id="top-units"
          section="topDishesByUnits"
          table={dishTable(report.topDishes.byUnits, 'Los 10 platos más vendidos por unidades', money)}
          csv={csv}
        >
          <BarList title="Platos más vendidos por unidades" bars={dishBars(report.topDishes.byUnits, 'units', money)} />
        </ReportCard>
        <ReportCard
          id="top-revenue"
          note="Importe neto, sin IVA."
          section="topDishesByRevenue"
          table={dishTable(report.topDishes.byRevenue, 'Los 10 platos que más ingresaron (importe neto)', money)}
          csv={csv}
        >
          <BarList title="Platos que más ingresaron" bars={dishBars(report.topDishes.byRevenue, 'revenue', money)} />
        </ReportCard>
        <ReportCard id="by-category" section="byCategory" table={category.table} csv={csv}>
          <BarList title="Ventas netas por categoría" bars={category.bars} />
        </ReportCard>
        <ReportCard id="by-mode" section="byMode" table={mode.table} csv={csv}>
          <BarList title="Ventas netas por tipo de pedido" bars={mode.bars} />
        </ReportCard>
        <ReportCard
          id="by-method"
          note="Importe cobrado con IVA; las propinas, aparte."
          section="byMethod"
          table={method.table}
          csv={csv}
        >
          <BarList title="Cobros por método de pago" bars={method.bars} />
        </ReportCard>
        <ReportCard
          id="by-waiter"
          note="Lo que cada camarero añadió a las mesas desde «Sala», con la cuenta pagada."
          section="byWaiter"
          table={waiter.table}
          csv={csv}
        >
          <BarList title="Ventas netas por camarero" bars={waiter.bars} />
        </ReportCard>
        <ReportCard
          id="kitchen"
          note="Desde que llega la comanda a la estación hasta que sale."
          section="kitchen"
          table={kitchen.table}
          csv={csv}
        >
          <BarList title="Mediana por estación" bars={kitchen.bars} tone="accent" />
        </ReportCard>
        <ReportCard
          id="kitchen-hour"
          note="Mediana y P90 (nueve de cada diez comandas salen antes) según la hora de llegada."
          section="kitchenByHour"
          table={kitchenHourTable(report)}
          csv={csv}
        >
          {charts.kitchen.length === 0 ? (
            <p className="py-4 text-sm">Sin comandas en este periodo.</p>
          ) : (
            <>
              {charts.kitchen.map(({ station, spec }) => (
                <div key={station.station} className="flex flex-col gap-1">
                  <h3 className="font-semibold">{station.name}</h3>
                  <Chart spec={spec} testId={`chart-kitchen-${station.station}`} />
                </div>
              ))}
              <Legend
                items={[
                  { label: 'Mediana', color: LEGEND.current },
                  { label: 'P90', color: LEGEND.slow, dashed: true },
                ]}
              />
            </>
          )}
        </ReportCard>
        <ReportCard
          id="tables"
          note={`Mediana de ${report.tables.medianMinutes} min de la primera persona al cierre; ${report.tables.roundsPerTable.toLocaleString('es-ES')} rondas por mesa.`}
          section="tables"
          table={tables.table}
          csv={csv}
        >
          <BarList title="Tiempo de mesa por franja" bars={tables.bars} />
        </ReportCard>
        <ReportCard id="splits" section="splits" table={splits.table} csv={csv}>
          <BarList title="Mesas según cómo pagaron" bars={splits.bars} />
        </ReportCard>
        <ReportCard
          id="losses"
          note="Anulaciones, invitaciones y descuentos con su motivo, y mesas cerradas sin cobrar (importes con IVA)."
          section="losses"
          table={losses.table}
          csv={csv}
        >
          <BarList title="Pérdidas" bars={losses.bars} tone="accent" />
        </ReportCard>
      </div>
    </>
  );
}
