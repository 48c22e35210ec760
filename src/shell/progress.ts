/**
 * The top progress bar's rules (docs/rules.md#progress-bar): shown only after a 200 ms throttle,
 * fills over 5000 ms, hides 500 ms after finishing, 2 px high, error colour on
 * failure; page data moves it by 30 per step when a page has two data steps,
 * 45 when it has one. Pure state machine with injectable timers, so the
 * numbers are unit-tested; the DOM part is in progress-bar.ts.
 */
export const PROGRESS = {
  throttleMs: 200,
  durationMs: 5000,
  hideDelayMs: 500,
  tickMs: 100,
  height: '2px',
  color: '#0096c7',
  failedColor: '#ef476f',
} as const;

/** Percent added per tick so the bar fills in `durationMs` (Nuxt: 10000 / duration per 100 ms). */
export function tickIncrement(durationMs: number = PROGRESS.durationMs, tickMs: number = PROGRESS.tickMs): number {
  return (100 * tickMs) / Math.floor(durationMs);
}

/** Percent added when one page-data step finishes: 30 each with two steps, 45 with one. */
export function stepIncrement(steps: 1 | 2): number {
  return steps === 2 ? 30 : 45;
}

/** Adds to the percentage, never above `ceiling` nor below 0. */
export function increase(percent: number, amount: number, ceiling = 100): number {
  return Math.max(0, Math.min(ceiling, percent + amount));
}

/** While work is still running the bar never looks complete. */
export const PENDING_CEILING = 99;

export interface ProgressView {
  /** Bar visible at all. */
  visible: boolean;
  /** 0–100. */
  percent: number;
  failed: boolean;
}

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

const realTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof setInterval>),
};

export interface ProgressController {
  /** One more request or navigation in flight. */
  begin(): void;
  /** One finished; the bar finishes when none is left. */
  end(failed?: boolean): void;
  /** A page-data step finished. */
  step(steps: 1 | 2): void;
  view(): ProgressView;
  /** Requests in flight. */
  active(): number;
}

export function createProgress(render: (view: ProgressView) => void, timers: Timers = realTimers): ProgressController {
  let view: ProgressView = { visible: false, percent: 0, failed: false };
  let active = 0;
  let throttle: unknown;
  let ticker: unknown;
  let hider: unknown;

  const update = (next: Partial<ProgressView>): void => {
    view = { ...view, ...next };
    render(view);
  };
  const stopTicker = (): void => {
    if (ticker !== undefined) timers.clearInterval(ticker);
    ticker = undefined;
  };

  function show(): void {
    throttle = undefined;
    update({ visible: true });
    ticker = timers.setInterval(() => {
      update({ percent: increase(view.percent, tickIncrement(), PENDING_CEILING) });
    }, PROGRESS.tickMs);
  }

  function start(): void {
    const wasVisible = view.visible;
    if (hider !== undefined) {
      timers.clearTimeout(hider);
      hider = undefined;
    }
    stopTicker();
    update({ percent: 0, failed: false });
    // Already on screen (still fading out): carry on at once; otherwise wait the throttle.
    if (wasVisible) show();
    else throttle = timers.setTimeout(show, PROGRESS.throttleMs);
  }

  function finish(): void {
    stopTicker();
    if (throttle !== undefined) {
      // Finished within the throttle: never shown (unless it failed, which the user should see).
      timers.clearTimeout(throttle);
      throttle = undefined;
      if (!view.failed) {
        update({ visible: false, percent: 0 });
        return;
      }
      update({ visible: true });
    }
    update({ percent: 100 });
    hider = timers.setTimeout(() => {
      hider = undefined;
      update({ visible: false, percent: 0, failed: false });
    }, PROGRESS.hideDelayMs);
  }

  return {
    begin() {
      active += 1;
      if (active === 1) start();
    },
    end(failed = false) {
      if (active === 0) return;
      if (failed) update({ failed: true });
      active -= 1;
      if (active === 0) finish();
    },
    step(steps) {
      if (active === 0) return;
      update({ percent: increase(view.percent, stepIncrement(steps), PENDING_CEILING) });
    },
    view: () => view,
    active: () => active,
  };
}
