/**
 * The board's «Pausar pedidos» (docs/rules.md#pausing-orders): staff stop new pickup and delivery orders for
 * 15, 30 or 60 minutes or until they resume, with an optional reason (and table rounds too, when chosen);
 * while paused, the board says until when with a countdown, and why (the automatic pause names the
 * station), and «Reanudar» ends it. `POST/DELETE /api/venues/{id}/pause`; read again after each `venue`
 * event of the board's stream (`venueEvents`), so an automatic pause or another screen's shows here too.
 */
import '../../styles/manage.ts';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import {
  activePause,
  PAUSE_CHOICES,
  PAUSE_LIMITS,
  PauseState,
  pauseSentence,
  type PauseInput,
  type VenuePause,
} from '../../contract/pause.ts';
import { formatVenueTime } from '../../contract/time-format.ts';
import { clock } from '../../lib/clock.ts';
import { http, problemMessage } from '../../lib/http.ts';

const $second = clock(1000);

/** `12:05` left, or `1:02:05` past the hour. */
export function countdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

const path = (venueId: string) => `venues/${encodeURIComponent(venueId)}/pause`;

interface Props {
  venueId: string;
  timezone: string | undefined;
  /** Grows with each `venue` event of the board's stream: the pause is read again. */
  venueEvents: number;
}

export function PauseButton({ venueId, timezone, venueEvents }: Props) {
  const [pause, setPause] = useState<VenuePause | null>(null);
  const [open, setOpen] = useState(false);
  const [minutes, setMinutes] = useState<string>('15');
  const [reason, setReason] = useState('');
  const [tables, setTables] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const now = useStore($second);
  const uid = useId();

  useEffect(() => {
    const controller = new AbortController();
    http
      .get(path(venueId), { cache: 'no-store', signal: controller.signal })
      .json<unknown>()
      .then((body) => setPause(PauseState.parse(body).pause))
      .catch(() => undefined);
    return () => controller.abort();
  }, [venueId, venueEvents]);

  async function send(request: () => Promise<unknown>, done: string) {
    setBusy(true);
    setMessage('');
    try {
      setPause(PauseState.parse(await request()).pause);
      setOpen(false);
      setMessage(done);
    } catch (error) {
      setMessage(problemMessage(error));
    } finally {
      setBusy(false);
    }
  }

  function onPause(event: React.SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const input: PauseInput = {
      ...(minutes === 'open' ? {} : { minutes: Number(minutes) }),
      ...(tables ? { modes: ['pickup', 'delivery', 'table'] } : {}),
      ...(reason.trim() ? { reason: reason.trim() } : {}),
    };
    void send(() => http.post(path(venueId), { json: input, retry: 0 }).json<unknown>(), 'Pedidos en pausa.');
  }

  const current = pause ? activePause({ pause }, now) : undefined;
  const zone = timezone ?? 'UTC';

  return (
    <section aria-labelledby={`${uid}-title`} className="mt-3 rounded-box bg-base-100 p-3" data-testid="board-pause">
      <h2 id={`${uid}-title`} className="sr-only">
        Pausa de pedidos
      </h2>
      {current ? (
        <div className="flex flex-wrap items-center justify-between gap-3" data-testid="board-pause-on">
          <div>
            <p className="font-semibold">{pauseSentence(current, zone)}</p>
            {current.until && (
              <p className="text-sm">
                Se reanudan solos a las {formatVenueTime(current.until, 'es', zone, { deviceZone: zone })} · quedan{' '}
                <span className="font-semibold tabular-nums" data-testid="board-pause-countdown">
                  {countdown(Date.parse(current.until) - now)}
                </span>
              </p>
            )}
            {current.reason && (
              <p className="text-sm" data-testid="board-pause-reason">
                {current.auto ? 'Pausa automática: ' : 'Motivo: '}
                {current.reason}
                {current.auto ? '. Se reanuda sola cuando baje.' : ''}
              </p>
            )}
          </div>
          <button
            type="button"
            className="btn btn-primary min-h-11"
            disabled={busy}
            onClick={() =>
              void send(() => http.delete(path(venueId), { retry: 0 }).json<unknown>(), 'Pedidos reanudados.')
            }
          >
            Reanudar
          </button>
        </div>
      ) : open ? (
        <form onSubmit={onPause} className="flex flex-col gap-3" data-testid="board-pause-form">
          <fieldset>
            <legend className="font-semibold">Pausar pedidos para llevar y a domicilio</legend>
            <div className="mt-1 flex flex-wrap gap-x-4">
              {[...PAUSE_CHOICES.map((m) => [String(m), `${m} min`]), ['open', 'Hasta que lo reanude']].map(
                ([value, label]) => (
                  <label key={value} className="flex min-h-11 cursor-pointer items-center gap-2">
                    <input
                      type="radio"
                      className="radio"
                      name={`${uid}-minutes`}
                      value={value}
                      checked={minutes === value}
                      onChange={() => setMinutes(value!)}
                    />
                    {label}
                  </label>
                ),
              )}
            </div>
          </fieldset>
          <label className="flex min-h-11 cursor-pointer items-center gap-2">
            <input
              type="checkbox"
              className="checkbox"
              checked={tables}
              onChange={(e) => setTables(e.target.checked)}
            />
            También las rondas de las mesas
          </label>
          <div>
            <label htmlFor={`${uid}-reason`} className="text-sm">
              Motivo (opcional)
            </label>
            <input
              id={`${uid}-reason`}
              className="input w-full min-h-11"
              maxLength={PAUSE_LIMITS.reasonMax}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </div>
          <div className="flex flex-wrap gap-2">
            <button type="submit" className="btn btn-primary min-h-11" disabled={busy}>
              Pausar
            </button>
            <button type="button" className="btn btn-ghost min-h-11" onClick={() => setOpen(false)}>
              Cancelar
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="btn btn-outline min-h-11" onClick={() => setOpen(true)}>
          Pausar pedidos
        </button>
      )}
      <p role="status" className="text-sm" data-testid="board-pause-status">
        {message}
      </p>
    </section>
  );
}
