/**
 * Enhances the static account button (`AccountButton.astro`) with a few bytes:
 * the "Iniciar sesión" link remembers the current page, and when this device
 * holds a session (now, or later from another tab) the signed-in menu and the
 * auth core are loaded (`account-menu.ts`). A signed-out diner loads nothing more.
 */
import { hasStoredSession, onAuthStorageChange, rememberTarget } from './session-hint.ts';

export function enhanceAccountButton(root: HTMLElement): void {
  const link = root.querySelector<HTMLAnchorElement>('a[data-account-login]');
  if (!link) return;
  link.addEventListener('click', () => {
    if (!/^(\/[a-z]{2})?\/login$/.test(location.pathname))
      rememberTarget(`${location.pathname}${location.search}${location.hash}`);
  });
  let loading = false;
  const upgrade = (): void => {
    if (loading || !hasStoredSession()) return;
    loading = true;
    // Until the session is checked: a placeholder of the same size (no "Iniciar sesión" flash).
    const pending = document.createElement('span');
    pending.className = 'inline-block h-11 w-11 sm:w-32';
    pending.setAttribute('aria-hidden', 'true');
    pending.dataset.testid = 'account-pending';
    link.replaceWith(pending);
    import('./account-menu.ts')
      .then(({ mountAccountMenu }) => mountAccountMenu(root, link))
      .catch(() => {
        // The code could not load (offline, new deploy): keep the plain link.
        loading = false;
        root.replaceChildren(link);
      });
  };
  upgrade();
  onAuthStorageChange(upgrade);
}

const root = typeof document === 'undefined' ? null : document.querySelector<HTMLElement>('[data-account]');
if (root) enhanceAccountButton(root);
