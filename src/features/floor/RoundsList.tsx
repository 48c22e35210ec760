/**
 * The rounds a table sent, each line with its kitchen state (the round's status), and «Anular» on a
 * line: how many, and a reason from a short list (docs/rules.md#the-floor).
 */
import { useState } from 'react';
import { ORDER_STATUS_LABELS } from '../../contract/labels.ts';
import type { Ticket } from '../../contract/kitchen.ts';
import type { Order } from '../../contract/order.ts';
import { problemMessage } from '../../lib/http.ts';
import { toast } from '../../shell/toast.ts';
import * as api from './api.ts';
import { VOID_REASONS } from '../../contract/corrections.ts';
import { lineKitchenState, OTHER_CHOICE, voidReason } from './logic.ts';

interface Props {
  venueId: string;
  rounds: readonly Order[];
  /** The rounds' kitchen tickets (each line's state). */
  tickets: readonly Ticket[];
  money: (minor: number) => string;
  /** The order the server answered a void with. */
  onVoided: (order: Order) => void;
}

export function RoundsList({ venueId, rounds, tickets, money, onVoided }: Props) {
  const [voiding, setVoiding] = useState<{ orderId: string; index: number } | null>(null);
  if (rounds.length === 0) return null;
  return (
    <section aria-labelledby="floor-rounds">
      <h3 id="floor-rounds" className="font-semibold">
        Rondas
      </h3>
      <ol className="mt-1 flex flex-col gap-3" data-testid="floor-rounds">
        {rounds.map((round) => (
          <li key={round.id} className="rounded-box border border-base-300 p-2" data-testid="floor-round">
            <p className="text-sm font-semibold">
              Pedido {round.number} · {ORDER_STATUS_LABELS[round.status]} · {money(round.total)}
            </p>
            <ul className="mt-1 flex flex-col gap-1">
              {round.lines.map((line, index) => {
                const voided = line.voided ?? 0;
                const left = line.quantity - voided;
                const open = voiding?.orderId === round.id && voiding.index === index;
                return (
                  <li key={`${round.id}-${index}`} className="flex flex-col gap-1">
                    <div className="flex items-center gap-2">
                      <span className="min-w-0 flex-1">
                        <span className={left === 0 ? 'line-through' : ''}>
                          {line.quantity} × {line.name}
                        </span>
                        {voided > 0 && <b> · {voided === line.quantity ? 'ANULADO' : `${voided} anulado`}</b>}
                        <span className="block text-sm text-base-content/80">
                          {[line.options.map((o) => o.name).join(', '), line.guest, line.by]
                            .filter(Boolean)
                            .join(' · ')}
                        </span>
                      </span>
                      <span className="text-sm" data-testid="floor-line-state">
                        {lineKitchenState(round, index, tickets)}
                      </span>
                      {left > 0 && round.status !== 'cancelled' && (
                        <button
                          type="button"
                          className="btn btn-ghost btn-sm min-h-11"
                          aria-expanded={open}
                          aria-label={`Anular ${line.name}`}
                          onClick={() => setVoiding(open ? null : { orderId: round.id, index })}
                        >
                          Anular
                        </button>
                      )}
                    </div>
                    {open && (
                      <VoidForm
                        max={left}
                        name={line.name}
                        onCancel={() => setVoiding(null)}
                        onVoid={(quantity, reason) =>
                          api
                            .voidLine(venueId, round.id, index, quantity, reason)
                            .then((order) => {
                              onVoided(order);
                              setVoiding(null);
                              toast.success(`${line.name}: anulado`, { id: 'floor-void' });
                            })
                            .catch((error: unknown) => toast.error(problemMessage(error), { id: 'floor-void' }))
                        }
                      />
                    )}
                  </li>
                );
              })}
            </ul>
          </li>
        ))}
      </ol>
    </section>
  );
}

function VoidForm({
  max,
  name,
  onCancel,
  onVoid,
}: {
  max: number;
  name: string;
  onCancel: () => void;
  onVoid: (quantity: number, reason: string) => Promise<void>;
}) {
  const [quantity, setQuantity] = useState(max);
  const [choice, setChoice] = useState<string>(VOID_REASONS[0]);
  const [other, setOther] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="flex flex-col gap-2 rounded-box bg-base-200 p-2"
      aria-label={`Anular ${name}`}
      onSubmit={(event) => {
        event.preventDefault();
        if (choice === OTHER_CHOICE && !other.trim()) return;
        setBusy(true);
        void onVoid(quantity, voidReason(choice, other)).finally(() => setBusy(false));
      }}
    >
      <label className="flex items-center gap-2">
        <span>Cantidad</span>
        <input
          type="number"
          className="input input-sm w-20"
          min={1}
          max={max}
          value={quantity}
          onChange={(e) => setQuantity(Math.max(1, Math.min(max, Number(e.target.value) || 1)))}
        />
      </label>
      <label className="flex flex-col gap-1">
        <span>Motivo</span>
        <select className="select select-sm" value={choice} onChange={(e) => setChoice(e.target.value)}>
          {VOID_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {reason}
            </option>
          ))}
          <option value={OTHER_CHOICE}>Otro: …</option>
        </select>
      </label>
      {choice === OTHER_CHOICE && (
        <label className="flex flex-col gap-1">
          <span>¿Cuál?</span>
          <input className="input input-sm" value={other} onChange={(e) => setOther(e.target.value)} required />
        </label>
      )}
      <div className="flex gap-2">
        <button type="submit" className="btn btn-error btn-sm min-h-11" disabled={busy}>
          Anular {quantity}
        </button>
        <button type="button" className="btn btn-ghost btn-sm min-h-11" onClick={onCancel}>
          No anular
        </button>
      </div>
    </form>
  );
}
