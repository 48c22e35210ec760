/**
 * The live order board of one venue: columns Recibido / En preparación / Listo
 * (stacked on a phone, with a jump bar), recently finished orders collapsed
 * below. Live from the venue's event stream (polling only while it is down,
 * `feed.ts`), announces new orders politely and with a toast, and moves orders
 * only along the legal transitions, keeping the board as it was when a change
 * is refused.
 */
import { SoldOutList } from './SoldOutList.tsx';
import { mdiChevronDown } from '@mdi/js';
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { ORDER_STATUS_LABELS as STATUS_LABELS } from '../../contract/labels.ts';
import { clock } from '../../lib/clock.ts';
import { LoadError, Loading } from '../../shell/ui/LoadState.tsx';
import type { Order, OrderStatus } from '../../contract/order.ts';
import type { VenueSummary } from '../../contract/venue.ts';
import { problemMessage, problemOf } from '../../lib/http.ts';
import { Icon } from '../../shell/Icon.tsx';
import { toast } from '../../shell/toast.ts';
import { formatTime, localeForCurrency } from '../orders/index.ts';
import { changeOrderStatus, fetchVenueOrders, fetchVenueSummaries } from './api.ts';
import {
  ACTIVE_STATUSES,
  arrivalMessage,
  groupBoard,
  isActiveStatus,
  mergeOrders,
  newArrivals,
  type ActiveStatus,
  type BoardAction,
} from './board.ts';
import { CancelDialog } from './CancelDialog.tsx';
import { NoAccess } from './NoAccess.tsx';
import { DoneRow, OrderCard, cardHeadingId } from './OrderCard.tsx';
import { startBoardFeed } from './feed.ts';
import { POLL_INTERVAL_MS, type Poller } from './poll.ts';

/** "hace 5 min" keeps moving even when nothing else changes. */
const $halfMinute = clock(30_000);

const EMPTY_TEXT: Record<ActiveStatus, string> = {
  received: 'No hay pedidos nuevos.',
  preparing: 'Nada en preparación.',
  ready: 'Nada listo para entregar.',
};

type Gate = 'loading' | 'ready' | 'forbidden' | 'missing' | 'failed';

function columnId(status: ActiveStatus): string {
  return `board-col-${status}`;
}

