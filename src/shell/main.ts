/**
 * The shell's browser code, on every page (plain TS, no React): progress bar,
 * online status, chunk-load recovery, generic error toast, page meta, service worker.
 */
import { installChunkReload, isChunkLoadError } from './chunk-reload.ts';
import { installLanguageChoice } from './language-choice.ts';
import { installOnlineIndicator } from './online-indicator.ts';
import { readPageMeta, runPageMeta } from './page-meta.ts';
import { installProgressBar } from './progress-bar.ts';
import { installServiceWorker } from './sw-register.ts';
import { toastError } from './toast.ts';

installChunkReload();
installProgressBar();
installOnlineIndicator();
installLanguageChoice();

// An unexpected failure anywhere gets the generic error toast (docs/rules.md#toasts) rather than silence.
window.addEventListener('unhandledrejection', (event) => {
  if (event.defaultPrevented || isChunkLoadError(event.reason)) return;
  // A cancelled request (navigation, unmount) is not a failure the diner should hear about.
  if ((event.reason as { name?: unknown } | null)?.name === 'AbortError') return;
  toastError();
});

async function runMeta(): Promise<void> {
  const outcome = await runPageMeta(readPageMeta(), new URL(location.href));
  if (outcome.kind === 'redirect') location.replace(outcome.to);
  // The error view's code loads only when a page needs it.
  else if (outcome.kind === 'error') (await import('./error-view.ts')).showErrorPage(outcome);
}

// Module scripts of the page (feature registrations) have all run by DOMContentLoaded.
if (document.readyState === 'loading')
  document.addEventListener('DOMContentLoaded', () => void runMeta(), { once: true });
else void runMeta();

if (import.meta.env.PROD) installServiceWorker();

// The shell is listening (it loads after the first paint): browser tests wait for this.
document.documentElement.dataset.shell = 'ready';
