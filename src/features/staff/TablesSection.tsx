/**
 * "Mesas" on the board (docs/rules.md#table-sessions): every table with an open session, the ones
 * with an open call first. Staff acknowledge a call (it leaves every board) and
 * close a table after confirming (every phone at it shows `Mesa cerrada`).
 * The data comes from the board store (`event: table`); a refused change shows
 * the tables as they really are.
 */
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { courseRank, type Ticket } from '../../contract/kitchen.ts';
import type { Order } from '../../contract/order.ts';
import type { BillState } from '../../contract/bill.ts';
import type { Course } from '../../contract/venue.ts';
import { TABLE_STRINGS, type StaffTableSession, type TableCall } from '../../contract/table.ts';
import { problemMessage, problemOf } from '../../lib/http.ts';
import { toast } from '../../shell/toast.ts';
import { acknowledgeCall, closeTable, fireCourse } from './api.ts';
import {
  announceOnBoard,
  applyCallAcknowledged,
  applyFired,
  applyTableClosed,
  refreshBill,
  refreshTables,
} from './board-store.ts';
import { CloseTableDialog } from './CloseTableDialog.tsx';
import { ChargeDialog } from './ChargeDialog.tsx';
import { CorrectionsDialog } from './CorrectionsDialog.tsx';
import { isPaid } from './bill.ts';
import type { CardContext } from './OrderCard.tsx';
import { TableCard, tableHeadingId } from './TableCard.tsx';
import { callLabel, freshRounds, sortTables } from './tables.ts';
import { BoardAlert } from './BoardAlert.tsx';

interface Props extends CardContext {
  venueId: string;
  tables: StaffTableSession[];
  /** The board's orders: the freshest copies of the rounds. */
  orders: Order[];
  /** True once the tables have been read. */
  loaded: boolean;
  /** Why the tables could not be read ('' when they could). */
  error: string;
  /** Tickets of table courses waiting for «Marchar». */
  held: Ticket[];
  /** Each open table's bill, by session id. */
  bills: Record<string, BillState>;
  /** A manager or admin of the venue: invitations and discounts (docs/rules.md#the-floor). */
  canManage: boolean;
}

/** The courses of a table that wait for «Marchar», in the meal's order. */
function heldCourses(held: readonly Ticket[], table: string): Course[] {
  const courses = new Set(held.filter((t) => t.table === table && t.course).map((t) => t.course!));
  return [...courses].sort((a, b) => courseRank(a) - courseRank(b));
}

const SECTION_TITLE_ID = 'board-tables-title';

