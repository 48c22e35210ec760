/**
 * «Avisarme cuando esté listo» (docs/rules.md#ready-notifications): on an open order's page (or the table's sent
 * round), when the browser can receive Web Push, a service worker runs the page and the server sends them, a
 * tap asks the browser's permission, subscribes and tells the server; a refusal says how to allow it. While the
 * page is open, the order becoming ready vibrates the phone (after a tap on the page: browsers allow no more)
 * and the tab's title says «¡Listo!». The subscribing code (./push-subscribe.ts) loads only when it may be offered.
 */
import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { mdiBellRingOutline, mdiCheckCircle } from '@mdi/js';
import type { OrderStatus } from '../../contract/order.ts';
import { Icon } from '../../shell/Icon.tsx';
import { readyMessages } from './ready-notify-messages.ts';

type State =
  | { kind: 'hidden' }
  | { kind: 'offer'; key: string; registration: ServiceWorkerRegistration }
  | { kind: 'asking' | 'blocked' | 'failed'; key: string; registration: ServiceWorkerRegistration }
  | { kind: 'on' };

const canPush = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window &&
  window.isSecureContext;

const isOpen = (status: OrderStatus) => status === 'received' || status === 'preparing';

export function ReadyNotify({
  order,
  tableCredential,
}: {
  order: { id: string; status: OrderStatus };
  tableCredential?: string | undefined;
}) {
  const words = useStore(readyMessages);
  const [state, setState] = useState<State>({ kind: 'hidden' });
  const open = isOpen(order.status);

  // Offered only where it can work: push in this browser, a service worker, and a server that sends.
  useEffect(() => {
    if (!open || !canPush()) return;
    let cancelled = false;
    void (async () => {
      // The page's worker, once active (never, where none may register: then nothing is offered).
      const registration = await navigator.serviceWorker.ready;
      if (cancelled) return;
      const { serverKey } = await import('./push-subscribe.ts');
      const key = await serverKey();
      if (key && !cancelled) setState({ kind: 'offer', key, registration });
    })().catch((error: unknown) => console.warn('[umenu] ready notification not offered', error));
    return () => {
      cancelled = true;
    };
  }, [open]);

  // The order becomes ready while the page is open: the phone vibrates, the tab says so.
  const seen = useRef(order.status);
  useEffect(() => {
    const before = seen.current;
    seen.current = order.status;
    if (before === order.status || order.status !== 'ready') return;
    const prefix = readyMessages.get().readyTitle;
    if (!document.title.startsWith(prefix)) document.title = `${prefix} ${document.title}`;
    if (navigator.userActivation?.hasBeenActive && typeof navigator.vibrate === 'function')
      navigator.vibrate([200, 100, 200]);
  }, [order.status]);

  if (!open || state.kind === 'hidden') return null;
  if (state.kind === 'on') {
    return (
      <p role="status" className="mt-2 flex items-center gap-2" data-testid="ready-notify">
        <Icon path={mdiCheckCircle} size={20} className="shrink-0 text-[#1f6f3a]" />
        {words.on}
      </p>
    );
  }

  const ask = async () => {
    const { key, registration } = state;
    setState({ kind: 'asking', key, registration });
    try {
      // Asked once: a browser that already refuses answers at once (and may never show its prompt again).
      const permission =
        Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
      if (permission !== 'granted') {
        setState({ kind: 'blocked', key, registration });
        return;
      }
      const { subscribe } = await import('./push-subscribe.ts');
      await subscribe(registration, key, tableCredential ? { tableCredential } : { orderId: order.id });
      setState({ kind: 'on' });
    } catch (error) {
      console.warn('[umenu] ready notification failed', error);
      setState({ kind: 'failed', key, registration });
    }
  };
  return (
    <div className="mt-2" data-testid="ready-notify">
      <button
        type="button"
        className="btn btn-outline min-h-11"
        disabled={state.kind === 'asking'}
        onClick={() => void ask()}
      >
        <Icon path={mdiBellRingOutline} size={20} />
        {state.kind === 'asking' ? words.asking : words.offer}
      </button>
      {state.kind === 'blocked' || state.kind === 'failed' ? (
        <p role="alert" className="mt-2 text-sm">
          {state.kind === 'blocked' ? words.blocked : words.failed}
        </p>
      ) : (
        <p className="mt-1 text-sm text-base-content/80">{words.offerHint}</p>
      )}
    </div>
  );
}