export function OrderBoard({ venueId, canSwitch }: { venueId: string; canSwitch: boolean }) {
  const [orders, setOrders] = useState<Order[]>([]);
  const [gate, setGate] = useState<Gate>('loading');
  const [firstError, setFirstError] = useState('');
  const [syncError, setSyncError] = useState('');
  const [moveError, setMoveError] = useState('');
  const [updatedAt, setUpdatedAt] = useState<string | null>(null);
  const [venue, setVenue] = useState<VenueSummary | null>(null);
  const [pending, setPending] = useState<Record<string, OrderStatus>>({});
  const [announcement, setAnnouncement] = useState('');
  const [confirming, setConfirming] = useState<Order | null>(null);
  const now = useStore($halfMinute);
  const [live, setLive] = useState(false);
  const known = useRef<Set<string> | null>(null);
  const poller = useRef<Poller | null>(null);
  const focusNext = useRef<string | null>(null);
  const cancelTrigger = useRef<HTMLButtonElement | null>(null);

  // Until the venue's own locale is known, the one its currency implies.
  const locale = venue?.locale ?? (orders[0] ? localeForCurrency(orders[0].currency) : 'es');
  const timeZone = venue?.timezone;

  const announce = useCallback((message: string) => {
    // Clearing first makes a repeated message be read again.
    setAnnouncement('');
    requestAnimationFrame(() => setAnnouncement(message));
  }, []);

  useEffect(() => {
    let live = true;
    fetchVenueSummaries()
      .then((venues) => {
        const found = venues.find((v) => v.id === venueId) ?? null;
        if (!live) return;
        setVenue(found);
        if (found) document.title = `Panel · ${found.name} - umenu-ui`;
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [venueId]);

  useEffect(() => {
    known.current = null;
    const arrived = (list: readonly Order[]) => {
      if (known.current === null) return;
      const arrivals = newArrivals(list, known.current);
      for (const order of list) known.current.add(order.id);
      if (arrivals.length === 0) return;
      announce(arrivalMessage(arrivals.map((order) => order.number)));
      for (const order of arrivals) {
        toast.info(`Nuevo pedido ${order.number}`, { id: `new-order-${order.id}`, testId: 'new-order-toast' });
      }
    };
    const instance = startBoardFeed(
      venueId,
      (statuses, signal) => fetchVenueOrders(venueId, statuses, signal),
      {
        onOrders(list, kind) {
          setOrders((current) => mergeOrders(current, list, kind === 'active' ? isActiveStatus : () => false));
          setGate('ready');
          setSyncError('');
          setUpdatedAt(new Date().toISOString());
          if (kind !== 'active') return;
          if (known.current === null) known.current = new Set(list.map((order) => order.id));
          else arrived(list);
        },
        onOrder(order) {
          setOrders((current) => mergeOrders(current, [order]));
          setUpdatedAt(new Date().toISOString());
          arrived([order]);
        },
        onLive: setLive,
        onError(error) {
          const status = problemOf(error)?.status;
          if (status === 403 || status === 404) {
            instance.stop();
            setOrders([]);
            setGate(status === 403 ? 'forbidden' : 'missing');
            return;
          }
          const message = problemMessage(error);
          setGate((current) => (current === 'loading' || current === 'failed' ? 'failed' : current));
          setFirstError(message);
          setSyncError(message);
        },
      },
    );
    poller.current = instance;
    return () => {
      instance.stop();
      poller.current = null;
    };
  }, [venueId, announce]);

  // After a move, the focus follows the order (or stays in the column it left).
  useLayoutEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = null;
    document.getElementById(target)?.focus();
  });

  const board = useMemo(() => groupBoard(orders, now), [orders, now]);

  async function move(order: Order, to: OrderStatus): Promise<void> {
    setPending((current) => ({ ...current, [order.id]: to }));
    setMoveError('');
    try {
      const updated = await changeOrderStatus(order.id, to);
      focusNext.current = isActiveStatus(updated.status)
        ? cardHeadingId(updated.id)
        : isActiveStatus(order.status)
          ? `${columnId(order.status as ActiveStatus)}-title`
          : null;
      setOrders((current) => mergeOrders(current, [updated]));
      announce(`Pedido ${updated.number}: ${STATUS_LABELS[updated.status]}`);
    } catch (error) {
      const message = problemMessage(error);
      setMoveError(`No se pudo cambiar el pedido ${order.number}. ${message}`);
      toast.error(message, { id: `move-error-${order.id}`, testId: 'move-error-toast' });
      // Someone else may have moved it: show the board as it really is now.
      poller.current?.refresh(true);
    } finally {
      setPending((current) => {
        const { [order.id]: _, ...rest } = current;
        return rest;
      });
    }
  }

  function onAction(order: Order, action: BoardAction, trigger: HTMLButtonElement): void {
    if (action.confirm) {
      cancelTrigger.current = trigger;
      setConfirming(order);
      return;
    }
    void move(order, action.to);
  }

  if (gate === 'forbidden') return <NoAccess showVenueList={canSwitch} />;
  if (gate === 'missing') {
    return (
      <NoAccess
        title="No encontramos ese local"
        detail="Revisa la dirección del panel o elige uno de tus locales."
        showVenueList={canSwitch}
      />
    );
  }

  const total = ACTIVE_STATUSES.reduce((sum, status) => sum + board.columns[status].length, 0);

  return (
    <section aria-labelledby="board-title" data-testid="order-board" data-state={gate}>
      <header className="flex flex-wrap items-end justify-between gap-x-4 gap-y-1">
        <div>
          <h1 id="board-title" className="text-2xl font-bold sm:text-3xl">
            Panel de pedidos
          </h1>
          <p className="text-base-content/80" data-testid="board-venue">
            {venue ? `${venue.name} · ${venue.city}` : venueId}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-x-3 text-sm">
          <p className="text-base-content/80">
            {updatedAt
              ? <>{live ? 'En vivo' : `Se actualiza cada ${POLL_INTERVAL_MS / 1000} s`} · última vez a las <time dateTime={updatedAt}>{formatTime(updatedAt, locale, timeZone)}</time></>
              : 'Conectando…'}
          </p>
          {canSwitch && <a className="link inline-flex min-h-11 items-center" href="/panel">Cambiar de local</a>}
        </div>
      </header>

      <div aria-live="polite" role="status" className="sr-only" data-testid="board-announcer">{announcement}</div>

      {syncError && gate === 'ready' && (
        <p role="status" className="mt-3 rounded-box border border-warning bg-[#fff4d6] p-3 text-sm">
          No se pudo actualizar el panel: {syncError} Lo seguimos intentando; lo que ves puede no estar al día.
        </p>
      )}
      {moveError && (
        <div role="alert" className="mt-3 flex items-start justify-between gap-2 rounded-box border border-[#a3153a] bg-base-100 p-3" data-testid="board-move-error">
          <p>{moveError}</p>
          <button type="button" className="btn btn-ghost btn-sm min-h-11 min-w-11" onClick={() => setMoveError('')}>
            Cerrar<span className="sr-only"> el aviso</span>
          </button>
        </div>
      )}

      {gate === 'loading' && <Loading text="Cargando pedidos…" className="mt-6" />}
      {gate === 'failed' && (
        <LoadError className="mt-6" message={`No pudimos cargar los pedidos. ${firstError}`} onRetry={() => poller.current?.refresh(true)} />
      )}

      {gate === 'ready' && (
        <>
          <nav aria-label="Columnas del panel" className="sticky top-14 z-20 -mx-3 mt-3 bg-base-200/95 px-3 py-2 backdrop-blur md:hidden">
            <ul className="grid grid-cols-3 gap-2">
              {ACTIVE_STATUSES.map((status) => (
                <li key={status}>
                  <a
                    href={`#${columnId(status)}`}
                    className="flex min-h-11 flex-col items-center justify-center rounded-field border border-base-300 bg-base-100 px-1 text-center text-sm leading-tight"
                  >
                    <span>{STATUS_LABELS[status]}</span>
                    <span className="font-bold tabular-nums">{board.columns[status].length}</span>
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          {total === 0 && (
            <p className="mt-4 rounded-box bg-base-100 p-4 text-center" data-testid="board-empty">
              Todo al día: no hay pedidos abiertos. Los nuevos aparecerán aquí solos.
            </p>
          )}
          <div className="mt-4 grid gap-4 md:grid-cols-3">
            {ACTIVE_STATUSES.map((status) => (
              <section
                key={status}
                id={columnId(status)}
                aria-labelledby={`${columnId(status)}-title`}
                className="scroll-mt-32 rounded-box bg-base-300/40 p-2 md:scroll-mt-16"
                data-testid={`board-column-${status}`}
              >
                <h2 id={`${columnId(status)}-title`} tabIndex={-1} className="flex items-center justify-between px-1 pb-2 text-lg font-bold outline-none focus-visible:ring-2 focus-visible:ring-primary-strong rounded">
                  {STATUS_LABELS[status]}
                  <span className="badge border-base-300 bg-base-100 tabular-nums">
                    {board.columns[status].length}
                    <span className="sr-only"> {board.columns[status].length === 1 ? 'pedido' : 'pedidos'}</span>
                  </span>
                </h2>
                {board.columns[status].length === 0 ? (
                  <p className="px-1 pb-2 text-sm text-base-content/80">{EMPTY_TEXT[status]}</p>
                ) : (
                  <ol className="flex flex-col gap-3">
                    {board.columns[status].map((order) => (
                      <li key={order.id}>
                        <OrderCard order={order} pending={pending[order.id] ?? null} onAction={onAction} now={now} locale={locale} timeZone={timeZone} />
                      </li>
                    ))}
                  </ol>
                )}
              </section>
            ))}
          </div>
          <SoldOutList venueId={venueId} />
          <details className="group mt-4 rounded-box bg-base-100 p-3" data-testid="board-done">
            <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-2 font-semibold [&::-webkit-details-marker]:hidden">
              Entregados y cancelados recientemente ({board.done.length})
              <Icon path={mdiChevronDown} size={24} className="shrink-0 transition-transform group-open:rotate-180 motion-reduce:transition-none" />
            </summary>
            {board.done.length === 0 ? (
              <p className="py-2 text-sm text-base-content/80">Ninguno en las últimas 3 horas.</p>
            ) : (
              <ol className="mt-1">
                {board.done.map((order) => (
                  <DoneRow key={order.id} order={order} locale={locale} timeZone={timeZone} />
                ))}
              </ol>
            )}
          </details>
        </>
      )}

      <CancelDialog
        order={confirming}
        onClose={() => {
          setConfirming(null);
          cancelTrigger.current?.focus();
        }}
        onConfirm={(order) => {
          cancelTrigger.current = null;
          setConfirming(null);
          void move(order, 'cancelled');
        }}
      />
    </section>
  );
}
