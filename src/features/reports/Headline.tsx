/** The period's headline figures, each with its change against the previous period in words and an arrow, not colour alone. */
import type { Report } from '../../contract/reports.ts';
import { headline, rateLabel } from './views.ts';

const TREND_CLASS = { up: 'text-success', down: 'text-error-strong', same: '', new: 'text-success', none: '' } as const;

export function Headline({ report, money }: { report: Report; money: (minor: number) => string }) {
  const figures = headline(report, money);
  return (
    <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="report-figures">
      {figures.map((f) => (
        <li
          key={f.key}
          className="flex flex-col gap-0.5 rounded-box border border-base-300 bg-base-100 p-3"
          data-testid={`figure-${f.key}`}
        >
          <span className="text-sm">
            {f.key === 'tax' ? 'IVA' : f.key === 'netSales' ? 'Ventas netas (sin IVA)' : f.label}
          </span>
          <span className="text-xl font-bold tabular-nums" data-testid="figure-value">
            {f.value}
          </span>
          <span className={`text-sm font-semibold ${TREND_CLASS[f.change.trend]}`}>{f.change.words}</span>
          <span className="text-xs">antes {f.previous}</span>
          {f.key === 'tax' &&
            report.summary.tax.map((t) => (
              <span key={t.rate} className="text-xs" data-testid="figure-tax-rate">
                al {rateLabel(t.rate)}: {money(t.tax)}
              </span>
            ))}
        </li>
      ))}
    </ul>
  );
}
