import { describe, expect, it } from 'vitest';
import {
  change,
  customPeriod,
  formatRange,
  periodFromSearch,
  presetPeriod,
  searchWithPeriod,
  todayIn,
  businessToday,
} from '../../../src/features/reports/logic.ts';
import { periodDays, previousPeriod } from '../../../src/contract/reports.ts';

describe('the period on the venue clock', () => {
  it('takes today from the venue time zone, not from UTC or the browser', () => {
    // 23:30 UTC on Saturday 28 March 2026 is already 00:30 on Sunday in Madrid (CET, UTC+1) …
    const lateSaturdayUtc = new Date('2026-03-28T23:30:00Z');
    expect(todayIn('Europe/Madrid', lateSaturdayUtc)).toBe('2026-03-29');
    // … and still 17:30 on Saturday in Mexico City.
    expect(todayIn('America/Mexico_City', lateSaturdayUtc)).toBe('2026-03-28');
    expect(todayIn('UTC', lateSaturdayUtc)).toBe('2026-03-28');
  });

  it('keeps a night that runs past midnight in the day it started when the venue says so', () => {
    // 01:30 on Sunday 29 November 2026 in Valencia (00:30 UTC): a bar whose day starts at 04:00 is still on Saturday.
    const lateNight = new Date('2026-11-29T00:30:00Z');
    expect(businessToday('Europe/Madrid', '04:00', lateNight)).toBe('2026-11-28');
    expect(businessToday('Europe/Madrid', '00:00', lateNight)).toBe('2026-11-29');
    expect(businessToday('Europe/Madrid', '04:00', new Date('2026-11-29T03:00:00Z'))).toBe('2026-11-29');
  });

  it('names the presets from today: yesterday, this week from Monday, this month from the 1st', () => {
    const today = '2026-11-27'; // a Friday
    expect(presetPeriod('today', today)).toEqual({ kind: 'today', from: today, to: today });
    expect(presetPeriod('yesterday', today)).toEqual({ kind: 'yesterday', from: '2026-11-26', to: '2026-11-26' });
    expect(presetPeriod('week', today)).toEqual({ kind: 'week', from: '2026-11-23', to: today });
    expect(presetPeriod('month', today)).toEqual({ kind: 'month', from: '2026-11-01', to: today });
    // On a Monday this week is one day; yesterday across a month and a year.
    expect(presetPeriod('week', '2026-11-23')).toMatchObject({ from: '2026-11-23', to: '2026-11-23' });
    expect(presetPeriod('yesterday', '2027-01-01')).toMatchObject({ from: '2026-12-31', to: '2026-12-31' });
  });

  it('compares with the previous period of the same number of days', () => {
    expect(previousPeriod('2026-11-27', '2026-11-27')).toEqual({ from: '2026-11-26', to: '2026-11-26' });
    // This week so far (Monday to Friday, 5 days) against the 5 days before it.
    expect(previousPeriod('2026-11-23', '2026-11-27')).toEqual({ from: '2026-11-18', to: '2026-11-22' });
    // A whole month of 30 days against the 30 days before it (not «October», which has 31).
    expect(previousPeriod('2026-11-01', '2026-11-30')).toEqual({ from: '2026-10-02', to: '2026-10-31' });
    // Across a leap day.
    expect(previousPeriod('2028-03-01', '2028-03-02')).toEqual({ from: '2028-02-28', to: '2028-02-29' });
  });

  it('keeps a custom range across a daylight-saving change in whole days', () => {
    // Spain moves its clocks forward on Sunday 29 March 2026 (a 23-hour day) and back on 25 October (25 hours).
    const spring = customPeriod('2026-03-25', '2026-03-31', '2026-04-10');
    expect(spring).toEqual({ period: { kind: 'custom', from: '2026-03-25', to: '2026-03-31' } });
    expect(periodDays('2026-03-25', '2026-03-31')).toBe(7);
    expect(previousPeriod('2026-03-25', '2026-03-31')).toEqual({ from: '2026-03-18', to: '2026-03-24' });
    // The previous period itself across the autumn change: still seven days, ending the day before.
    expect(previousPeriod('2026-10-26', '2026-11-01')).toEqual({ from: '2026-10-19', to: '2026-10-25' });
    expect(previousPeriod('2026-10-25', '2026-10-25')).toEqual({ from: '2026-10-24', to: '2026-10-24' });
  });

  it('refuses a custom range that cannot be asked for, in Spanish', () => {
    const today = '2026-11-27';
    expect(customPeriod('2026-11-20', '2026-11-10', today)).toEqual({ error: 'El primer día va antes del último.' });
    expect(customPeriod('2026-11-20', '2026-11-28', today)).toEqual({
      error: 'El último día no puede ser posterior a hoy.',
    });
    expect(customPeriod('2026-02-30', '2026-03-02', today)).toEqual({ error: 'Elige el primer y el último día.' });
    expect(customPeriod('2024-01-01', '2026-11-27', today)).toEqual({ error: 'Elige como mucho un año.' });
    // A range that happens to be a preset is called by its name.
    expect(customPeriod('2026-11-23', '2026-11-27', today)).toEqual({
      period: { kind: 'week', from: '2026-11-23', to: '2026-11-27' },
    });
  });
});

describe('the period in the URL', () => {
  const today = '2026-11-27';
  it('reads back what it wrote, so a reload or a shared link opens the same days', () => {
    const search = searchWithPeriod('?venue=bar-el-cabanyal', { from: '2026-10-05', to: '2026-10-11' });
    expect(search).toBe('?venue=bar-el-cabanyal&from=2026-10-05&to=2026-10-11');
    expect(periodFromSearch(search, today)).toEqual({ kind: 'custom', from: '2026-10-05', to: '2026-10-11' });
    expect(periodFromSearch('?venue=x&from=2026-11-26&to=2026-11-26', today).kind).toBe('yesterday');
  });

  it('falls back to this week when the URL has no period or a wrong one', () => {
    const week = { kind: 'week', from: '2026-11-23', to: today };
    expect(periodFromSearch('?venue=x', today)).toEqual(week);
    expect(periodFromSearch('?venue=x&from=2026-11-27&to=2026-11-20', today)).toEqual(week);
    expect(periodFromSearch('?venue=x&from=2026-11-27&to=2026-12-02', today)).toEqual(week);
    expect(periodFromSearch('?venue=x&from=nope&to=2026-11-20', today)).toEqual(week);
  });
});

describe('the change against the previous period', () => {
  it('says it in words and arrows, not in colour alone', () => {
    expect(change(11_200, 10_000)).toEqual({ trend: 'up', percent: 12, words: '▲ 12 % más' });
    expect(change(9_500, 10_000)).toEqual({ trend: 'down', percent: -5, words: '▼ 5 % menos' });
    expect(change(10_000, 10_000)).toEqual({ trend: 'same', percent: 0, words: '= igual' });
    expect(change(500, 0)).toEqual({ trend: 'new', words: '▲ nuevo' });
    expect(change(-500, 0)).toEqual({ trend: 'down', words: '▼ menos' });
    expect(change(0, 0)).toEqual({ trend: 'none', words: 'sin datos' });
  });

  it('writes a range in Spanish', () => {
    expect(formatRange('2026-11-23', '2026-11-27')).toBe('23 nov – 27 nov 2026');
    expect(formatRange('2026-11-27', '2026-11-27')).toBe('27 nov 2026');
    expect(formatRange('2025-12-29', '2026-01-04')).toBe('29 dic 2025 – 4 ene 2026');
  });
});
