/**
 * The "new version" prompt of the service worker (see sw-register.ts), loaded
 * only when an update is waiting: neither shown nor applied while the app is
 * busy (checkout in progress: see busy.ts).
 */
import { BUSY_EVENT, isBusy, whenIdle } from './busy.ts';
import { pageWords } from '../lib/page-language.ts';

export function showUpdatePrompt(apply: () => void): void {
  if (document.getElementById('umenu-update')) return;
  // In the page's language (src/shell/messages.ts: `pages`).
  const words = pageWords('pages');
  const box = document.createElement('div');
  box.id = 'umenu-update';
  box.setAttribute('role', 'status');
  box.className =
    'fixed inset-x-3 bottom-3 z-50 mx-auto flex max-w-md items-center gap-3 rounded-box bg-neutral p-3 text-neutral-content shadow-lg';
  const text = document.createElement('p');
  text.className = 'flex-1 text-sm';
  text.textContent = words?.newVersion ?? 'Hay una versión nueva de umenu.';
  const update = document.createElement('button');
  update.type = 'button';
  update.className = 'btn btn-sm min-h-11 bg-base-100 text-base-content';
  update.textContent = words?.update ?? 'Actualizar';
  const later = document.createElement('button');
  later.type = 'button';
  later.className = 'btn btn-sm btn-ghost min-h-11 text-neutral-content';
  later.textContent = words?.later ?? 'Ahora no';
  box.append(text, update, later);
  const close = (): void => {
    box.remove();
    window.removeEventListener(BUSY_EVENT, hideIfBusy);
  };
  // A checkout that starts while the prompt is up hides it; it comes back once idle.
  const hideIfBusy = (): void => {
    if (!isBusy()) return;
    close();
    whenIdle(() => showUpdatePrompt(apply));
  };
  update.addEventListener('click', () => {
    if (isBusy()) return hideIfBusy();
    close();
    apply();
  });
  later.addEventListener('click', close);
  window.addEventListener(BUSY_EVENT, hideIfBusy);
  document.body.append(box);
}

/** Shows the prompt once the app is idle; `apply` activates the new version. */
export function promptUpdate(apply: () => void): void {
  whenIdle(() => showUpdatePrompt(apply));
}
