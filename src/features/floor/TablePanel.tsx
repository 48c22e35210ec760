/**
 * One table on the floor (docs/rules.md#the-floor), in a side panel (the whole screen on a phone):
 * «Abrir mesa» for a free table; else its people (each with «Quitar»), the shared cart with the
 * waiter's queued edits over it, «Añadir platos» (the picker), «Enviar a cocina», the rounds with
 * each line's kitchen state, the bill and the table's actions.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { User } from '../../contract/auth.ts';
import type { BillState } from '../../contract/bill.ts';
import { TABLE_STRINGS, type StaffTableSession } from '../../contract/table.ts';
import { problemMessage } from '../../lib/http.ts';
import { formatMoney } from '../../lib/money.ts';
import { toast } from '../../shell/toast.ts';
import { Drawer } from '../../shell/ui/Drawer.tsx';
import { UserText } from '../../shell/ui/UserText.tsx';
import { applyEdits, cappedQuantity, subtotalOfLines } from '../table-session/logic.ts';
import * as api from './api.ts';
import type { FloorTable } from './logic.ts';
import { Picker } from './Picker.tsx';
import { useRoundTickets } from './use-round-tickets.ts';
import { RoundsList } from './RoundsList.tsx';
import { TableActions } from './TableActions.tsx';
import {
  $tableSessions,
  $waiterQueue,
  pendingEdits,
  queueEdit,
  queueRound,
  receiveRound,
  receiveSession,
  roundWaiting,
} from './waiter-queue.ts';

interface Props {
  venueId: string;
  user: User;
  /** The table shown; null when the panel is closed. */
  label: string | null;
  session: StaffTableSession | undefined;
  bill: BillState | undefined;
  sessions: readonly StaffTableSession[];
  tables: readonly FloorTable[];
  locale: string | undefined;
  /** Grows with every kitchen ticket event of the venue (the board's store): the rounds' tickets are read again. */
  ticketEvents: number;
  onClose: () => void;
  /** The session now belongs to another table (moved or merged): show that one. */
  onMoved: (label: string) => void;
}

/** The waiter as the cart shows their lines before the server has them. */
const WAITER = { participantId: 'waiter', name: 'Tú · camarero' };

export function TablePanel(props: Props) {
  const { venueId, label, session, onClose } = props;
  const [picking, setPicking] = useState(false);
  return (
    <Drawer
      open={label !== null}
      placement="side"
      onClose={() => {
        setPicking(false);
        onClose();
      }}
      aria-labelledby="floor-table-title"
      data-testid="floor-table-panel"
    >
      {label !== null && (
        <div className="flex h-full flex-col">
          <header className="flex items-center gap-2 border-b border-base-300 p-3">
            <h2 id="floor-table-title" className="flex-1 text-xl font-bold">
              {TABLE_STRINGS.table(label)}
              {picking && <span className="font-normal"> · añadir</span>}
            </h2>
            {picking && (
              <button type="button" className="btn btn-primary min-h-11" onClick={() => setPicking(false)}>
                Hecho
              </button>
            )}
            <form method="dialog">
              <button type="submit" className="btn btn-ghost min-h-11">
                Cerrar
              </button>
            </form>
          </header>
          <div className="flex-1 overflow-y-auto p-3">
            {picking && session ? (
              <Picker venueId={venueId} label={label} session={session} />
            ) : (
              <TableBody key={`${venueId}/${label}`} {...props} label={label} onPick={() => setPicking(true)} />
            )}
          </div>
        </div>
      )}
    </Drawer>
  );
}

