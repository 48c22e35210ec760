/**
 * `/panel/caja?venue={id}` (docs/rules.md#the-bill): the venue's day for its managers — payments by method, tips,
 * the day's receipts (each a link to `/recibo/{id}`), tables open with a balance, tables closed unpaid — for any
 * date (in the venue's time zone), IVA per rate and the day's close (DayClose.tsx), and the day's receipts as CSV (`GET /venues/{id}/cash/receipts.csv`); the day's voids, invitations and
 * discounts (AuditSection.tsx). Each payment's receipt can be refunded (RefundDialog.tsx); the day's refunds and the
 * online payments by provider are listed (RefundsSection.tsx, docs/rules.md#refunds).
 */
import '../../styles/manage.ts';
import { useCallback, useEffect, useState } from 'react';
import type { User } from '../../contract/auth.ts';
import { CashDay } from '../../contract/bill.ts';
import type { VenueSummary } from '../../contract/venue.ts';
import { http, problemMessage, problemOf } from '../../lib/http.ts';
import { formatMoney } from '../../lib/money.ts';
import { ManageGate } from './ManageGate.tsx';
import { PanelNav, venueSummaries } from './PanelNav.tsx';
import { PageLoadFailed, PageLoading } from './PageLoad.tsx';
import { DayClose } from './DayClose.tsx';
import { AuditSection } from './AuditSection.tsx';
import { RefundDialog, type RefundableReceipt } from './RefundDialog.tsx';
import { RefundsSection } from './RefundsSection.tsx';
import { paidWith } from './logic.ts';

const METHOD_LABELS = { card: 'Tarjeta', cash: 'Efectivo' } as const;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const detailOf = (e: unknown) => problemOf(e)?.detail ?? problemMessage(e);

/** Today's date (`YYYY-MM-DD`) on the venue's clock. */
export function todayIn(timeZone: string, now = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      now,
    );
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

async function fetchCashDay(venueId: string, date: string): Promise<CashDay> {
  return CashDay.parse(
    await http
      .get(`venues/${encodeURIComponent(venueId)}/cash`, { searchParams: { date }, cache: 'no-store' })
      .json<unknown>(),
  );
}

