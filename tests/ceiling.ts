/**
 * How long a test may wait before it counts as failed. Every wait in the suite is a wait for a
 * state (an element, an event, an answer); its number is only the ceiling after which the state
 * counts as never coming. A machine that is slower or busier than the one a number was picked on
 * (the same 2-core kind running other work beside the suite, page regeneration at 2–4 s instead of
 * 30–60 ms) reaches the same states later, so every ceiling is the number picked on a quiet machine
 * times `SLOWDOWN`: 3 by default, `UMENU_TEST_SLOWDOWN=n` for a slower machine. A passing test never
 * waits for its ceiling, so a generous one costs nothing; only a hang takes longer to report.
 */
export const SLOWDOWN = Math.max(1, Number(process.env.UMENU_TEST_SLOWDOWN) || 3);

/** The ceiling for a wait picked as `ms` on a quiet machine. */
export function ceiling(ms: number): number {
  return ms * SLOWDOWN;
}
