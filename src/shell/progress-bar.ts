/** Paints the progress state into `#umenu-progress` and wires requests and navigation to it. */
import { createProgress, PROGRESS, type ProgressController } from './progress.ts';
import { PROGRESS_EVENT, type ProgressSignal } from '../lib/progress-events.ts';

export function installProgressBar(): ProgressController | undefined {
  const bar = document.getElementById('umenu-progress');
  if (!bar) return undefined;
  const progress = createProgress((view) => {
    bar.style.opacity = view.visible ? '1' : '0';
    bar.style.width = `${view.percent}%`;
    bar.style.backgroundColor = view.failed ? PROGRESS.failedColor : PROGRESS.color;
    bar.dataset.state = view.visible ? (view.failed ? 'failed' : 'active') : 'idle';
  });
  bar.style.height = PROGRESS.height;

  window.addEventListener(PROGRESS_EVENT, (event) => {
    const signal = (event as CustomEvent<ProgressSignal>).detail;
    if (signal.phase === 'begin') progress.begin();
    else if (signal.phase === 'end') progress.end(signal.failed);
    else progress.step(signal.steps);
  });

  // Navigation: leaving starts the bar (shown if the next page is slow to arrive) …
  let leaving = false;
  const startLeaving = (): void => {
    if (leaving) return;
    leaving = true;
    progress.begin();
  };
  document.addEventListener('click', (event) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    const link = (event.target as Element | null)?.closest?.('a[href]');
    if (!(link instanceof HTMLAnchorElement) || link.target || link.hasAttribute('download')) return;
    const url = new URL(link.href, location.href);
    if (url.origin !== location.origin || (url.pathname === location.pathname && url.search === location.search))
      return;
    startLeaving();
  });
  document.addEventListener('submit', (event) => {
    if (!event.defaultPrevented) startLeaving();
  });
  // … and coming back from the back/forward cache clears it.
  window.addEventListener('pageshow', (event) => {
    if (event.persisted && leaving) {
      leaving = false;
      progress.end();
    }
  });
  // The arriving page runs until `load` (images, fonts).
  if (document.readyState !== 'complete') {
    progress.begin();
    window.addEventListener('load', () => progress.end(), { once: true });
  }
  return progress;
}