export function TablesSection({
  venueId,
  tables,
  orders,
  loaded,
  error,
  held,
  bills,
  canManage,
  now,
  locale,
  timeZone,
}: Props) {
  const [charging, setCharging] = useState<StaffTableSession | null>(null);
  const [correcting, setCorrecting] = useState<StaffTableSession | null>(null);
  const correctTrigger = useRef<HTMLButtonElement | null>(null);
  const chargeTrigger = useRef<HTMLButtonElement | null>(null);
  const [firing, setFiring] = useState<string | null>(null);
  const [acknowledging, setAcknowledging] = useState<ReadonlySet<string>>(new Set());
  const [closing, setClosing] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<StaffTableSession | null>(null);
  const [actionError, setActionError] = useState('');
  const closeTrigger = useRef<HTMLButtonElement | null>(null);
  const focusNext = useRef<string | null>(null);

  const sorted = useMemo(() => sortTables(tables), [tables]);
  const callCount = sorted.reduce((sum, table) => sum + table.calls.length, 0);

  useLayoutEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = null;
    document.getElementById(target)?.focus();
  });

  function failed(what: string, error: unknown): void {
    const message = problemMessage(error);
    setActionError(`${what} ${message}`);
    toast.error(message, { id: `table-error-${what}`, testId: 'table-error-toast' });
    refreshTables(venueId);
  }

  async function acknowledge(table: StaffTableSession, call: TableCall): Promise<void> {
    const label = TABLE_STRINGS.table(table.table);
    setAcknowledging((current) => new Set(current).add(call.id));
    setActionError('');
    try {
      await acknowledgeCall(venueId, call.id);
      focusNext.current = tableHeadingId(table.table);
      applyCallAcknowledged(venueId, call.id);
      announceOnBoard(venueId, `${label}: «${callLabel(call.kind, locale)}» atendido`);
    } catch (error) {
      // Already answered on another device: it is gone, which is what was asked.
      if (problemOf(error)?.status === 404) {
        applyCallAcknowledged(venueId, call.id);
        refreshTables(venueId);
      } else {
        failed(`No se pudo marcar como atendido el aviso de la ${label}.`, error);
      }
    } finally {
      setAcknowledging((current) => {
        const next = new Set(current);
        next.delete(call.id);
        return next;
      });
    }
  }

  async function close(table: StaffTableSession): Promise<void> {
    const label = TABLE_STRINGS.table(table.table);
    setClosing(table.table);
    setActionError('');
    try {
      await closeTable(venueId, table.table);
      focusNext.current = SECTION_TITLE_ID;
      applyTableClosed(venueId, table.table);
      announceOnBoard(venueId, `${label} cerrada`);
    } catch (error) {
      // No open session any more (closed on another device): the table leaves the board all the same.
      if (problemOf(error)?.status === 404) {
        focusNext.current = SECTION_TITLE_ID;
        applyTableClosed(venueId, table.table);
        refreshTables(venueId);
      } else {
        failed(`No se pudo cerrar la ${label}.`, error);
      }
    } finally {
      setClosing(null);
    }
  }

  async function fire(table: StaffTableSession, course: Course): Promise<void> {
    const label = TABLE_STRINGS.table(table.table);
    setFiring(`${table.table}\u0000${course}`);
    setActionError('');
    try {
      const fired = await fireCourse(venueId, table.table, course);
      applyFired(venueId, fired.tickets);
      const count = fired.tickets.length;
      const message =
        count === 0
          ? `${label}: no quedaba nada de ${course} por marchar.`
          : `${label}: marchan ${course} (${count === 1 ? '1 comanda' : `${count} comandas`}).`;
      toast.success(message, { id: `fired-${table.table}-${course}`, testId: 'fired-toast' });
      announceOnBoard(venueId, message);
      focusNext.current = tableHeadingId(table.table);
    } catch (error) {
      failed(`No se pudo marchar ${course} de la ${label}.`, error);
    } finally {
      setFiring(null);
    }
  }

  if (!loaded && !error) return null;

  return (
    <section
      aria-labelledby={SECTION_TITLE_ID}
      className="mt-4 rounded-box bg-base-300/40 p-2"
      data-testid="board-tables"
    >
      <h2
        id={SECTION_TITLE_ID}
        tabIndex={-1}
        className="flex flex-wrap items-center gap-2 rounded px-1 pb-2 text-lg font-bold outline-none focus-visible:ring-2 focus-visible:ring-primary-strong"
      >
        Mesas
        <span className="badge border-base-300 bg-base-100 tabular-nums">
          {sorted.length}
          <span className="sr-only"> {sorted.length === 1 ? 'mesa abierta' : 'mesas abiertas'}</span>
        </span>
        {callCount > 0 && (
          <span
            className="badge border-[#8a4a00] bg-[#fff4d6] font-semibold text-[#8a4a00]"
            data-testid="board-tables-calls"
          >
            {callCount === 1 ? '1 aviso' : `${callCount} avisos`}
          </span>
        )}
      </h2>
      {error && (
        <p role="status" className="mb-2 rounded-box border border-warning bg-[#fff4d6] p-3 text-sm">
          No se pudieron actualizar las mesas: {error} Lo seguimos intentando.
        </p>
      )}
      {actionError && (
        <BoardAlert
          message={actionError}
          onClose={() => setActionError('')}
          className="mb-2"
          testId="board-table-error"
        />
      )}
      {sorted.length === 0 && loaded && (
        <p className="px-1 pb-1 text-sm text-base-content/80" data-testid="board-tables-empty">
          Ninguna mesa abierta. Cuando alguien escanee el código de una mesa, aparecerá aquí.
        </p>
      )}
      {sorted.length > 0 && (
        <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
          {sorted.map((table) => (
            <li key={table.id}>
              <TableCard
                venueId={venueId}
                table={table}
                rounds={freshRounds(table.rounds, orders)}
                acknowledging={acknowledging}
                closing={closing === table.table}
                heldCourses={heldCourses(held, table.table)}
                firing={firing?.startsWith(`${table.table}\u0000`) ? (firing.split('\u0000')[1] as Course) : null}
                onFire={(t, course) => void fire(t, course)}
                onAcknowledge={(t, call) => void acknowledge(t, call)}
                onClose={(t, trigger) => {
                  // Paid: closing is one tap. Anything else asks first (and says what is left unpaid).
                  if (isPaid(bills[t.id], t.paidAt)) return void close(t);
                  closeTrigger.current = trigger;
                  setConfirming(t);
                }}
                bill={bills[table.id]}
                onCorrect={(t, trigger) => {
                  correctTrigger.current = trigger;
                  setCorrecting(t);
                }}
                onCharge={(t, trigger) => {
                  chargeTrigger.current = trigger;
                  setCharging(t);
                }}
                now={now}
                locale={locale}
                timeZone={timeZone}
              />
            </li>
          ))}
        </ul>
      )}
      <ChargeDialog
        venueId={venueId}
        table={charging}
        bill={charging ? bills[charging.id] : undefined}
        locale={locale}
        onPaid={(t, result) => {
          announceOnBoard(
            venueId,
            `${TABLE_STRINGS.table(t.table)}: cobro registrado, recibo ${result.receipt.number}`,
          );
          refreshBill(venueId, t);
        }}
        onClose={() => {
          setCharging(null);
          const trigger = chargeTrigger.current;
          // The button leaves the card once the table is paid: the focus goes to the table's heading then.
          if (trigger?.isConnected) trigger.focus();
          else if (charging) document.getElementById(tableHeadingId(charging.table))?.focus();
        }}
      />
      <CorrectionsDialog
        venueId={venueId}
        table={correcting}
        rounds={correcting ? freshRounds(correcting.rounds, orders) : []}
        bill={correcting ? bills[correcting.id] : undefined}
        canManage={canManage}
        locale={locale}
        onClose={() => {
          setCorrecting(null);
          const trigger = correctTrigger.current;
          if (trigger?.isConnected) trigger.focus();
        }}
      />
      <CloseTableDialog
        table={confirming}
        bill={confirming ? bills[confirming.id] : undefined}
        locale={locale}
        onClose={() => {
          setConfirming(null);
          closeTrigger.current?.focus();
        }}
        onConfirm={(table) => {
          closeTrigger.current = null;
          setConfirming(null);
          void close(table);
        }}
      />
    </section>
  );
}
