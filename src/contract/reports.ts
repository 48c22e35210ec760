/**
 * The owner's reports (docs/rules.md#reports): one document for a period of the venue's days, compared with the
 * previous period of the same length, and each of its sections as CSV. Schemas of
 * `GET /api/venues/{id}/reports?from=&to=` and `GET /api/venues/{id}/reports.csv?section=&from=&to=`, the query's
 * validation and the exact Spanish strings. Money is integer minor units and exact: sales are what was receipted
 * (the receipts' bases and taxes; a rectifying receipt subtracts). Kitchen times are seconds, table times minutes.
 */
import * as z from 'zod/mini';

/** The longest period one report covers, in days (a leap year). */
export const REPORT_MAX_DAYS = 366;
/** How many dishes each top list holds. */
export const TOP_DISHES = 10;
/** A kitchen ticket that took longer than this from its arrival to its bump counts in `over20` (seconds). */
export const SLOW_TICKET_SECONDS = 20 * 60;

/** Messages the API answers with (problem `detail`); the client may show them as they are. */
export const REPORT_MESSAGES = {
  managerOnly: 'Solo quien gestiona este local puede ver sus informes.',
  badFrom: 'La fecha de inicio no es válida (AAAA-MM-DD).',
  badTo: 'La fecha de fin no es válida (AAAA-MM-DD).',
  reversed: 'La fecha de inicio es posterior a la de fin.',
  tooLong: `Un informe abarca como mucho ${REPORT_MAX_DAYS} días.`,
  badSection: (sections: string) => `Elige una sección del informe: ${sections}.`,
} as const;

const money = z.int();
const date = z.string();

const isDate = (value: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
};

/** Days from `from` to `to`, both included (calendar days, `YYYY-MM-DD`). */
export function periodDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** `YYYY-MM-DD` moved by `days` (calendar days). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The previous period of the same length: the days right before `from`. */
export function previousPeriod(from: string, to: string): { from: string; to: string } {
  const n = periodDays(from, to);
  return { from: addDays(from, -n), to: addDays(from, -1) };
}

/** The query of both routes: `from` and `to` are the venue's days, both included. */
export const ReportQuery = z
  .object({
    from: z.string().check(z.refine(isDate, REPORT_MESSAGES.badFrom)),
    to: z.string().check(z.refine(isDate, REPORT_MESSAGES.badTo)),
  })
  .check(
    z.refine((q) => !isDate(q.from) || !isDate(q.to) || q.from <= q.to, {
      message: REPORT_MESSAGES.reversed,
      path: ['to'],
    }),
    z.refine((q) => !isDate(q.from) || !isDate(q.to) || q.from > q.to || periodDays(q.from, q.to) <= REPORT_MAX_DAYS, {
      message: REPORT_MESSAGES.tooLong,
      path: ['to'],
    }),
  );

/**
 * Validates a report query: `{ok: true, from, to}`, or the Spanish sentence of each field that is wrong (the
 * problem's `errors`). Both the server and the page's picker use it.
 */
export function checkReportQuery(
  query: Partial<Record<'from' | 'to', string | undefined>>,
): { ok: true; from: string; to: string } | { ok: false; errors: Record<string, string[]> } {
  const result = ReportQuery.safeParse({ from: query.from ?? '', to: query.to ?? '' });
  if (result.success) return { ok: true, ...result.data };
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? 'from');
    (errors[key] ??= []).push(issue.message);
  }
  return { ok: false, errors };
}

export const TaxByRate = z.object({
  /** Basis points (1000 = 10 %). */
  rate: z.int(),
  base: money,
  tax: money,
});

/** The headline figures of a period. */
export const ReportFigures = z.object({
  /** Sales without tax: the receipts' bases (a rectifying receipt's negative bases subtract). */
  netSales: money,
  /** The receipts' taxes by rate, highest rate first. */
  tax: z.array(TaxByRate),
  tips: money,
  /** Tables (sessions) with a receipt in the period, plus pickup and delivery orders receipted. */
  orders: z.int(),
  /** People at those tables (docs/rules.md#reports). */
  covers: z.int(),
  /** `netSales / orders`, rounded to the minor unit (0 without orders). */
  averageTicket: money,
  /** Table sales (net) per cover, rounded to the minor unit (0 without covers). */
  averagePerCover: money,
});

export const ReportSummary = z.extend(ReportFigures, { previous: ReportFigures });

export const ReportDish = z.object({
  productId: z.string(),
  name: z.string(),
  units: z.int(),
  /** Net of tax (minor units). */
  revenue: money,
});

