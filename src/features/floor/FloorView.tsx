/**
 * The floor (docs/rules.md#the-floor): every table of the venue as a tile, grouped by zone, in label
 * order, each with its state in words and colour and its open calls, live from the venue's event
 * stream (the board's store, src/features/staff/board-store.ts). A tap opens the table's panel.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import type { User } from '../../contract/auth.ts';
import { problemMessage } from '../../lib/http.ts';
import { PanelNav } from '../manage/index.ts';
import { boardStore, callLabel } from '../staff/index.ts';
import { fetchFloorTables } from './api.ts';
import { groupByZone, tileState, type FloorTable, type TileKind } from './logic.ts';
import { TablePanel } from './TablePanel.tsx';
import { $waiting } from './waiter-queue.ts';

/** Each state's colour (always with its words; contrast checked by axe). */
const TONE: Record<TileKind, string> = {
  free: 'border-base-300 bg-base-100',
  occupied: 'border-info bg-[#e6f1fb]',
  ordering: 'border-secondary bg-[#f3e8fd]',
  kitchen: 'border-warning bg-[#fff4d6]',
  bill: 'border-error bg-[#fde8e8]',
  paid: 'border-success bg-[#e3f6e8]',
};

export function FloorView({ venueId, user }: { venueId: string; user: User }) {
  const board = useStore(boardStore(venueId));
  const waiting = useStore($waiting)[venueId] ?? 0;
  const [tables, setTables] = useState<FloorTable[] | null>(null);
  const [error, setError] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    let live = true;
    fetchFloorTables(venueId).then(
      (list) => live && setTables(list),
      (e: unknown) => live && setError(problemMessage(e)),
    );
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [venueId]);

  const sessions = useMemo(() => new Map(board.tables.map((s) => [s.table, s])), [board.tables]);
  // A table with a session but not (yet) in the venue's list still shows.
  const all = useMemo(() => {
    const listed = tables ?? [];
    const extra = board.tables.filter((s) => !listed.some((t) => t.label === s.table)).map((s) => ({ label: s.table }));
    return [...listed, ...extra];
  }, [tables, board.tables]);
  const groups = groupByZone(all);
  const zoned = groups.some((group) => group.zone !== '');
  const locale = board.venue?.locale;

  return (
    <section aria-labelledby="floor-title" data-testid="floor-view" data-live={board.live ? 'yes' : 'no'}>
      <header className="flex flex-col gap-y-1">
        <h1 id="floor-title" className="text-2xl font-bold sm:text-3xl">
          Sala
        </h1>
        <p className="text-base-content/80">
          {board.venue ? `${board.venue.name} · ` : ''}
          {board.live ? 'En vivo' : 'Conectando…'}
          {waiting > 0 && ` · ${waiting} cambios pendientes de enviar`}
        </p>
      </header>
      <div className="mt-2">
        <PanelNav page="/panel/sala" venueId={venueId} user={user} />
      </div>
      {error && (
        <p role="alert" className="mt-3 rounded-box border border-error p-3">
          No se pudieron leer las mesas: {error}
        </p>
      )}
      {tables === null && !error && (
        <p role="status" className="mt-4 flex items-center gap-2">
          <span className="loading loading-spinner" aria-hidden="true"></span> Cargando las mesas…
        </p>
      )}
      {tables !== null && all.length === 0 && (
        <p className="mt-4">Este local no tiene mesas todavía. Quien lo gestiona las añade en «Mesas y QR».</p>
      )}
      {groups.map((group) => (
        <section
          key={group.zone || '-'}
          aria-labelledby={zoned ? `zone-${group.zone || 'sin-zona'}` : undefined}
          className="mt-4"
          data-testid="floor-zone"
        >
          {zoned && (
            <h2 id={`zone-${group.zone || 'sin-zona'}`} className="mb-2 text-lg font-semibold">
              {group.zone || 'Sin zona'}
            </h2>
          )}
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6">
            {group.tables.map((table) => {
              const session = sessions.get(table.label);
              const state = tileState(session, session ? board.bills[session.id] : undefined, now);
              const calls = session?.calls.filter((call) => !call.acknowledgedAt) ?? [];
              return (
                <li key={table.label}>
                  <button
                    type="button"
                    className={`flex min-h-20 w-full flex-col items-start gap-0.5 rounded-box border-2 p-2 text-left sm:min-h-24 sm:gap-1 sm:p-3 ${TONE[state.kind]}`}
                    data-testid="floor-tile"
                    data-table={table.label}
                    data-state={state.kind}
                    aria-haspopup="dialog"
                    onClick={() => setOpen(table.label)}
                  >
                    <span className="font-bold sm:text-lg">Mesa {table.label}</span>
                    <span className="font-medium" data-testid="floor-tile-state">
                      {state.text}
                    </span>
                    {calls.map((call) => (
                      <span key={call.id} className="text-sm font-semibold" data-testid="floor-tile-call">
                        Aviso: {callLabel(call.kind, locale)}
                      </span>
                    ))}
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
      <TablePanel
        venueId={venueId}
        user={user}
        label={open}
        session={open ? sessions.get(open) : undefined}
        bill={open ? board.bills[sessions.get(open)?.id ?? ''] : undefined}
        sessions={board.tables}
        tables={all}
        locale={locale}
        ticketEvents={board.ticketEvents}
        onClose={() => setOpen(null)}
        onMoved={(to) => setOpen(to)}
      />
    </section>
  );
}
