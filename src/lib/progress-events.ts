/**
 * How any code reports work to the top progress bar, without importing the bar:
 * window events, so the HTTP client, islands and the shell script stay decoupled
 * (and pages without the bar simply ignore them).
 */
export const PROGRESS_EVENT = 'umenu:progress';

export type ProgressSignal =
  | { phase: 'begin' }
  | { phase: 'end'; failed: boolean }
  /** A page-data step finished; `steps` = how many data steps the page has (2 → 30 each, 1 → 45). */
  | { phase: 'step'; steps: 1 | 2 };

function emit(detail: ProgressSignal): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent<ProgressSignal>(PROGRESS_EVENT, { detail }));
}

/** A request or navigation started. Pair every call with `progressEnd`. */
export function progressBegin(): void {
  emit({ phase: 'begin' });
}

/** A request or navigation finished; `failed` paints the bar in the error colour. */
export function progressEnd(failed = false): void {
  emit({ phase: 'end', failed });
}
