/**
 * The signed-in account menu, in plain DOM (no React): avatar and name
 * opening a small menu with "Mis pedidos", "Panel" (staff only), each of the account's
 * venues by name (its board), "Gestionar menú", "Mesas y QR" and "Equipo" (managers),
 * "Nuevo local" (admins) and "Cerrar sesión". Loaded by `account-button.ts` only when this device holds
 * a session; it starts the auth core and follows `$auth`.
 */
import {
  mdiAccountGroupOutline,
  mdiChevronDown,
  mdiLogout,
  mdiQrcode,
  mdiReceiptTextOutline,
  mdiSilverwareForkKnife,
  mdiStorefrontOutline,
  mdiStorefrontPlusOutline,
  mdiViewDashboardOutline,
} from '@mdi/js';
import type { User } from '../../contract/auth.ts';
import { apiUrl } from './api.ts';
import { $auth, $authReady, signOut, startAuth } from './index.ts';
import { isValidVenueId } from '../../contract/limits.ts';
import { isAdmin, runsAnyVenue, venuesManaged, venuesRun } from '../../contract/permissions.ts';
import { fill, localPath, pageWords } from '../../lib/page-language.ts';

/**
 * A diner's words of the menu in the page's language (src/features/auth/messages.ts has them
 * all, with the i18n runtime this small script does without); the staff's entries stay Spanish.
 */
function word(key: 'myOrders' | 'account' | 'signOut', spanish: string): string {
  return pageWords('auth')?.[key] ?? spanish;
}

const SVG_NS = 'http://www.w3.org/2000/svg';
const ITEM =
  'flex min-h-11 w-full items-center gap-3 rounded-field px-3 text-left hover:bg-base-200 focus-visible:bg-base-200 outline-none focus-visible:ring-2 focus-visible:ring-primary-strong';

export function initials(name: string, email: string): string {
  const words = (name || email).trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? `${words[0]![0]}${words[words.length - 1]![0]}` : (words[0] ?? '?').slice(0, 1);
  return letters.toUpperCase();
}

function firstName(user: User): string {
  return (user.name || user.email).split(/\s+/)[0] ?? '';
}

export function panelHref(user: User): string {
  const venues = venuesRun(user.scope);
  return !isAdmin(user.scope) && venues.length === 1 ? `/panel?venue=${encodeURIComponent(venues[0]!)}` : '/panel';
}

/**
 * Managers: the venue the manage links open — the only one they manage, or the one of the
 * page being shown when they manage it ('' otherwise, and for an admin: the page lists the
 * venues by name); undefined when the account manages nothing.
 */
export function managedVenue(user: User, pageVenue: string | null = null): string | undefined {
  const managed = venuesManaged(user.scope);
  if (isAdmin(user.scope)) return pageVenue ?? '';
  if (!managed.length) return undefined;
  if (managed.length === 1) return managed[0];
  return pageVenue && managed.includes(pageVenue) ? pageVenue : '';
}

/** Names of the account's venues (the public venue list), by id; empty when it cannot be read. */
async function venueNames(): Promise<Map<string, string>> {
  try {
    const response = await fetch(await apiUrl('venues'), { headers: { Accept: 'application/json' } });
    if (!response.ok) return new Map();
    const body = (await response.json()) as { venues?: { id?: unknown; name?: unknown }[] };
    return new Map(
      (body.venues ?? []).flatMap((v) =>
        typeof v.id === 'string' && typeof v.name === 'string' ? [[v.id, v.name] as [string, string]] : [],
      ),
    );
  } catch {
    return new Map();
  }
}

const pageVenueParam = (): string | null => {
  const value = new URLSearchParams(location.search).get('venue');
  return value && isValidVenueId(value) ? value : null;
};

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className?: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function icon(path: string, size: number): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg');
  for (const [name, value] of [
    ['width', size],
    ['height', size],
    ['viewBox', '0 0 24 24'],
    ['fill', 'currentColor'],
    ['aria-hidden', 'true'],
    ['focusable', 'false'],
  ] as const) {
    svg.setAttribute(name, String(value));
  }
  const shape = document.createElementNS(SVG_NS, 'path');
  shape.setAttribute('d', path);
  svg.append(shape);
  return svg;
}

function initialsBadge(user: User): HTMLElement {
  const badge = el(
    'span',
    'grid size-8 place-items-center rounded-full bg-secondary text-sm font-semibold text-secondary-content',
    initials(user.name, user.email),
  );
  badge.setAttribute('aria-hidden', 'true');
  return badge;
}

function avatar(user: User): HTMLElement {
  if (!user.avatar) return initialsBadge(user);
  const img = el('img', 'size-8 rounded-full object-cover');
  img.src = user.avatar;
  img.alt = '';
  img.width = 32;
  img.height = 32;
  img.referrerPolicy = 'no-referrer';
  img.addEventListener('error', () => img.replaceWith(initialsBadge(user)), { once: true });
  return img;
}

let menuCount = 0;

