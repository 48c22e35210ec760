/**
 * A table's actions on the floor (docs/rules.md#the-floor): «Invitar» and «Descuento» for managers
 * and admins (staff read «Pide a un gerente»), «Mover a…» a free table, «Juntar con…» another
 * occupied one, and «Imprimir cuenta».
 */
import { useState } from 'react';
import type { User } from '../../contract/auth.ts';
import type { BillState } from '../../contract/bill.ts';
import { CORRECTION_STRINGS } from '../../contract/corrections.ts';
import { canManageVenue } from '../../contract/permissions.ts';
import type { StaffTableSession } from '../../contract/table.ts';
import { problemMessage } from '../../lib/http.ts';
import { toast } from '../../shell/toast.ts';
import { PreBillButton } from '../staff/index.ts';
import * as api from './api.ts';
import { byLabel, type FloorTable } from './logic.ts';
import { forgetSession } from './waiter-queue.ts';

interface Props {
  venueId: string;
  user: User;
  label: string;
  session: StaffTableSession;
  bill: BillState | undefined;
  sessions: readonly StaffTableSession[];
  tables: readonly FloorTable[];
  onMoved: (label: string) => void;
}

const failed = (id: string) => (error: unknown) => toast.error(problemMessage(error), { id });

export function TableActions({ venueId, user, label, bill, sessions, tables, onMoved }: Props) {
  const busy = new Set(sessions.map((s) => s.table));
  const free = tables
    .map((t) => t.label)
    .filter((t) => !busy.has(t))
    .sort(byLabel);
  const occupied = sessions
    .map((s) => s.table)
    .filter((t) => t !== label)
    .sort(byLabel);
  const manager = canManageVenue(user.scope, venueId);
  const [moveTo, setMoveTo] = useState('');
  const [mergeInto, setMergeInto] = useState('');
  const [comp, setComp] = useState<string[]>([]);
  const [percent, setPercent] = useState('');
  const [reason, setReason] = useState('');
  const billLines = bill?.lines ?? [];

  return (
    <section aria-labelledby="floor-actions" className="flex flex-col gap-3" data-testid="floor-actions">
      <h3 id="floor-actions" className="font-semibold">
        Acciones
      </h3>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (!moveTo) return;
          api.moveTable(venueId, label, moveTo).then(() => {
            forgetSession(venueId, label);
            toast.success(`Mesa ${label} movida a la Mesa ${moveTo}`, { id: 'floor-move' });
            onMoved(moveTo);
          }, failed('floor-move'));
        }}
      >
        <label className="flex flex-col gap-1">
          <span>Mover a…</span>
          <select className="select min-h-11" value={moveTo} onChange={(e) => setMoveTo(e.target.value)}>
            <option value="">Elige una mesa libre</option>
            {free.map((t) => (
              <option key={t} value={t}>
                Mesa {t}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn btn-outline min-h-11" disabled={!moveTo}>
          Mover
        </button>
      </form>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (!mergeInto) return;
          api.mergeTable(venueId, label, mergeInto).then(() => {
            forgetSession(venueId, label);
            toast.success(`Mesa ${label} junta con la Mesa ${mergeInto}`, { id: 'floor-merge' });
            onMoved(mergeInto);
          }, failed('floor-merge'));
        }}
      >
        <label className="flex flex-col gap-1">
          <span>Juntar con…</span>
          <select className="select min-h-11" value={mergeInto} onChange={(e) => setMergeInto(e.target.value)}>
            <option value="">Elige una mesa ocupada</option>
            {occupied.map((t) => (
              <option key={t} value={t}>
                Mesa {t}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn btn-outline min-h-11" disabled={!mergeInto}>
          Juntar
        </button>
      </form>
      <div>
        <PreBillButton venueId={venueId} table={label} />
      </div>
      {manager ? (
        <form
          className="flex flex-col gap-2 rounded-box border border-base-300 p-2"
          aria-label="Invitar o descontar"
          onSubmit={(event) => event.preventDefault()}
        >
          {billLines.length > 0 && (
            <fieldset className="flex flex-col gap-1">
              <legend className="font-medium">Invitar (la casa paga)</legend>
              {billLines.map((line) => (
                <label key={line.id} className="flex min-h-11 items-center gap-2">
                  <input
                    type="checkbox"
                    className="checkbox"
                    checked={comp.includes(line.id)}
                    onChange={(e) =>
                      setComp(e.target.checked ? [...comp, line.id] : comp.filter((id) => id !== line.id))
                    }
                  />
                  {line.quantity} × {line.name}
                </label>
              ))}
            </fieldset>
          )}
          <label className="flex flex-col gap-1">
            <span>Descuento (%)</span>
            <input
              className="input min-h-11 w-28"
              inputMode="numeric"
              value={percent}
              onChange={(e) => setPercent(e.target.value.replace(/[^\d]/g, ''))}
            />
          </label>
          <label className="flex flex-col gap-1">
            <span>Motivo</span>
            <input className="input min-h-11" value={reason} onChange={(e) => setReason(e.target.value)} />
          </label>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className="btn btn-outline min-h-11"
              disabled={comp.length === 0 || !reason.trim()}
              onClick={() =>
                void api
                  .addAdjustment(venueId, label, { kind: 'comp', lineIds: comp, reason: reason.trim() })
                  .then(() => {
                    setComp([]);
                    toast.success('Invitación de la casa', { id: 'floor-adjust' });
                  }, failed('floor-adjust'))
              }
            >
              Invitar
            </button>
            <button
              type="button"
              className="btn btn-outline min-h-11"
              disabled={!percent || !reason.trim()}
              onClick={() =>
                void api
                  .addAdjustment(venueId, label, { kind: 'discount', percent: Number(percent), reason: reason.trim() })
                  .then(() => {
                    setPercent('');
                    toast.success(`Descuento del ${percent} %`, { id: 'floor-adjust' });
                  }, failed('floor-adjust'))
              }
            >
              Descuento
            </button>
          </div>
        </form>
      ) : (
        <p className="text-sm" data-testid="floor-ask-manager">
          Invitar o hacer un descuento: {CORRECTION_STRINGS.askManager}.
        </p>
      )}
    </section>
  );
}
