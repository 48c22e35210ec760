/** The owner's reports (docs/rules.md#reports): each operation is its route's OpenAPI entry. */
import { REPORT_MAX_DAYS, REPORT_SECTIONS, REPORT_SECTION_TITLES } from '../../../src/contract/reports.ts';
import { operation } from '../../platform/operations.ts';
import { idParam, json, problemResponse } from '../../platform/openapi.ts';

const tags = ['reports'];
const dayParam = (name: 'from' | 'to', what: string) => ({
  name,
  in: 'query',
  required: true,
  description: `${what} day of the period, in the venue's time zone and day (YYYY-MM-DD; docs/rules.md#reports); at most ${REPORT_MAX_DAYS} days in all`,
  schema: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
});
const errors = {
  403: problemResponse('Not a manager of this venue (staff included)'),
  404: problemResponse('No such venue'),
  422: problemResponse(
    'A date is missing or invalid, `from` is after `to`, or the period is too long (field errors in `errors`)',
  ),
};

export const getReport = operation({
  method: 'get',
  path: '/venues/{id}/reports',
  operationId: 'getReport',
  tags,
  access: 'bearer',
  summary:
    "The owner's report of the venue's days `from`…`to` (managers and admins): sales as receipted (net, tax by rate, tips, orders, covers, averages) against the previous period of the same length, by hour, by day, top dishes, by category, order mode, payment method and waiter, the kitchen's times per station, the tables' times and splits, and the losses (voids, invitations, discounts, tables closed unpaid). Money in minor units",
  parameters: [idParam('id', 'Venue id'), dayParam('from', 'First'), dayParam('to', 'Last')],
  responses: { 200: json('Report', 'The report'), ...errors },
});

export const getReportCsv = operation({
  method: 'get',
  path: '/venues/{id}/reports.csv',
  operationId: 'getReportCsv',
  tags,
  access: 'bearer',
  summary:
    'One section of the report as CSV (managers and admins): exactly what that chart or table shows, `;`-separated with a decimal comma, UTF-8, Spanish headers (REPORT_CSV_COLUMNS in src/contract/reports.ts)',
  parameters: [
    idParam('id', 'Venue id'),
    {
      name: 'section',
      in: 'query',
      required: true,
      description: `The section: ${REPORT_SECTIONS.map((k) => `${k} (${REPORT_SECTION_TITLES[k]})`).join(', ')}`,
      schema: { type: 'string', enum: [...REPORT_SECTIONS] },
    },
    dayParam('from', 'First'),
    dayParam('to', 'Last'),
  ],
  responses: {
    200: { description: 'CSV', content: { 'text/csv': { schema: { type: 'string' } } } },
    ...errors,
  },
});
