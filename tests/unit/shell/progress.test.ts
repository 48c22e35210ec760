import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createProgress,
  increase,
  PENDING_CEILING,
  PROGRESS,
  stepIncrement,
  tickIncrement,
  type ProgressView,
} from '../../../src/shell/progress.ts';

describe('progress maths', () => {
  it('uses the required constants', () => {
    expect(PROGRESS).toMatchObject({
      throttleMs: 200,
      durationMs: 5000,
      hideDelayMs: 500,
      height: '2px',
      failedColor: '#ef476f',
    });
  });
  it('fills the bar in 5000 ms at one tick per 100 ms', () => {
    expect(tickIncrement() * (5000 / 100)).toBeCloseTo(100);
    expect(tickIncrement(1000)).toBe(10);
  });
  it('splits page data in 30/30 for two steps and 45 for one', () => {
    expect(stepIncrement(2)).toBe(30);
    expect(stepIncrement(1)).toBe(45);
  });
  it('clamps the percentage', () => {
    expect(increase(90, 30)).toBe(100);
    expect(increase(90, 30, PENDING_CEILING)).toBe(99);
    expect(increase(0, -5)).toBe(0);
  });
});

describe('progress controller', () => {
  let views: ProgressView[];
  const last = (): ProgressView => views[views.length - 1]!;
  beforeEach(() => {
    vi.useFakeTimers();
    views = [];
  });
  afterEach(() => vi.useRealTimers());

  it('stays hidden for work shorter than the 200 ms throttle', () => {
    const progress = createProgress((v) => views.push(v));
    progress.begin();
    vi.advanceTimersByTime(199);
    progress.end();
    vi.advanceTimersByTime(1000);
    expect(views.some((v) => v.visible)).toBe(false);
  });

  it('shows after 200 ms, grows over time, completes and hides 500 ms after finishing', () => {
    const progress = createProgress((v) => views.push(v));
    progress.begin();
    vi.advanceTimersByTime(200);
    expect(last().visible).toBe(true);
    vi.advanceTimersByTime(2500);
    expect(last().percent).toBeCloseTo(50, 0);
    vi.advanceTimersByTime(10_000);
    expect(last().percent).toBe(PENDING_CEILING); // never "done" while still working
    progress.end();
    expect(last()).toMatchObject({ visible: true, percent: 100, failed: false });
    vi.advanceTimersByTime(499);
    expect(last().visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(last()).toMatchObject({ visible: false, percent: 0 });
  });

  it('waits for every concurrent request and turns to the error colour when one fails', () => {
    const progress = createProgress((v) => views.push(v));
    progress.begin();
    progress.begin();
    vi.advanceTimersByTime(300);
    progress.end(true);
    expect(progress.active()).toBe(1);
    expect(last().percent).toBeLessThan(100);
    expect(last().failed).toBe(true);
    progress.end();
    expect(last()).toMatchObject({ percent: 100, failed: true, visible: true });
    vi.advanceTimersByTime(500);
    expect(last()).toMatchObject({ visible: false, failed: false });
  });

  it('shows a fast failure instead of hiding it behind the throttle', () => {
    const progress = createProgress((v) => views.push(v));
    progress.begin();
    vi.advanceTimersByTime(50);
    progress.end(true);
    expect(last()).toMatchObject({ visible: true, failed: true, percent: 100 });
  });

  it('moves by 30 per data step (two steps) or 45 (one step)', () => {
    const progress = createProgress((v) => views.push(v));
    progress.begin();
    progress.step(2);
    expect(last().percent).toBe(30);
    progress.step(2);
    expect(last().percent).toBe(60);
    progress.end();
    progress.begin();
    progress.step(1);
    expect(last().percent).toBe(45);
  });

  it('ignores unmatched ends', () => {
    const progress = createProgress((v) => views.push(v));
    progress.end();
    expect(progress.active()).toBe(0);
    expect(views).toEqual([]);
  });
});
