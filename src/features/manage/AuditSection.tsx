/**
 * «Anulaciones e invitaciones» on `/panel/caja` (docs/rules.md#the-floor): the day's audit log — every void,
 * invitation, discount, move, merge, removal of a person and table closed without being paid — with when, who,
 * what and why, read only, and its CSV (`GET /venues/{id}/audit.csv`).
 */
import { useEffect, useState } from 'react';
import { AUDIT_ACTION_LABELS, AuditDay, type AuditLogEntry } from '../../contract/corrections.ts';
import { http, problemMessage, problemOf } from '../../lib/http.ts';

async function fetchAuditDay(venueId: string, date: string): Promise<AuditDay> {
  return AuditDay.parse(
    await http
      .get(`venues/${encodeURIComponent(venueId)}/audit`, { searchParams: { date }, cache: 'no-store' })
      .json<unknown>(),
  );
}

/** Downloads the day's entries as CSV (the API wants the Bearer token, so not a plain link). */
async function downloadAuditCsv(venueId: string, date: string): Promise<void> {
  const blob = await http
    .get(`venues/${encodeURIComponent(venueId)}/audit.csv`, { searchParams: { date }, cache: 'no-store' })
    .blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `registro-${venueId}-${date}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** «Mesa 4», or «Pedido A-012» for a pickup or delivery order's void. */
const placeOf = (e: AuditLogEntry) => (e.detail.orderNumber === e.table ? `Pedido ${e.table}` : `Mesa ${e.table}`);

interface Props {
  venueId: string;
  date: string;
  /** The time of day in the venue's zone («21:40»). */
  time: (iso: string) => string;
}

export function AuditSection({ venueId, date, time }: Props) {
  // What was read, for which venue and day: another day shows «Cargando…» until its own answer.
  const key = `${venueId}\n${date}`;
  const [loaded, setLoaded] = useState<{ key: string; day?: AuditDay; error?: string }>();
  const [status, setStatus] = useState('');
  const [downloading, setDownloading] = useState(false);

  useEffect(() => {
    let live = true;
    fetchAuditDay(venueId, date).then(
      (day) => live && setLoaded({ key, day }),
      (e: unknown) => live && setLoaded({ key, error: problemOf(e)?.detail ?? problemMessage(e) }),
    );
    return () => {
      live = false;
    };
  }, [venueId, date, key]);
  const day = loaded?.key === key ? loaded.day : undefined;
  const error = loaded?.key === key ? (loaded.error ?? '') : '';

  async function csv() {
    setDownloading(true);
    setStatus('');
    try {
      await downloadAuditCsv(venueId, date);
      setStatus('CSV descargado.');
    } catch (e) {
      setStatus(problemOf(e)?.detail ?? problemMessage(e));
    } finally {
      setDownloading(false);
    }
  }

  return (
    <section
      aria-labelledby="cash-audit-title"
      className="rounded-box border border-base-300 bg-base-100 p-4"
      data-testid="cash-audit"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="cash-audit-title" className="text-lg font-semibold">
          Anulaciones e invitaciones{day ? ` (${day.entries.length})` : ''}
        </h2>
        <button
          type="button"
          className="btn btn-outline min-h-11"
          aria-disabled={downloading || !day ? true : undefined}
          onClick={() => !downloading && day && void csv()}
          data-testid="cash-audit-csv"
        >
          {downloading && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          Descargar CSV del registro
        </button>
      </div>
      <p className="mt-1 text-sm">
        Anulaciones, invitaciones, descuentos, cambios de mesa y mesas cerradas sin cobrar: quién, cuándo, qué y por
        qué. Nada de este registro se puede cambiar ni borrar.
      </p>
      <p role="status" aria-live="polite" className="min-h-6 text-sm">
        {status}
      </p>
      {error ? (
        <p className="mt-2 text-sm text-error-strong">{error}</p>
      ) : !day ? (
        <p className="mt-2 text-sm">Cargando el registro del día…</p>
      ) : day.entries.length === 0 ? (
        <p className="mt-2 text-sm">Nada anulado, invitado ni descontado este día.</p>
      ) : (
        // Scrolls sideways on a phone: focusable, so a keyboard can scroll it too.
        // eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-labelledby="cash-audit-title">
          <table className="table table-sm mt-2 sm:table-md">
            <thead className="text-base-content">
              <tr>
                <th scope="col">Hora</th>
                <th scope="col">Quién</th>
                <th scope="col">Qué</th>
                <th scope="col">Mesa o pedido</th>
                <th scope="col">Motivo</th>
              </tr>
            </thead>
            <tbody>
              {day.entries.map((e) => (
                <tr key={e.id} data-testid="cash-audit-entry" data-action={e.action}>
                  <td className="whitespace-nowrap tabular-nums">
                    <time dateTime={e.at}>{time(e.at)}</time>
                  </td>
                  <td>{e.by}</td>
                  <td>
                    <span className="font-semibold">{AUDIT_ACTION_LABELS[e.action] ?? e.action}</span>: {e.what}
                  </td>
                  <td className="whitespace-nowrap">{placeOf(e)}</td>
                  <td>{e.reason ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
