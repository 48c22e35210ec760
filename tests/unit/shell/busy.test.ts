import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isBusy, setBusy, whenIdle } from '../../../src/shell/busy.ts';

// The service-worker update prompt waits on this: never shown or applied during a checkout.
beforeEach(() => vi.stubGlobal('window', Object.assign(new EventTarget(), { __umenuBusy: false })));
afterEach(() => {
  setBusy('checkout', false);
  setBusy('payment', false);
  vi.unstubAllGlobals();
});

describe('busy flag', () => {
  it('runs at once when idle', () => {
    const fn = vi.fn();
    whenIdle(fn);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('waits until every reason has cleared, and runs once', () => {
    const fn = vi.fn();
    setBusy('checkout', true);
    setBusy('payment', true);
    expect(isBusy()).toBe(true);
    expect((window as Window).__umenuBusy).toBe(true);
    whenIdle(fn);
    setBusy('payment', false);
    expect(fn).not.toHaveBeenCalled();
    setBusy('checkout', false);
    expect(fn).toHaveBeenCalledTimes(1);
    setBusy('checkout', true);
    setBusy('checkout', false);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('honours window.__umenuBusy set by code that cannot import the module', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    (window as Window).__umenuBusy = true;
    expect(isBusy()).toBe(true);
    whenIdle(fn);
    vi.advanceTimersByTime(3000);
    expect(fn).not.toHaveBeenCalled();
    (window as Window).__umenuBusy = false;
    vi.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });
});