export const ORDER_MODES_REPORTED = ['table', 'pickup', 'delivery'] as const;
export const DAY_PARTS = ['morning', 'lunch', 'afternoon', 'dinner'] as const;
/** The day part of a clock hour: 6–12 morning, 12–16 lunch, 16–20 afternoon, else dinner. */
export function dayPartOf(hour: number): (typeof DAY_PARTS)[number] {
  if (hour >= 6 && hour < 12) return 'morning';
  if (hour >= 12 && hour < 16) return 'lunch';
  if (hour >= 16 && hour < 20) return 'afternoon';
  return 'dinner';
}
/** What the page and the CSV call each day part; a table counts in the part its first join fell in. */
export const DAY_PART_LABELS: Record<(typeof DAY_PARTS)[number], string> = {
  morning: 'Mañana (6–12 h)',
  lunch: 'Comida (12–16 h)',
  afternoon: 'Tarde (16–20 h)',
  dinner: 'Cena (20–6 h)',
};

export const KitchenStation = z.object({
  station: z.string(),
  /** The station's name on the venue (its id when the venue no longer has it). */
  name: z.string(),
  tickets: z.int(),
  /** Seconds from a ticket's arrival (fire) to its bump. */
  median: z.int(),
  p90: z.int(),
  byHour: z.array(z.object({ hour: z.int(), tickets: z.int(), median: z.int(), p90: z.int() })),
  /** Tickets over `SLOW_TICKET_SECONDS`. */
  over20: z.int(),
});

const Loss = z.object({ reason: z.string(), count: z.int(), amount: money });

/** `GET /api/venues/{id}/reports?from=YYYY-MM-DD&to=YYYY-MM-DD`. */
export const Report = z.object({
  venueId: z.string(),
  from: date,
  to: date,
  /** The venue's IANA time zone: every day and hour here is its own. */
  zone: z.string(),
  currency: z.string(),
  /** When the venue's day starts (`HH:MM`, `00:00` unless it closes past midnight: docs/rules.md#reports). */
  dayStartsAt: z.string(),
  /** The period `summary.previous` and `byDay[].previous` cover. */
  previousPeriod: z.object({ from: date, to: date }),
  summary: ReportSummary,
  /** Always 24 rows, hour 0–23 of the clock (the period's days summed); net sales. */
  byHour: z.array(z.object({ hour: z.int(), netSales: money, orders: z.int() })),
  /** One row per day of the period; `previous` is the net sales of the same day of the previous period. */
  byDay: z.array(z.object({ day: date, netSales: money, previous: money, previousDay: date })),
  /**
   * The dishes whose sale a payment completed (a pickup or delivery order when paid; a table's bill lines, not its
   * invitations, when the bill is paid in full), top `TOP_DISHES` by units and by revenue.
   */
  topDishes: z.object({ byUnits: z.array(ReportDish), byRevenue: z.array(ReportDish) }),
  /** Net sales of the dishes sold (as in `topDishes`) by the category they had when sold. */
  byCategory: z.array(z.object({ categoryId: z.string(), name: z.string(), netSales: money })),
  byMode: z.array(z.object({ mode: z.enum(ORDER_MODES_REPORTED), netSales: money, orders: z.int() })),
  /** What was collected by method (and provider once online payments exist): `amount` with tax, tips apart. */
  byMethod: z.array(
    z.object({ method: z.string(), provider: z.optional(z.string()), amount: money, tips: money, count: z.int() }),
  ),
  /** What staff added to tables from the floor, by waiter (as the line names them), once the bill is paid in full. */
  byWaiter: z.array(z.object({ name: z.string(), netSales: money, rounds: z.int() })),
  kitchen: z.object({ stations: z.array(KitchenStation) }),
  tables: z.object({
    /** Tables closed in the period (sessions). */
    count: z.int(),
    /** Minutes from the table's first join to its close. */
    medianMinutes: z.int(),
    byDayPart: z.array(
      z.object({ part: z.enum(DAY_PARTS), count: z.int(), medianMinutes: z.int(), roundsPerTable: z.number() }),
    ),
    /** Rounds per table paid in full in the period (two decimals). */
    roundsPerTable: z.number(),
    /** Closed tables by how their bill was paid: one payment (`whole`), or by dishes, equal shares, amounts. */
    splits: z.object({ dishes: z.int(), equal: z.int(), amount: z.int(), whole: z.int() }),
  }),
  losses: z.object({
    /** Sent lines voided, by reason (`amount` with tax, what the lines were worth). */
    voids: z.array(Loss),
    /** The house's invitations and discounts on bills, by reason (`amount` with tax). */
    invitations: z.array(Loss),
    discounts: z.array(Loss),
    /** Tables closed with a balance (confirmed by staff). */
    unpaidTables: z.object({ count: z.int(), amount: money }),
  }),
});

