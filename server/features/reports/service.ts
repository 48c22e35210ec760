/**
 * The owner's report (docs/rules.md#reports): one document for the venue's days `from`…`to` and the previous period
 * of the same length. Sales come from `report_days` (what was receipted, summed per day where receipts are issued);
 * the kitchen's times, the tables' times and the losses from their own rows, read by time through their indexes.
 * Every read is scoped by the venue.
 */
import type { Db } from '../../platform/db/database.ts';
import type { VenueStore } from '../venues/index.ts';
import {
  DAY_PARTS,
  dayPartOf,
  ORDER_MODES_REPORTED,
  SLOW_TICKET_SECONDS,
  TOP_DISHES,
  addDays,
  periodDays,
  previousPeriod,
  type DayPart,
  type Report,
  type ReportDish,
  type ReportFigures,
} from '../../../src/contract/reports.ts';
import { clockText, dayStartMinutes, zoneClock, type ZoneClock } from './day.ts';
import * as sql from './queries.ts';

/** The value at quantile `p` of sorted numbers (nearest rank); 0 for none. */
export function quantile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}
const sortNumbers = (values: number[]) => values.sort((a, b) => a - b);

/** The times of a list where each negative one cancels one equal positive one. */
function withoutTakenBack(list: readonly number[]): number[] {
  const back = new Map<number, number>();
  for (const v of list) if (v < 0) back.set(-v, (back.get(-v) ?? 0) + 1);
  if (!back.size) return [...list];
  const kept: number[] = [];
  for (const v of list) {
    if (v < 0) continue;
    const n = back.get(v) ?? 0;
    if (n) back.set(v, n - 1);
    else kept.push(v);
  }
  return kept;
}
const div = (a: number, b: number) => (b ? Math.round(a / b) : 0);

type Rows = Awaited<ReturnType<typeof sql.factsOfPeriod>>;
const num = (v: unknown) => Number(v ?? 0);

function figures(facts: Rows, days: Array<{ n: number; amount: number; extra: number }>): ReportFigures {
  let netSales = 0;
  let tips = 0;
  let orders = 0;
  for (const d of days) {
    netSales += num(d.amount);
    tips += num(d.extra);
    orders += num(d.n);
  }
  const tax = facts
    .filter((f) => f.metric === 'tax')
    .map((f) => ({ rate: Number(f.key), base: num(f.amount), tax: num(f.extra) }))
    .filter((t) => t.base !== 0 || t.tax !== 0)
    .sort((a, b) => b.rate - a.rate);
  const covers = facts.find((f) => f.metric === 'covers');
  return {
    netSales,
    tax,
    tips,
    orders,
    covers: num(covers?.n),
    averageTicket: div(netSales, orders),
    averagePerCover: div(num(covers?.amount), num(covers?.n)),
  };
}

