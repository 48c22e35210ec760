/**
 * What a page can tell about the session without the auth core (no ky, no zod,
 * no token logic): is there a stored session to restore, or a "your session
 * ended" message carried over from the previous page? Public pages load the
 * core only then, so a signed-out diner's first load never includes it.
 *
 * Reads the same keys as `storage.ts` (localStorage first, then the `auth.`
 * cookies), in a few bytes of its own so every page does not carry the store.
 */
import { rememberableTarget } from './redirect.ts';

/** The same key `index.ts` carries the session-ended message under (sessionStorage). */
export const FLASH_KEY = 'auth.flash';
const PREFIX = 'auth.';

function cookie(name: string): string | null {
  const wanted = `${encodeURIComponent(name)}=`;
  const item = document.cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(wanted));
  try {
    return item ? decodeURIComponent(item.slice(wanted.length)) : null;
  } catch {
    return null;
  }
}

function read(key: string): string | null {
  let value: string | null = null;
  try {
    value = localStorage.getItem(PREFIX + key);
  } catch {
    // No localStorage: the cookie may still tell.
  }
  return value || cookie(PREFIX + key) || null;
}

/** True when this device holds tokens (valid or not) for the stored or default strategy. */
export function hasStoredSession(): boolean {
  const strategy = read('strategy') ?? 'local';
  return Boolean(read(`_token.${strategy}`) || read(`_refresh_token.${strategy}`));
}

export function hasCarriedFlash(): boolean {
  try {
    return sessionStorage.getItem(FLASH_KEY) !== null;
  } catch {
    return false;
  }
}

/** The auth core is needed at start-up: a session to restore, or a message to show. */
export function needsAuthCore(): boolean {
  return hasStoredSession() || hasCarriedFlash();
}

/** `rememberTarget` of `index.ts` without loading the core: same key (`auth.redirect`, localStorage and cookie), same rule. */
export function rememberTarget(fullPath: string): void {
  const target = rememberableTarget(fullPath);
  if (!target) return;
  try {
    localStorage.setItem(`${PREFIX}redirect`, target);
  } catch {
    // The cookie below still carries it.
  }
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${encodeURIComponent(`${PREFIX}redirect`)}=${encodeURIComponent(target)}; Path=/; SameSite=Lax${secure}`;
}

/**
 * On the login page: sign-in returns to the page of ours the diner came from (`document.referrer`).
 * The header's "Iniciar sesión" also remembers it on click, but its handler comes with the shell,
 * which loads after the first paint: a quick tap may beat it. Guarded pages that send the diner
 * here remember themselves and are the referrer too; a typed address or a provider's callback
 * (another origin) keeps what was remembered, and so does the same page remembered with its `#…`.
 */
export function rememberReferrer(referrer = document.referrer): void {
  if (!referrer) return;
  let from: URL;
  try {
    from = new URL(referrer);
  } catch {
    return;
  }
  if (from.origin !== location.origin) return;
  const page = `${from.pathname}${from.search}`;
  let remembered: string | null = null;
  try {
    remembered = localStorage.getItem(`${PREFIX}redirect`);
  } catch {
    // unreadable: the referrer decides
  }
  // Already remembered (with its `#…`, which a referrer never carries, e.g. the checkout's): keep it.
  if (remembered?.split('#')[0] === page) return;
  rememberTarget(page);
}

/** Dispatched on `window` when this tab signs in without leaving the page (an invitation page). */
export const SIGNED_IN_HERE_EVENT = 'umenu:signed-in';

/** Calls back when another tab changes a stored `auth.` key, or this tab signed in in place. */
export function onAuthStorageChange(listener: () => void): void {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key.startsWith(PREFIX)) listener();
  });
  window.addEventListener(SIGNED_IN_HERE_EVENT, listener);
}