function TableBody({
  venueId,
  user,
  label,
  session,
  bill,
  sessions,
  tables,
  locale,
  ticketEvents,
  onMoved,
  onPick,
}: Props & { label: string; onPick: () => void }) {
  const full = useStore($tableSessions)[venueId]?.[label];
  const queue = useStore($waiterQueue)[venueId] ?? [];
  const [opening, setOpening] = useState(false);
  const [readError, setReadError] = useState('');
  const live = full && session && full.id === session.id ? full : undefined;
  // What changed on the board's copy (people, cart size, rounds, calls) reads the whole session again.
  const changeKey = session
    ? `${session.id}:${session.cartCount}:${session.participants.length}:${session.rounds
        .map((r) => `${r.status}/${r.lines.map((l) => l.voided ?? 0).join('.')}`)
        .join()}`
    : '';

  const isOpen = session !== undefined;
  useEffect(() => {
    // Offline, the last copy stays; the waiter's queued edits bring the next one.
    if (!isOpen || (typeof navigator !== 'undefined' && navigator.onLine === false)) return;
    const controller = new AbortController();
    api.fetchTableSession(venueId, label, controller.signal).then(
      (read) => {
        receiveSession(venueId, label, read);
        setReadError('');
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setReadError(problemMessage(error));
      },
    );
    return () => controller.abort();
  }, [venueId, label, changeKey, isOpen]);

  const rounds = live?.rounds ?? session?.rounds ?? [];
  const tickets = useRoundTickets(venueId, rounds, ticketEvents);

  if (!session) {
    return (
      <div className="flex flex-col items-start gap-3">
        <p>La mesa está libre.</p>
        <button
          type="button"
          className="btn btn-primary min-h-11"
          disabled={opening}
          onClick={() => {
            setOpening(true);
            api
              .openTable(venueId, label)
              .then((opened) => receiveSession(venueId, label, opened))
              .catch((error: unknown) => toast.error(problemMessage(error), { id: 'floor-open' }))
              .finally(() => setOpening(false));
          }}
        >
          Abrir mesa
        </button>
      </div>
    );
  }

  const currency = bill?.currency ?? session.rounds[0]?.currency ?? 'EUR';
  const money = (minor: number) => formatMoney(minor, currency, locale ?? 'es-ES');
  const edits = pendingEdits(queue, label);
  const lines = applyEdits(live?.cart.lines ?? [], edits, WAITER);
  const guests = new Map(
    queue.flatMap((item) => (item.kind === 'edit' && item.guest ? [[item.edit.lineId, item.guest] as const] : [])),
  );
  const waitingRound = roundWaiting(queue, label);
  const people = live?.participants ?? session.participants;

  return (
    <div className="flex flex-col gap-5">
      <section aria-labelledby="floor-people">
        <h3 id="floor-people" className="font-semibold">
          Personas ({people.length})
        </h3>
        {people.length === 0 ? (
          <p className="text-sm text-base-content/80">Nadie se ha unido desde su móvil.</p>
        ) : (
          <ul className="mt-1 flex flex-col gap-1" data-testid="floor-people">
            {people.map((person) => (
              <li key={person.id} className="flex items-center gap-2">
                <span className="flex-1">
                  <UserText>{person.name}</UserText>
                </span>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm min-h-11"
                  aria-label={`Quitar a ${person.name} de la mesa`}
                  onClick={() =>
                    void api
                      .removeParticipant(venueId, label, person.id)
                      .then(() => api.fetchTableSession(venueId, label))
                      .then((read) => receiveSession(venueId, label, read))
                      .catch((error: unknown) => toast.error(problemMessage(error), { id: 'floor-remove' }))
                  }
                >
                  Quitar
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="floor-cart">
        <h3 id="floor-cart" className="font-semibold">
          Carrito de la mesa
        </h3>
        {readError && !live && (
          <p className="text-sm" role="status">
            No se pudo leer el carrito: {readError}
          </p>
        )}
        {lines.length === 0 ? (
          <p className="text-sm text-base-content/80">Vacío.</p>
        ) : (
          <ul className="mt-1 flex flex-col divide-y divide-base-300" data-testid="floor-cart">
            {lines.map((line) => (
              <li key={line.id} className="flex flex-wrap items-center gap-2 py-2" data-testid="floor-cart-line">
                <div className="min-w-0 flex-1">
                  <p className="font-medium">
                    {line.quantity} × {line.name}
                  </p>
                  <p className="text-sm text-base-content/80">
                    {[
                      line.options.map((o) => o.name).join(', '),
                      guests.get(line.id) ?? line.guest,
                      line.by,
                      line.pending ? 'sin enviar todavía' : '',
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                  {line.note && <p className="text-sm">Nota: {line.note}</p>}
                </div>
                <span className="tabular-nums">{money(line.lineTotal)}</span>
                <div className="join">
                  <button
                    type="button"
                    className="btn join-item min-h-11 min-w-11"
                    aria-label={`Uno menos de ${line.name}`}
                    onClick={() =>
                      line.quantity <= 1
                        ? queueEdit(venueId, label, { kind: 'delete', lineId: line.id })
                        : queueEdit(venueId, label, {
                            kind: 'put',
                            lineId: line.id,
                            input: {
                              productId: line.productId,
                              optionIds: line.optionIds,
                              quantity: cappedQuantity(line.quantity - 1),
                              ...(line.note ? { note: line.note } : {}),
                            },
                            display: { name: line.name, options: line.options, unitPrice: line.unitPrice },
                          })
                    }
                  >
                    −
                  </button>
                  <button
                    type="button"
                    className="btn join-item min-h-11 min-w-11"
                    aria-label={`Uno más de ${line.name}`}
                    onClick={() =>
                      queueEdit(venueId, label, {
                        kind: 'put',
                        lineId: line.id,
                        input: {
                          productId: line.productId,
                          optionIds: line.optionIds,
                          quantity: cappedQuantity(line.quantity + 1),
                          ...(line.note ? { note: line.note } : {}),
                        },
                        display: { name: line.name, options: line.options, unitPrice: line.unitPrice },
                      })
                    }
                  >
                    +
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <RoundsList
        venueId={venueId}
        rounds={rounds}
        tickets={tickets}
        money={money}
        onVoided={(order) => receiveRound(venueId, label, order)}
      />

      {bill && (
        <section aria-labelledby="floor-bill" data-testid="floor-bill">
          <h3 id="floor-bill" className="font-semibold">
            Cuenta
          </h3>
          {(bill.adjustments ?? []).length > 0 && (
            <ul className="text-sm" data-testid="floor-bill-adjustments">
              {(bill.adjustments ?? []).map((adjustment) => (
                <li key={adjustment.id}>
                  {adjustment.name} · −{money(adjustment.amount)} ({adjustment.reason})
                </li>
              ))}
            </ul>
          )}
          <p>
            Total {money(bill.total)} · pagado {money(bill.paid)} · queda {money(bill.balance)}
            {bill.paidAt ? ' · Pagada' : ''}
          </p>
        </section>
      )}

      <TableActions
        venueId={venueId}
        user={user}
        label={label}
        session={session}
        bill={bill}
        sessions={sessions}
        tables={tables}
        onMoved={onMoved}
      />
      {/* Within a thumb's reach on a phone: the two actions of taking an order stay at the bottom of the panel. */}
      <div className="sticky bottom-0 -mx-3 -mb-3 border-t border-base-300 bg-base-100 p-3">
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn btn-outline min-h-11" onClick={onPick} data-testid="floor-add">
            Añadir platos
          </button>
          <button
            type="button"
            className="btn btn-primary min-h-11"
            disabled={lines.length === 0 && !waitingRound}
            onClick={() => queueRound(venueId, label)}
          >
            {TABLE_STRINGS.send}
            {lines.length > 0 && ` · ${money(subtotalOfLines(lines))}`}
          </button>
        </div>
        {waitingRound && (
          <p role="status" className="mt-1 text-sm">
            La ronda espera conexión: se envía sola en cuanto vuelva (una sola vez).
          </p>
        )}
      </div>
    </div>
  );
}
