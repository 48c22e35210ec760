/**
 * The automatic pause's setting (docs/rules.md#pausing-orders), the venue document's `autoPause`: off by
 * default; on, pickup and delivery pause by themselves when a station has more open tickets than the number,
 * and resume when every station is back below it. Published with the venue (`PUT /api/venues/{id}`).
 */
import { useFormContext, useWatch } from 'react-hook-form';
import { PAUSE_LIMITS } from '../../../contract/pause.ts';
import { FieldError, fieldErrorId } from '../../../shell/ui/FieldError.tsx';
import { errorAt } from './fields.tsx';
import type { FormValues } from './logic.ts';

/** Suggested when the setting is turned on. */
const DEFAULT_OPEN_TICKETS = 12;

export function AutoPauseField() {
  const {
    control,
    setValue,
    formState: { errors },
  } = useFormContext<FormValues>();
  const value = useWatch({ control, name: 'autoPause' });
  const id = 'f-autoPause-openTickets';
  const error = errorAt(errors, 'autoPause.openTickets');
  const set = (next: FormValues['autoPause']) => setValue('autoPause', next, { shouldDirty: true });
  return (
    <div className="flex flex-col gap-2" data-testid="auto-pause">
      <label className="flex min-h-11 items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="checkbox mt-0.5"
          checked={Boolean(value)}
          aria-describedby="auto-pause-hint"
          onChange={(e) => set(e.target.checked ? { openTickets: DEFAULT_OPEN_TICKETS } : null)}
        />
        <span>
          Pausa automática de los pedidos para llevar
          <span id="auto-pause-hint" className="block text-base-content/80">
            Cuando una estación pase de ese número de comandas abiertas, los pedidos para llevar y a domicilio se pausan
            solos; se reanudan cuando todas bajan de él. El panel dice por qué.
          </span>
        </span>
      </label>
      {value && (
        <div className="flex flex-col gap-1 sm:max-w-xs">
          <label htmlFor={id} className="text-sm font-medium">
            Comandas abiertas por estación
          </label>
          <input
            id={id}
            type="number"
            inputMode="numeric"
            min={1}
            max={PAUSE_LIMITS.openTicketsMax}
            className={`input min-h-11 w-full ${error ? 'input-error' : ''}`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? fieldErrorId(id) : undefined}
            value={Number.isFinite(value.openTickets) ? value.openTickets : ''}
            onChange={(e) => set({ openTickets: e.target.value === '' ? Number.NaN : Number(e.target.value) })}
          />
          <FieldError fieldId={id} message={error} />
        </div>
      )}
    </div>
  );
}
