/**
 * The header's account button. Signed out: "Iniciar sesión" (coming back to
 * this page afterwards). Signed in: avatar and name opening a small menu with
 * "Mis pedidos", "Panel" (staff only) and "Cerrar sesión".
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { mdiAccountCircleOutline, mdiChevronDown, mdiLogout, mdiReceiptTextOutline, mdiViewDashboardOutline } from '@mdi/js';
import { Icon } from '../../shell/Icon.tsx';
import { $auth, $authReady, rememberTarget, signOut, startAuth } from './index.ts';
import { isStaff, staffVenueIds, hasScope, ADMIN_SCOPE } from './scope.ts';
import type { User } from '../../contract/auth.ts';

function initials(name: string, email: string): string {
  const words = (name || email).trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? `${words[0]![0]}${words[words.length - 1]![0]}` : (words[0] ?? '?').slice(0, 1);
  return letters.toUpperCase();
}

function firstName(user: User): string {
  return (user.name || user.email).split(/\s+/)[0] ?? '';
}

function panelHref(user: User): string {
  const venues = staffVenueIds(user);
  return !hasScope(user, ADMIN_SCOPE) && venues.length === 1 ? `/panel?venue=${encodeURIComponent(venues[0]!)}` : '/panel';
}

function Avatar({ user }: { user: User }) {
  const [broken, setBroken] = useState(false);
  if (user.avatar && !broken) {
    return <img src={user.avatar} alt="" width={32} height={32} className="size-8 rounded-full object-cover" referrerPolicy="no-referrer" onError={() => setBroken(true)} />;
  }
  return (
    <span className="grid size-8 place-items-center rounded-full bg-secondary text-sm font-semibold text-secondary-content" aria-hidden="true">
      {initials(user.name, user.email)}
    </span>
  );
}

const ITEM = 'flex min-h-11 w-full items-center gap-3 rounded-field px-3 text-left hover:bg-base-200 focus-visible:bg-base-200 outline-none focus-visible:ring-2 focus-visible:ring-primary-strong';

export default function AccountButton() {
  const { user, loggedIn } = useStore($auth);
  const ready = useStore($authReady);
  const [mounted, setMounted] = useState(false);
  const [open, setOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    setMounted(true);
    void startAuth();
  }, []);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (!mounted || !ready) {
    return <span className="inline-block h-11 w-11 sm:w-32" aria-hidden="true" data-testid="account-pending" />;
  }

  if (!loggedIn || !user) {
    return (
      <a
        href="/login"
        className="btn btn-ghost min-h-11 gap-2 px-3"
        onClick={() => {
          if (location.pathname !== '/login') rememberTarget(`${location.pathname}${location.search}${location.hash}`);
        }}
      >
        <Icon path={mdiAccountCircleOutline} size={24} />
        <span>Iniciar sesión</span>
      </a>
    );
  }

  return (
    <div ref={rootRef} className="relative" onBlur={(event) => {
      if (open && !event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
    }}>
      <button
        ref={buttonRef}
        type="button"
        className="btn btn-ghost min-h-11 gap-2 px-2"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
        data-testid="account-button"
      >
        <Avatar user={user} />
        {/* Name from content, not aria-label: the visible initials/first name must not contradict it (axe label-content-name-mismatch). */}
        <span className="sr-only">Cuenta de {user.name || user.email}</span>
        <span className="hidden max-w-32 truncate sm:inline" aria-hidden="true">{firstName(user)}</span>
        <Icon path={mdiChevronDown} size={20} />
      </button>
      {open && (
        <div id={menuId} className="absolute right-0 z-40 mt-1 w-64 rounded-box border border-base-300 bg-base-100 p-2 shadow-lg">
          <p className="truncate px-3 py-2 text-sm">
            <span className="block font-semibold">{user.name}</span>
            <span className="block text-base-content/80">{user.email}</span>
          </p>
          <ul className="flex flex-col">
            <li>
              <a href="/pedidos" className={ITEM}>
                <Icon path={mdiReceiptTextOutline} size={20} />
                Mis pedidos
              </a>
            </li>
            {isStaff(user) && (
              <li>
                <a href={panelHref(user)} className={ITEM}>
                  <Icon path={mdiViewDashboardOutline} size={20} />
                  Panel
                </a>
              </li>
            )}
            <li>
              <button
                type="button"
                className={ITEM}
                disabled={leaving}
                onClick={() => {
                  setLeaving(true);
                  void signOut().finally(() => {
                    setLeaving(false);
                    setOpen(false);
                  });
                }}
              >
                <Icon path={mdiLogout} size={20} />
                Cerrar sesión
              </button>
            </li>
          </ul>
        </div>
      )}
    </div>
  );
}
