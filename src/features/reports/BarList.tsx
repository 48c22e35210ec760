/**
 * Horizontal bars for a chart whose x axis is names (dishes, categories, methods, waiters…): HTML rather than canvas,
 * so a long dish name wraps on a phone instead of being cut. One picture (`role="img"`) with a summary in words; the
 * figures are in its table view.
 */
import { barsSummary, type Bar } from './views.ts';

export function BarList({
  title,
  bars,
  tone = 'primary',
}: {
  title: string;
  bars: Bar[];
  tone?: 'primary' | 'accent';
}) {
  if (!bars.length) return <p className="py-4 text-sm">Sin datos en este periodo.</p>;
  const max = Math.max(1, ...bars.map((b) => b.value));
  return (
    <div role="img" aria-label={barsSummary(title, bars)} className="flex flex-col gap-2">
      {bars.map((b, i) => (
        <div key={`${b.label}-${i}`} className="flex flex-col gap-0.5">
          <div className="flex items-baseline justify-between gap-2 text-sm">
            <span className="min-w-0 break-words">{b.label}</span>
            <span className="shrink-0 font-semibold tabular-nums">{b.text}</span>
          </div>
          <div className="report-bar-track">
            <div
              className={`report-bar${tone === 'accent' ? ' report-bar-accent' : ''}`}
              style={{ width: `${(Math.max(0, b.value) / max) * 100}%`, minWidth: b.value > 0 ? undefined : 0 }}
            />
          </div>
          {b.detail && <span className="text-xs text-base-content/80">{b.detail}</span>}
        </div>
      ))}
    </div>
  );
}