/** Renders the account button into `root` for as long as the page lives; `signedOutLink` is shown when signed out. */
export function mountAccountMenu(root: HTMLElement, signedOutLink: HTMLElement): void {
  const menuId = `account-menu-${++menuCount}`;
  let open = false;
  let leaving = false;
  let button: HTMLButtonElement | null = null;
  let menu: HTMLElement | null = null;

  const onPointer = (event: PointerEvent): void => {
    if (!root.contains(event.target as Node)) setOpen(false);
  };
  const onKey = (event: KeyboardEvent): void => {
    if (event.key !== 'Escape') return;
    setOpen(false);
    button?.focus();
  };

  function setOpen(value: boolean): void {
    if (value === open) return;
    open = value;
    button?.setAttribute('aria-expanded', String(open));
    if (menu) menu.hidden = !open;
    if (open) {
      document.addEventListener('pointerdown', onPointer);
      document.addEventListener('keydown', onKey);
    } else {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    }
  }

  root.addEventListener('focusout', (event) => {
    if (open && !root.contains(event.relatedTarget as Node | null)) setOpen(false);
  });

  function renderSignedIn(user: User): void {
    button = el('button', 'btn btn-ghost min-h-11 gap-2 px-2');
    button.type = 'button';
    button.setAttribute('aria-expanded', 'false');
    button.setAttribute('aria-controls', menuId);
    button.dataset.testid = 'account-button';
    // Name from content, not aria-label: the visible initials/first name must not contradict it (axe label-content-name-mismatch).
    const name = el('span', 'hidden max-w-32 truncate sm:inline', firstName(user));
    name.setAttribute('aria-hidden', 'true');
    button.append(
      avatar(user),
      el('span', 'sr-only', fill(word('account', 'Cuenta de {name}'), { name: user.name || user.email })),
      name,
      icon(mdiChevronDown, 20),
    );
    button.addEventListener('click', () => setOpen(!open));

    menu = el('div', 'absolute right-0 z-40 mt-1 w-64 rounded-box border border-base-300 bg-base-100 p-2 shadow-lg');
    menu.id = menuId;
    menu.hidden = true;
    const who = el('p', 'truncate px-3 py-2 text-sm');
    who.append(el('span', 'block font-semibold', user.name), el('span', 'block text-base-content/80', user.email));
    const list = el('ul', 'flex flex-col');
    const linkItem = (href: string, path: string, label: string): HTMLLIElement => {
      const item = el('li');
      const link = el('a', ITEM);
      link.href = href;
      link.append(icon(path, 20), label);
      item.append(link);
      return item;
    };
    list.append(linkItem(localPath('/pedidos'), mdiReceiptTextOutline, word('myOrders', 'Mis pedidos')));
    if (runsAnyVenue(user.scope)) list.append(linkItem(panelHref(user), mdiViewDashboardOutline, 'Panel'));
    // Each venue of a non-admin with several, by name: its board (a manager switches there too).
    const venues = isAdmin(user.scope) ? [] : venuesRun(user.scope);
    if (venues.length > 1) {
      const group = el('li');
      group.hidden = true;
      const heading = el(
        'p',
        'px-3 pt-2 text-xs font-semibold uppercase tracking-wide text-base-content/80',
        'Tus locales',
      );
      heading.id = `${menuId}-venues`;
      const venueList = el('ul', 'flex flex-col');
      venueList.setAttribute('aria-labelledby', heading.id);
      venueList.dataset.testid = 'account-venues';
      group.append(heading, venueList);
      list.append(group);
      void venueNames().then((names) => {
        const named = venues
          .filter((id) => names.has(id))
          .sort((a, b) => names.get(a)!.localeCompare(names.get(b)!, 'es'));
        venueList.append(
          ...named.map((id) =>
            linkItem(`/panel?venue=${encodeURIComponent(id)}`, mdiStorefrontOutline, names.get(id)!),
          ),
        );
        group.hidden = named.length === 0;
      });
    }
    const managed = managedVenue(user, pageVenueParam());
    if (managed !== undefined) {
      const query = managed ? `?venue=${encodeURIComponent(managed)}` : '';
      list.append(linkItem(`/panel/menu${query}`, mdiSilverwareForkKnife, 'Gestionar menú'));
      list.append(linkItem(`/panel/mesas${query}`, mdiQrcode, 'Mesas y QR'));
      list.append(linkItem(`/panel/equipo${query}`, mdiAccountGroupOutline, 'Equipo'));
    }
    // Only an admin creates venues (docs/rules.md#scopes); the page is the manage feature's `/panel/nuevo-local`.
    if (isAdmin(user.scope)) list.append(linkItem('/panel/nuevo-local', mdiStorefrontPlusOutline, 'Nuevo local'));
    const logoutItem = el('li');
    const logout = el('button', ITEM);
    logout.type = 'button';
    logout.append(icon(mdiLogout, 20), word('signOut', 'Cerrar sesión'));
    logout.addEventListener('click', () => {
      if (leaving) return;
      leaving = true;
      logout.disabled = true;
      void signOut().finally(() => {
        leaving = false;
        logout.disabled = false;
        setOpen(false);
      });
    });
    logoutItem.append(logout);
    list.append(logoutItem);
    menu.append(who, list);
    root.replaceChildren(button, menu);
  }

  let shown: string | undefined;
  function render(): void {
    const { user, loggedIn } = $auth.get();
    if (!$authReady.get()) return; // the placeholder stays
    // A token refresh re-sets the same user: leave an open menu (and the focus) alone.
    const key = loggedIn && user ? JSON.stringify(user) : '';
    if (key === shown) return;
    shown = key;
    setOpen(false);
    button = null;
    menu = null;
    if (loggedIn && user) renderSignedIn(user);
    else root.replaceChildren(signedOutLink);
  }

  $authReady.listen(render);
  $auth.listen(render);
  void startAuth();
  render();
}
