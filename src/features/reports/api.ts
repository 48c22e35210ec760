/** The reports page's requests: the period's report, and one section of it as CSV (manager's credential, as /panel/caja). */
import { Report, type ReportSection } from '../../contract/reports.ts';
import { http } from '../../lib/http.ts';

export async function fetchReport(venueId: string, from: string, to: string, signal?: AbortSignal): Promise<Report> {
  return Report.parse(
    await http
      .get(`venues/${encodeURIComponent(venueId)}/reports`, { searchParams: { from, to }, cache: 'no-store', signal })
      .json<unknown>(),
  );
}

/** Downloads one section as CSV (the API wants the Bearer token, so not a plain link). */
export async function downloadSection(
  venueId: string,
  section: ReportSection,
  from: string,
  to: string,
): Promise<void> {
  const blob = await http
    .get(`venues/${encodeURIComponent(venueId)}/reports.csv`, {
      searchParams: { section, from, to },
      cache: 'no-store',
    })
    .blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `informe-${section}-${from}-${to}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
