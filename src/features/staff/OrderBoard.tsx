/**
 * The live order board of one venue: columns Recibido / En preparación / Listo
 * (stacked on a phone, with a jump bar), recently finished orders collapsed
 * below. Reads the venue's board store (`board-store.ts`: live from the event
 * stream, resumed after drops, polling only while it is down), announces new orders politely and with a toast, and moves orders
 * only along the legal transitions, keeping the board as it was when a change
 * is refused.
 */
import { SoldOutList } from './SoldOutList.tsx';
import { PauseButton } from './PauseButton.tsx';
import { mdiChevronDown } from '@mdi/js';
import { useStore } from '@nanostores/react';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { ORDER_STATUS_LABELS as STATUS_LABELS } from '../../contract/labels.ts';
import { clock } from '../../lib/clock.ts';
import { LoadError, Loading } from '../../shell/ui/LoadState.tsx';
import type { Order, OrderStatus } from '../../contract/order.ts';
import { problemMessage } from '../../lib/http.ts';
import { Icon } from '../../shell/Icon.tsx';
import { toast } from '../../shell/toast.ts';
import { formatTime, localeForCurrency } from '../orders/index.ts';
import { changeOrderStatus } from './api.ts';
import { ACTIVE_STATUSES, groupBoard, isActiveStatus, type ActiveStatus, type BoardAction } from './logic.ts';
import { announceOnBoard, applyBoardOrder, boardStore, refreshBoard } from './board-store.ts';
import { CancelDialog } from './CancelDialog.tsx';
import { NoAccess } from './NoAccess.tsx';
import { DoneRow, OrderCard, cardHeadingId, where } from './OrderCard.tsx';
import { POLL_INTERVAL_MS } from './poll.ts';
import { TablesSection } from './TablesSection.tsx';
import { venueLanguage } from '../../contract/languages.ts';
import { OrderPayment } from './OrderPayment.tsx';
import { BoardAlert } from './BoardAlert.tsx';
import type { User } from '../../contract/auth.ts';
import { canManageVenue } from '../../contract/permissions.ts';
import { PanelNav } from '../manage/index.ts';
import { OrderPrintTools, PrinterAlerts, type Printable } from '../kitchen/index.ts';

/** An order as the browser prints it from the board (src/features/kitchen/print.tsx). */
function printable(order: Order, venueName: string, locale: string, timeZone: string | undefined): Printable {
  return {
    venueName,
    title: 'Pedido',
    orderNumber: order.number,
    who:
      order.mode === 'table' && order.customer.name === `Mesa ${order.table}`
        ? where(order)
        : `${order.customer.name} · ${where(order)}`,
    time: formatTime(order.createdAt, locale, timeZone),
    // What is left to make: a voided quantity is not printed (docs/rules.md#the-floor).
    lines: order.lines
      .filter((line) => (line.voided ?? 0) < line.quantity)
      .map((line) => ({
        quantity: line.quantity - (line.voided ?? 0),
        name: line.name,
        options: line.options.map((o) => o.name),
        note: line.note,
        by: line.by,
      })),
  };
}

/** "hace 5 min" keeps moving even when nothing else changes. */
const $halfMinute = clock(30_000);

const EMPTY_TEXT: Record<ActiveStatus, string> = {
  received: 'No hay pedidos nuevos.',
  preparing: 'Nada en preparación.',
  ready: 'Nada listo para entregar.',
};

function columnId(status: ActiveStatus): string {
  return `board-col-${status}`;
}

