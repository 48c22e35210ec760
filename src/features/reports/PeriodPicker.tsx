/**
 * The period of the report: Hoy, Ayer, Esta semana, Este mes, or two days of the manager's choosing, on the venue's
 * clock, and what it is compared with (the previous period of the same length).
 */
import { useState, type FormEvent } from 'react';
import { previousPeriod } from '../../contract/reports.ts';
import { customPeriod, formatRange, PERIOD_LABELS, presetPeriod, type Period, type PeriodKind } from './logic.ts';

const PRESETS: Exclude<PeriodKind, 'custom'>[] = ['today', 'yesterday', 'week', 'month'];

export function PeriodPicker({
  period,
  today,
  zone,
  onChange,
}: {
  period: Period;
  today: string;
  zone: string;
  onChange: (next: Period) => void;
}) {
  const [custom, setCustom] = useState(false);
  const [from, setFrom] = useState(period.from);
  const [to, setTo] = useState(period.to);
  const [error, setError] = useState('');
  const previous = previousPeriod(period.from, period.to);

  function submit(e: FormEvent) {
    e.preventDefault();
    const result = customPeriod(from, to, today);
    if ('error' in result) {
      setError(result.error);
      return;
    }
    setError('');
    setCustom(false);
    onChange(result.period);
  }

  return (
    <section aria-labelledby="report-period-title" className="flex flex-col gap-2" data-testid="report-period">
      <h2 id="report-period-title" className="sr-only">
        Periodo
      </h2>
      <div role="group" aria-label="Periodo del informe" className="flex flex-wrap gap-1">
        {PRESETS.map((kind) => (
          <button
            key={kind}
            type="button"
            aria-pressed={!custom && period.kind === kind}
            className={`btn btn-sm min-h-11 ${!custom && period.kind === kind ? 'btn-primary' : 'btn-outline'}`}
            onClick={() => {
              setCustom(false);
              setError('');
              const next = presetPeriod(kind, today);
              setFrom(next.from);
              setTo(next.to);
              onChange(next);
            }}
          >
            {PERIOD_LABELS[kind]}
          </button>
        ))}
        <button
          type="button"
          aria-expanded={custom}
          aria-controls="report-custom"
          className={`btn btn-sm min-h-11 ${custom || period.kind === 'custom' ? 'btn-primary' : 'btn-outline'}`}
          onClick={() => setCustom((v) => !v)}
        >
          Otras fechas
        </button>
      </div>
      {custom && (
        <form id="report-custom" className="flex flex-wrap items-end gap-2" onSubmit={submit} noValidate>
          <label className="flex flex-col gap-1">
            <span className="text-sm font-medium">Desde</span>
            <input
              type="date"
              className="input min-h-11"
              value={from}
              max={today}
              onChange={(e) => setFrom(e.currentTarget.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'report-custom-error' : undefined}
            />
          </label>
          <label className="flex flex-col gap-1">
            <span className="text-sm font-medium">Hasta</span>
            <input
              type="date"
              className="input min-h-11"
              value={to}
              max={today}
              onChange={(e) => setTo(e.currentTarget.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'report-custom-error' : undefined}
            />
          </label>
          <button type="submit" className="btn btn-primary min-h-11">
            Ver informe
          </button>
          {error && (
            <p id="report-custom-error" role="alert" className="w-full text-sm text-error-strong">
              {error}
            </p>
          )}
        </form>
      )}
      <p className="text-sm" data-testid="report-range">
        <span className="font-semibold">{formatRange(period.from, period.to)}</span> frente a{' '}
        {formatRange(previous.from, previous.to)} · hora de {zone}
      </p>
    </section>
  );
}
