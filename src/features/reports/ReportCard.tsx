/**
 * One chart of the reports page: its title (the CSV section's, src/contract/reports.ts), the picture (a uPlot canvas or bars), «Ver tabla» to see the same figures
 * as an accessible table, and «Descargar CSV» of exactly that section (src/contract/reports.ts's CSV sections).
 */
import { useId, useState, type ReactNode } from 'react';
import { REPORT_SECTION_TITLES, type ReportSection } from '../../contract/reports.ts';
import { problemMessage, problemOf } from '../../lib/http.ts';
import { downloadSection } from './api.ts';
import type { TableView } from './views.ts';

export interface CsvTarget {
  venueId: string;
  from: string;
  to: string;
}

export function ViewTable({ view }: { view: TableView }) {
  const captionId = useId();
  return (
    <>
      {/* The caption as sighted people read it: above the table, wrapping, not scrolled away with a wide table. */}
      <p className="text-sm font-medium" aria-hidden="true">
        {view.caption}
      </p>
      {/* Scrolls sideways on a phone when it is wide: focusable, so a keyboard can scroll it too. */}
      {/* eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex */}
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-labelledby={captionId}>
        <table className="table table-sm">
          <caption id={captionId} className="sr-only">
            {view.caption}
          </caption>
          <thead className="text-base-content">
            <tr>
              {view.columns.map((c) => (
                <th key={c.label} scope="col" className={c.numeric ? 'text-right' : undefined}>
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {view.rows.length === 0 ? (
              <tr>
                <td colSpan={view.columns.length}>Sin datos en este periodo.</td>
              </tr>
            ) : (
              view.rows.map((row, i) => (
                <tr key={i} data-testid="report-row">
                  {row.map((cell, j) =>
                    j === 0 ? (
                      <th key={j} scope="row" className="font-normal">
                        {cell}
                      </th>
                    ) : (
                      <td key={j} className={view.columns[j]?.numeric ? 'text-right tabular-nums' : undefined}>
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </>
  );
}

export function ReportCard({
  id,
  note,
  section,
  table,
  csv,
  children,
}: {
  id: string;
  /** A line under the title: what is measured. */
  note?: string;
  section: ReportSection;
  table: TableView;
  csv: CsvTarget;
  children: ReactNode;
}) {
  const [showTable, setShowTable] = useState(false);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const titleId = `${id}-title`;

  async function download() {
    setBusy(true);
    setStatus('');
    try {
      await downloadSection(csv.venueId, section, csv.from, csv.to);
      setStatus('CSV descargado.');
    } catch (e) {
      setStatus(problemOf(e)?.detail ?? problemMessage(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      aria-labelledby={titleId}
      className="flex min-w-0 flex-col gap-2 rounded-box border border-base-300 bg-base-100 p-3"
      data-testid={`report-${id}`}
    >
      <h2 id={titleId} className="text-lg font-semibold">
        {REPORT_SECTION_TITLES[section]}
      </h2>
      {note && <p className="text-sm">{note}</p>}
      {showTable ? <ViewTable view={table} /> : children}
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          className="btn btn-sm btn-outline min-h-11"
          aria-pressed={showTable}
          onClick={() => setShowTable((v) => !v)}
        >
          {showTable ? 'Ver gráfico' : 'Ver tabla'}
        </button>
        <button
          type="button"
          className="btn btn-sm btn-ghost min-h-11"
          aria-disabled={busy ? true : undefined}
          onClick={() => !busy && void download()}
        >
          {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          Descargar CSV
        </button>
        <p role="status" aria-live="polite" className="text-sm">
          {status}
        </p>
      </div>
    </section>
  );
}