export function OrderBoard({ venueId, canSwitch, user }: { venueId: string; canSwitch: boolean; user: User }) {
  const [$board] = useState(() => boardStore(venueId));
  const {
    orders,
    gate,
    firstError,
    syncError,
    updatedAt,
    live,
    venue,
    announcement,
    tables,
    tablesLoaded,
    tablesError,
    stations,
    held,
    bills,
    paidOrders,
    venueEvents,
  } = useStore($board);
  const [moveError, setMoveError] = useState('');
  const [pending, setPending] = useState<Record<string, OrderStatus>>({});
  const [confirming, setConfirming] = useState<Order | null>(null);
  const now = useStore($halfMinute);
  const focusNext = useRef<string | null>(null);
  const cancelTrigger = useRef<HTMLButtonElement | null>(null);

  // Until the venue's own locale is known, the one its currency implies.
  const locale = venue?.locale ?? (orders[0] ? localeForCurrency(orders[0].currency) : 'es');
  const timeZone = venue?.timezone;

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
      applyBoardOrder(venueId, updated);
      announceOnBoard(venueId, `Pedido ${updated.number}: ${STATUS_LABELS[updated.status]}`);
    } catch (error) {
      const message = problemMessage(error);
      setMoveError(`No se pudo cambiar el pedido ${order.number}. ${message}`);
      toast.error(message, { id: `move-error-${order.id}`, testId: 'move-error-toast' });
      // Someone else may have moved it: show the board as it really is now.
      refreshBoard(venueId);
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
      {/* One column: «En vivo» under the title, on the left, never under a toast (top right on wide screens). */}
      <header className="flex flex-col gap-y-1">
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
            {updatedAt ? (
              <>
                {live ? 'En vivo' : `Se actualiza cada ${POLL_INTERVAL_MS / 1000} s`} · última vez a las{' '}
                <time dateTime={updatedAt}>{formatTime(updatedAt, locale, timeZone)}</time>
              </>
            ) : (
              'Conectando…'
            )}
          </p>
        </div>
      </header>
      <div className="mt-2">
        <PanelNav page="/panel" venueId={venueId} user={user} />
      </div>
      {stations.length > 0 && (
        <nav
          aria-label="Pantallas de cocina"
          className="mt-2 flex flex-wrap items-center gap-2 text-sm"
          data-testid="board-kitchen-links"
        >
          <span className="font-semibold">Pantallas de cocina:</span>
          {stations.map((station) => (
            <a
              key={station.id}
              className="btn btn-outline btn-sm min-h-11"
              href={`/panel/cocina?venue=${encodeURIComponent(venueId)}&estacion=${encodeURIComponent(station.id)}`}
            >
              {station.name}
            </a>
          ))}
        </nav>
      )}

      <div aria-live="polite" role="status" className="sr-only" data-testid="board-announcer">
        {announcement}
      </div>

      {syncError && gate === 'ready' && (
        <p role="status" className="mt-3 rounded-box border border-warning bg-[#fff4d6] p-3 text-sm">
          No se pudo actualizar el panel: {syncError} Lo seguimos intentando; lo que ves puede no estar al día.
        </p>
      )}
      <PrinterAlerts venueId={venueId} className="mt-3" />
      <PauseButton venueId={venueId} timezone={timeZone} venueEvents={venueEvents} />
      {moveError && (
        <BoardAlert message={moveError} onClose={() => setMoveError('')} className="mt-3" testId="board-move-error" />
      )}

      {gate === 'loading' && <Loading text="Cargando pedidos…" className="mt-6" />}
      {gate === 'failed' && (
        <LoadError
          className="mt-6"
          message={`No pudimos cargar los pedidos. ${firstError}`}
          onRetry={() => refreshBoard(venueId)}
        />
      )}

      {gate === 'ready' && (
        <>
          <nav
            aria-label="Columnas del panel"
            className="sticky top-14 z-20 -mx-3 mt-3 bg-base-200/95 px-3 py-2 backdrop-blur md:hidden"
          >
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
          <TablesSection
            venueId={venueId}
            canManage={canManageVenue(user.scope, venueId)}
            tables={tables}
            orders={orders}
            loaded={tablesLoaded}
            error={tablesError}
            held={held}
            bills={bills}
            now={now}
            locale={locale}
            timeZone={timeZone}
          />
          <div className="mt-4 grid gap-4 md:grid-cols-3">
            {ACTIVE_STATUSES.map((status) => (
              <section
                key={status}
                id={columnId(status)}
                aria-labelledby={`${columnId(status)}-title`}
                className="scroll-mt-32 rounded-box bg-base-300/40 p-2 md:scroll-mt-16"
                data-testid={`board-column-${status}`}
              >
                <h2
                  id={`${columnId(status)}-title`}
                  tabIndex={-1}
                  className="flex items-center justify-between px-1 pb-2 text-lg font-bold outline-none focus-visible:ring-2 focus-visible:ring-primary-strong rounded"
                >
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
                        <OrderCard
                          order={order}
                          pending={pending[order.id] ?? null}
                          onAction={onAction}
                          now={now}
                          locale={locale}
                          timeZone={timeZone}
                          venueLanguage={venue ? venueLanguage(venue) : undefined}
                          tools={
                            <>
                              {order.mode !== 'table' && (
                                <OrderPayment
                                  venueId={venueId}
                                  order={order}
                                  paid={paidOrders[order.id]}
                                  locale={locale}
                                />
                              )}
                              <OrderPrintTools
                                venueId={venueId}
                                orderId={order.id}
                                orderNumber={order.number}
                                stations={stations}
                                printable={() => printable(order, venue?.name ?? venueId, locale, timeZone)}
                              />
                            </>
                          }
                        />
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
              <Icon
                path={mdiChevronDown}
                size={24}
                className="shrink-0 transition-transform group-open:rotate-180 motion-reduce:transition-none"
              />
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