/** Downloads the day's receipts as CSV (the API wants the Bearer token, so not a plain link). */
async function downloadCsv(venueId: string, date: string): Promise<void> {
  const blob = await http
    .get(`venues/${encodeURIComponent(venueId)}/cash/receipts.csv`, { searchParams: { date }, cache: 'no-store' })
    .blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `recibos-${venueId}-${date}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function CashView({ venueId, user }: { venueId: string; user: User }) {
  const [venue, setVenue] = useState<VenueSummary>();
  const [date, setDate] = useState(() => {
    const asked = new URLSearchParams(location.search).get('fecha') ?? '';
    return DATE.test(asked) ? asked : '';
  });
  const [day, setDay] = useState<CashDay>();
  const [error, setError] = useState<string>();
  const [status, setStatus] = useState('');
  const [downloading, setDownloading] = useState(false);
  const [refunding, setRefunding] = useState<RefundableReceipt | null>(null);

  useEffect(() => {
    let live = true;
    venueSummaries().then(
      (all) => {
        if (!live) return;
        const found = all.find((v) => v.id === venueId);
        setVenue(found);
        setDate((current) => current || todayIn(found?.timezone ?? 'UTC'));
      },
      (e: unknown) => live && setError(detailOf(e)),
    );
    return () => {
      live = false;
    };
  }, [venueId]);

  const load = useCallback(
    (which: string, live: () => boolean = () => true) => {
      fetchCashDay(venueId, which).then(
        (d) => {
          if (!live()) return;
          setDay(d);
          setError(undefined);
        },
        (e: unknown) => live() && setError(detailOf(e)),
      );
    },
    [venueId],
  );

  useEffect(() => {
    if (!date) return;
    let live = true;
    load(date, () => live);
    return () => {
      live = false;
    };
  }, [date, load]);

  function pick(next: string) {
    if (!DATE.test(next)) return;
    const url = new URL(location.href);
    url.searchParams.set('fecha', next);
    history.replaceState(history.state, '', url);
    setDay(undefined);
    setDate(next);
  }

  async function csv() {
    setDownloading(true);
    setStatus('');
    try {
      await downloadCsv(venueId, date);
      setStatus('CSV descargado.');
    } catch (e) {
      setStatus(detailOf(e));
    } finally {
      setDownloading(false);
    }
  }

  if (error && !day) return <PageLoadFailed message={error} onRetry={() => date && load(date)} />;
  const refunds = day?.refunds ?? [];
  const locale = venue?.locale ?? 'es';
  const money = (minor: number) => formatMoney(minor, day?.currency ?? venue?.currency ?? 'EUR', locale);
  const time = (iso: string) => {
    try {
      return new Intl.DateTimeFormat('es-ES', { timeStyle: 'short', timeZone: venue?.timezone }).format(new Date(iso));
    } catch {
      return iso.slice(11, 16);
    }
  };

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-5">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold">Caja{venue ? ` · ${venue.name}` : ''}</h1>
        <PanelNav page="/panel/caja" venueId={venueId} user={user} />
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1">
          <span className="text-sm font-medium">Día</span>
          <input
            type="date"
            className="input min-h-11"
            value={date}
            onChange={(e) => pick(e.currentTarget.value)}
            data-testid="cash-date"
          />
        </label>
        <button
          type="button"
          className="btn btn-outline min-h-11"
          aria-disabled={downloading || !day ? true : undefined}
          onClick={() => !downloading && day && void csv()}
          data-testid="cash-csv"
        >
          {downloading && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          Descargar CSV de recibos
        </button>
        <p role="status" aria-live="polite" className="min-h-6 text-sm">
          {status}
        </p>
      </div>

      {!day ? (
        <PageLoading what="Cargando la caja del día…" />
      ) : (
        <>
          <section
            aria-labelledby="cash-totals-title"
            className="rounded-box border border-base-300 bg-base-100 p-4"
            data-testid="cash-totals"
          >
            <h2 id="cash-totals-title" className="text-lg font-semibold">
              Totales del día
            </h2>
            {/* Scrolls sideways on a phone: focusable, so a keyboard can scroll it too. */}
            {/* eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex */}
            <div className="overflow-x-auto" tabIndex={0} role="region" aria-labelledby="cash-totals-title">
              <table className="table table-sm mt-2 sm:table-md">
                <thead className="text-base-content">
                  <tr>
                    <th scope="col">Método</th>
                    <th scope="col" className="text-right">
                      Cobros
                    </th>
                    <th scope="col" className="text-right">
                      Importe
                    </th>
                    <th scope="col" className="text-right">
                      Propinas
                    </th>
                    <th scope="col" className="text-right">
                      Total
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {(['card', 'cash'] as const).map((m) => {
                    const t = day.byMethod[m];
                    return (
                      <tr key={m} data-testid={`cash-method-${m}`}>
                        <th scope="row">{METHOD_LABELS[m]}</th>
                        <td className="text-right tabular-nums">{t.count}</td>
                        <td className="text-right tabular-nums">{money(t.amount)}</td>
                        <td className="text-right tabular-nums">{money(t.tip)}</td>
                        <td className="text-right tabular-nums">{money(t.amount + t.tip)}</td>
                      </tr>
                    );
                  })}
                  {refunds.length > 0 && (
                    <tr data-testid="cash-method-refunds">
                      <th scope="row">Devoluciones</th>
                      <td className="text-right tabular-nums">{refunds.length}</td>
                      <td className="text-right tabular-nums">
                        {money(-refunds.reduce((sum, r) => sum + r.amount - r.tip, 0))}
                      </td>
                      <td className="text-right tabular-nums">{money(-refunds.reduce((sum, r) => sum + r.tip, 0))}</td>
                      <td className="text-right tabular-nums">
                        {money(-refunds.reduce((sum, r) => sum + r.amount, 0))}
                      </td>
                    </tr>
                  )}
                  <tr className="font-bold" data-testid="cash-total">
                    <th scope="row">Total</th>
                    <td className="text-right tabular-nums">{day.byMethod.card.count + day.byMethod.cash.count}</td>
                    <td className="text-right tabular-nums">{money(day.amount)}</td>
                    <td className="text-right tabular-nums">{money(day.tips)}</td>
                    <td className="text-right tabular-nums">{money(day.total)}</td>
                  </tr>
                </tbody>
              </table>
            </div>
          </section>

          <DayClose day={day} locale={locale} money={money} />

          <section
            aria-labelledby="cash-receipts-title"
            className="rounded-box border border-base-300 bg-base-100 p-4"
            data-testid="cash-receipts"
          >
            <h2 id="cash-receipts-title" className="text-lg font-semibold">
              Recibos ({day.receipts.length})
            </h2>
            {day.receipts.length === 0 ? (
              <p className="mt-2 text-sm">Ningún recibo este día.</p>
            ) : (
              <div className="overflow-x-auto">
                <table className="table table-sm mt-2 sm:table-md">
                  <thead className="text-base-content">
                    <tr>
                      <th scope="col">Número</th>
                      <th scope="col">Hora</th>
                      <th scope="col">Mesa o pedido</th>
                      <th scope="col">Método</th>
                      <th scope="col" className="text-right">
                        Propina
                      </th>
                      <th scope="col" className="text-right">
                        Total
                      </th>
                      <th scope="col">
                        <span className="sr-only">Devolver</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {day.receipts.map((r) => (
                      <tr key={r.id} data-testid="cash-receipt">
                        <td>
                          <a
                            className="link text-primary-strong whitespace-nowrap font-semibold tabular-nums"
                            href={`/recibo/${encodeURIComponent(r.id)}`}
                          >
                            {r.number}
                          </a>
                        </td>
                        <td className="whitespace-nowrap tabular-nums">
                          <time dateTime={r.issuedAt}>{time(r.issuedAt)}</time>
                        </td>
                        <td>
                          {r.rectifies
                            ? `Rectifica ${r.rectifies}`
                            : r.table
                              ? `Mesa ${r.table}`
                              : r.orderNumber
                                ? `Pedido ${r.orderNumber}`
                                : ''}
                        </td>
                        <td>{paidWith(r)}</td>
                        <td className="text-right tabular-nums">{money(r.tip)}</td>
                        <td className="text-right tabular-nums">{money(r.total)}</td>
                        <td>
                          {!r.type && r.paymentId && (r.refundable ?? 0) > 0 && (
                            <button
                              type="button"
                              className="btn btn-outline btn-sm min-h-11"
                              aria-label={`Devolver ${r.number}`}
                              onClick={() => setRefunding(r)}
                            >
                              Devolver
                            </button>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>

          <RefundsSection day={day} money={money} time={time} />

          <AuditSection venueId={venueId} date={date} time={time} />

          {(day.openBalances.length > 0 || day.closedUnpaid.length > 0) && (
            <section
              aria-labelledby="cash-open-title"
              className="rounded-box border border-base-300 bg-base-100 p-4"
              data-testid="cash-open"
            >
              <h2 id="cash-open-title" className="text-lg font-semibold">
                Mesas con importe pendiente
              </h2>
              <ul className="mt-2 flex flex-col gap-1">
                {day.openBalances.map((b) => (
                  <li key={b.sessionId} data-testid="cash-open-balance">
                    Mesa {b.table} (abierta): queda{' '}
                    <span className="font-semibold tabular-nums">{money(b.balance)}</span> de {money(b.total)}
                  </li>
                ))}
                {day.closedUnpaid.map((c) => (
                  <li key={c.sessionId} data-testid="cash-closed-unpaid">
                    Mesa {c.table} cerrada sin cobrar{' '}
                    <span className="font-semibold tabular-nums">{money(c.unpaid)}</span>
                    {c.closedAt && (
                      <>
                        {' '}
                        a las <time dateTime={c.closedAt}>{time(c.closedAt)}</time>
                      </>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
      <RefundDialog
        venueId={venueId}
        receipt={refunding}
        currency={day?.currency ?? venue?.currency ?? 'EUR'}
        locale={locale}
        onRefunded={() => date && load(date)}
        onClose={() => setRefunding(null)}
      />
    </div>
  );
}

export default function CashPage() {
  return <ManageGate page="/panel/caja">{(venueId, user) => <CashView venueId={venueId} user={user} />}</ManageGate>;
}