export function createReportService(db: Db, venues: VenueStore) {
  async function kitchen(venueId: string, from: string, to: string, names: Map<string, string>) {
    const rows = await sql.kitchenTimes(db, venueId, from, to);
    const byStation = new Map<string, { all: number[]; hours: Map<number, number[]> }>();
    for (const r of rows) {
      const cut = r.key.lastIndexOf('|');
      const station = r.key.slice(0, cut);
      const hour = Number(r.key.slice(cut + 1));
      const s = byStation.get(station) ?? { all: [] as number[], hours: new Map<number, number[]>() };
      const list = s.hours.get(hour) ?? [];
      for (const v of r.label.split(',')) if (v) list.push(Number(v));
      s.hours.set(hour, list);
      byStation.set(station, s);
    }
    // A reopened ticket listed its time again with a minus: each minus takes one such time back.
    for (const s of byStation.values()) {
      for (const [hour, list] of s.hours) {
        const kept = withoutTakenBack(list);
        s.hours.set(hour, kept);
        for (const v of kept) s.all.push(v);
      }
    }
    return [...byStation.entries()]
      .sort((a, b) => a[0].localeCompare(b[0]))
      .map(([station, s]) => {
        const all = sortNumbers(s.all);
        return {
          station,
          name: names.get(station) ?? station,
          tickets: all.length,
          median: quantile(all, 0.5),
          p90: quantile(all, 0.9),
          byHour: [...s.hours.entries()]
            .sort((a, b) => a[0] - b[0])
            .map(([hour, values]) => {
              const sorted = sortNumbers(values);
              return { hour, tickets: sorted.length, median: quantile(sorted, 0.5), p90: quantile(sorted, 0.9) };
            }),
          over20: all.filter((v) => v > SLOW_TICKET_SECONDS).length,
        };
      });
  }

  async function tables(venueId: string, clock: ZoneClock, from: string, to: string, facts: Rows) {
    const rows = await sql.closedSessions(
      db,
      venueId,
      new Date(clock.startOf(from)).toISOString(),
      new Date(clock.startOf(addDays(to, 1))).toISOString(),
    );
    const all: number[] = [];
    const parts = new Map<DayPart, number[]>();
    for (const r of rows) {
      const opened = Date.parse(r.opened_at);
      const minutes = Math.max(0, Math.round((Date.parse(r.closed_at) - opened) / 60_000));
      all.push(minutes);
      const part = dayPartOf(clock.hourAt(opened));
      const p = parts.get(part) ?? [];
      p.push(minutes);
      parts.set(part, p);
    }
    // Rounds per table: the tables paid in full in the period, by the part of the day they opened in (rollup).
    const paid = new Map(
      facts.filter((f) => f.metric === 'rounds').map((f) => [f.key, { tables: num(f.n), rounds: num(f.amount) }]),
    );
    const perTable = (p?: { tables: number; rounds: number }) =>
      p?.tables ? Math.round((p.rounds / p.tables) * 100) / 100 : 0;
    let paidTables = 0;
    let paidRounds = 0;
    for (const p of paid.values()) {
      paidTables += p.tables;
      paidRounds += p.rounds;
    }
    const split = (k: string) => num(facts.find((f) => f.metric === 'split' && f.key === k)?.n);
    const unpaid = rows.filter((r) => num(r.unpaid) > 0);
    return {
      tables: {
        count: rows.length,
        medianMinutes: quantile(sortNumbers(all), 0.5),
        byDayPart: DAY_PARTS.filter((part) => parts.has(part) || paid.has(part)).map((part) => {
          const minutes = sortNumbers(parts.get(part) ?? []);
          return {
            part,
            count: minutes.length,
            medianMinutes: quantile(minutes, 0.5),
            roundsPerTable: perTable(paid.get(part)),
          };
        }),
        roundsPerTable: perTable({ tables: paidTables, rounds: paidRounds }),
        splits: { dishes: split('dishes'), equal: split('equal'), amount: split('amount'), whole: split('whole') },
      },
      unpaidTables: { count: unpaid.length, amount: unpaid.reduce((sum, r) => sum + num(r.unpaid), 0) },
    };
  }

  async function losses(venueId: string, clock: ZoneClock, from: string, to: string) {
    const rows = await sql.lossEntries(db, venueId, clock.startOf(from), clock.startOf(addDays(to, 1)));
    const groups = { void: new Map(), comp: new Map(), discount: new Map() } as Record<
      string,
      Map<string, { reason: string; count: number; amount: number }>
    >;
    for (const r of rows) {
      const detail = JSON.parse(r.detail) as { amount?: number };
      const reason = r.reason ?? '';
      const g = groups[r.action]!;
      const row = g.get(reason) ?? { reason, count: 0, amount: 0 };
      row.count++;
      row.amount += num(detail.amount);
      g.set(reason, row);
    }
    const list = (g: Map<string, { reason: string; count: number; amount: number }>) =>
      [...g.values()].sort((a, b) => b.amount - a.amount || a.reason.localeCompare(b.reason));
    return { voids: list(groups.void!), invitations: list(groups.comp!), discounts: list(groups.discount!) };
  }

  return {
    report: async (venueId: string, from: string, to: string): Promise<Report> => {
      const entry = venues.get(venueId)!;
      const { venue } = entry;
      const start = dayStartMinutes(venue.hours);
      const previous = previousPeriod(from, to);
      const clock = zoneClock(venue.timezone, start, previous.from, to);
      const stationNames = new Map((venue.stations ?? []).map((s) => [s.id, s.name]));
      const [facts, previousFacts, days, hours] = await Promise.all([
        sql.factsOfPeriod(db, venueId, from, to),
        sql.summaryFactsOfPeriod(db, venueId, previous.from, previous.to),
        sql.salesByDay(db, venueId, previous.from, to),
        sql.salesByHour(db, venueId, from, to),
      ]);
      const [kitchenStations, tableFigures, lossFigures] = await Promise.all([
        kitchen(venueId, from, to, stationNames),
        tables(venueId, clock, from, to, facts),
        losses(venueId, clock, from, to),
      ]);
      const dayMap = new Map(days.map((d) => [d.day, d]));
      const current = days.filter((d) => d.day >= from);
      const before = days.filter((d) => d.day < from);
      const n = periodDays(from, to);
      const byHourMap = new Map(hours.map((h) => [Number(h.key), h]));

      const dishRows = facts.filter((f) => f.metric === 'dish');
      const dishes: ReportDish[] = dishRows.map((f) => ({
        productId: f.key,
        name: entry.products.get(f.key)?.product.name ?? f.label,
        units: num(f.n),
        revenue: num(f.amount),
      }));
      const top = (key: 'units' | 'revenue') =>
        [...dishes]
          .sort((a, b) => b[key] - a[key] || a.name.localeCompare(b.name) || a.productId.localeCompare(b.productId))
          .slice(0, TOP_DISHES);

      const methods = facts
        .filter((f) => f.metric === 'method')
        .map((f) => {
          const [method, provider] = f.key.split(':');
          return {
            method: method!,
            ...(provider ? { provider } : {}),
            amount: num(f.amount),
            tips: num(f.extra),
            count: num(f.n),
          };
        })
        .sort((a, b) => b.amount - a.amount || a.method.localeCompare(b.method));

      return {
        venueId,
        from,
        to,
        zone: venue.timezone,
        currency: venue.currency,
        dayStartsAt: clockText(start),
        previousPeriod: previous,
        summary: { ...figures(facts, current), previous: figures(previousFacts, before) },
        byHour: Array.from({ length: 24 }, (_, hour) => ({
          hour,
          netSales: num(byHourMap.get(hour)?.amount),
          orders: num(byHourMap.get(hour)?.n),
        })),
        byDay: Array.from({ length: n }, (_, i) => {
          const day = addDays(from, i);
          const previousDay = addDays(day, -n);
          return {
            day,
            netSales: num(dayMap.get(day)?.amount),
            previous: num(dayMap.get(previousDay)?.amount),
            previousDay,
          };
        }),
        topDishes: { byUnits: top('units'), byRevenue: top('revenue') },
        byCategory: facts
          .filter((f) => f.metric === 'category')
          .map((f) => ({
            categoryId: f.key,
            name: venue.categories.find((c) => c.id === f.key)?.name ?? f.label,
            netSales: num(f.amount),
          }))
          .sort((a, b) => b.netSales - a.netSales || a.name.localeCompare(b.name)),
        byMode: ORDER_MODES_REPORTED.map((mode) => {
          const f = facts.find((x) => x.metric === 'mode' && x.key === mode);
          return { mode, netSales: num(f?.amount), orders: num(f?.n) };
        }),
        byMethod: methods,
        byWaiter: facts
          .filter((f) => f.metric === 'waiter')
          .map((f) => ({ name: f.key, netSales: num(f.amount), rounds: num(f.n) }))
          .sort((a, b) => b.netSales - a.netSales || a.name.localeCompare(b.name)),
        kitchen: { stations: kitchenStations },
        tables: tableFigures.tables,
        losses: { ...lossFigures, unpaidTables: tableFigures.unpaidTables },
      };
    },
  };
}
