/**
 * `/panel/informes?venue={id}&from=&to=` (docs/rules.md#reports): the owner's reports for a period of the venue's days,
 * compared with the previous period of the same length — headline figures, then charts, each with its table view and
 * its CSV. Managers and admins; a venue's staff are told it is for managers (the API's 403 says the same). The period
 * lives in the URL, so a reload or a shared link opens the same days. uPlot loads with the first chart (Chart.tsx).
 */
import '../../styles/manage.ts';
import css from './reports.css?inline';
import { injectStyles } from '../../styles/inject.ts';
import { useEffect, useMemo, useState } from 'react';
import type { User } from '../../contract/auth.ts';
import type { Report } from '../../contract/reports.ts';
import type { VenueSummary } from '../../contract/venue.ts';
import { problemMessage, problemOf } from '../../lib/http.ts';
import { formatMoney } from '../../lib/money.ts';
import { ManageGate, PageLoadFailed, PageLoading, PanelNav, venueSummaries } from '../manage/index.ts';
import { fetchReport } from './api.ts';
import { axisMoney, businessToday, periodFromSearch, presetPeriod, searchWithPeriod, type Period } from './logic.ts';
import { PeriodPicker } from './PeriodPicker.tsx';
import { ReportSections } from './ReportSections.tsx';

injectStyles('umenu-report-styles', css);

const MANAGERS_ONLY = 'Solo gerentes';

function ManagersOnly() {
  return (
    <section
      role="alert"
      aria-labelledby="reports-managers-only"
      className="mx-auto max-w-xl rounded-box border border-base-300 bg-base-100 p-5"
      data-testid="reports-managers-only"
    >
      <h1 id="reports-managers-only" className="text-xl font-bold">
        {MANAGERS_ONLY}
      </h1>
      <p className="mt-2">
        Los informes del local son para quien lo gestiona. Si trabajas aquí, pide acceso a quien lo gestiona o a un
        administrador.
      </p>
      <p className="mt-4">
        <a className="btn btn-primary min-h-11" href="/panel">
          Volver a los pedidos
        </a>
      </p>
    </section>
  );
}

function ReportsView({ venueId, user }: { venueId: string; user: User }) {
  const [venue, setVenue] = useState<VenueSummary>();
  const [dayStartsAt, setDayStartsAt] = useState('00:00');
  const [period, setPeriod] = useState<Period>();
  const [report, setReport] = useState<Report>();
  const [error, setError] = useState<{ status?: number; message: string }>();
  const [attempt, setAttempt] = useState(0);

  const zone = venue?.timezone ?? 'UTC';
  const today = venue ? businessToday(zone, dayStartsAt) : '';

  useEffect(() => {
    let live = true;
    venueSummaries().then(
      (all) => {
        if (!live) return;
        const found = all.find((v) => v.id === venueId);
        setVenue(found);
        const first = periodFromSearch(location.search, businessToday(found?.timezone ?? 'UTC'));
        setPeriod(first);
      },
      (e: unknown) => live && setError({ message: problemOf(e)?.detail ?? problemMessage(e) }),
    );
    return () => {
      live = false;
    };
  }, [venueId]);

  useEffect(() => {
    if (!period) return;
    const controller = new AbortController();
    fetchReport(venueId, period.from, period.to, controller.signal).then(
      (r) => {
        setReport(r);
        setError(undefined);
        setDayStartsAt(r.dayStartsAt);
      },
      (e: unknown) => {
        if (controller.signal.aborted) return;
        const problem = problemOf(e);
        setError({ status: problem?.status, message: problem?.detail ?? problemMessage(e) });
      },
    );
    return () => controller.abort();
  }, [venueId, period, attempt]);

  // A preset follows the venue's business day: once the report says the day starts past midnight, «Hoy» at 01:30 is
  // still the night before.
  useEffect(() => {
    if (!period || period.kind === 'custom' || !today) return;
    const again = presetPeriod(period.kind, today);
    if (again.from !== period.from || again.to !== period.to) choose(again);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [today]);

  function choose(next: Period) {
    history.replaceState(history.state, '', `${location.pathname}${searchWithPeriod(location.search, next)}`);
    setReport(undefined);
    setPeriod(next);
  }

  const money = useMemo(() => {
    const currency = report?.currency ?? venue?.currency ?? 'EUR';
    const locale = venue?.locale ?? 'es';
    return { format: (minor: number) => formatMoney(minor, currency, locale), axis: axisMoney(currency, locale) };
  }, [report?.currency, venue?.currency, venue?.locale]);

  if (error?.status === 403) return <ManagersOnly />;

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold">Informes{venue ? ` · ${venue.name}` : ''}</h1>
        <PanelNav page="/panel/informes" venueId={venueId} user={user} />
      </div>
      {period && today && <PeriodPicker period={period} today={today} zone={zone} onChange={choose} />}
      {error && !report ? (
        <PageLoadFailed message={error.message} onRetry={() => setAttempt((n) => n + 1)} />
      ) : !report ? (
        <PageLoading what="Calculando el informe…" />
      ) : (
        <ReportSections report={report} venueId={venueId} money={money.format} axis={money.axis} />
      )}
    </div>
  );
}

export default function ReportsPage() {
  return (
    <ManageGate page="/panel/informes" notManager={MANAGERS_ONLY}>
      {(venueId, user) => <ReportsView venueId={venueId} user={user} />}
    </ManageGate>
  );
}