/**
 * The CSV sections (`GET …/reports.csv?section=`): each is exactly what one chart or table of the page shows.
 * The file is `;`-separated with a decimal comma, as the cash day's CSV.
 */
export const REPORT_SECTIONS = [
  'summary',
  'tax',
  'byHour',
  'byDay',
  'topDishesByUnits',
  'topDishesByRevenue',
  'byCategory',
  'byMode',
  'byMethod',
  'byWaiter',
  'kitchen',
  'kitchenByHour',
  'tables',
  'splits',
  'losses',
] as const;
export type ReportSection = (typeof REPORT_SECTIONS)[number];
export const isReportSection = (value: string): value is ReportSection =>
  (REPORT_SECTIONS as readonly string[]).includes(value);

/** The Spanish name of each section (the CSV file is `informe-{section}-{from}-{to}.csv`). */
export const REPORT_SECTION_TITLES: Record<ReportSection, string> = {
  summary: 'Resumen',
  tax: 'Impuestos por tipo',
  byHour: 'Ventas por hora',
  byDay: 'Ventas por día',
  topDishesByUnits: 'Platos más vendidos (unidades)',
  topDishesByRevenue: 'Platos más vendidos (importe)',
  byCategory: 'Ventas por categoría',
  byMode: 'Ventas por tipo de pedido',
  byMethod: 'Cobros por método',
  byWaiter: 'Ventas por camarero',
  kitchen: 'Tiempos de cocina',
  kitchenByHour: 'Tiempos de cocina por hora',
  tables: 'Mesas',
  splits: 'Cómo se dividió la cuenta',
  losses: 'Pérdidas',
};

/** The header of each section's CSV (Spanish, lowercase, as the cash day's CSV); the page's table views use them too. */
export const REPORT_CSV_COLUMNS: Record<ReportSection, readonly string[]> = {
  summary: ['cifra', 'periodo', 'periodo_anterior'],
  tax: ['tipo', 'base', 'impuesto'],
  byHour: ['hora', 'ventas_netas', 'pedidos'],
  byDay: ['dia', 'ventas_netas', 'dia_anterior', 'ventas_netas_anterior'],
  topDishesByUnits: ['producto', 'nombre', 'unidades', 'importe_neto'],
  topDishesByRevenue: ['producto', 'nombre', 'unidades', 'importe_neto'],
  byCategory: ['categoria', 'nombre', 'ventas_netas'],
  byMode: ['tipo', 'ventas_netas', 'pedidos'],
  byMethod: ['metodo', 'proveedor', 'cobros', 'importe', 'propinas'],
  byWaiter: ['camarero', 'ventas_netas', 'rondas'],
  kitchen: ['estacion', 'nombre', 'tickets', 'mediana_s', 'p90_s', 'mas_de_20_min'],
  kitchenByHour: ['estacion', 'hora', 'tickets', 'mediana_s', 'p90_s'],
  tables: ['franja', 'mesas', 'mediana_min', 'rondas_por_mesa'],
  splits: ['forma', 'mesas'],
  losses: ['tipo', 'motivo', 'veces', 'importe'],
};

/** The rows of the summary's CSV, in order (`cifra`). */
export const REPORT_FIGURE_LABELS = {
  netSales: 'Ventas netas',
  tax: 'Impuestos',
  tips: 'Propinas',
  orders: 'Pedidos',
  covers: 'Comensales',
  averageTicket: 'Ticket medio',
  averagePerCover: 'Media por comensal',
} as const;

/** The rows of the splits' CSV (`forma`) and of the losses' CSV (`tipo`). */
export const REPORT_SPLIT_LABELS = {
  whole: 'De una vez',
  dishes: 'Por platos',
  equal: 'A partes iguales',
  amount: 'Por importes',
} as const;
export const REPORT_LOSS_LABELS = {
  voids: 'Anulación',
  invitations: 'Invitación',
  discounts: 'Descuento',
  unpaidTables: 'Mesa cerrada sin cobrar',
} as const;
/** The `franja` of the tables' CSV row that covers every closed table. */
export const REPORT_ALL_PARTS = 'Todas';

export type TaxByRate = z.infer<typeof TaxByRate>;
export type ReportFigures = z.infer<typeof ReportFigures>;
export type ReportSummary = z.infer<typeof ReportSummary>;
export type ReportDish = z.infer<typeof ReportDish>;
export type KitchenStation = z.infer<typeof KitchenStation>;
export type DayPart = (typeof DAY_PARTS)[number];
export type Report = z.infer<typeof Report>;
export type ReportQuery = z.infer<typeof ReportQuery>;
