/**
 * «Pedidos para llevar» in the editor (docs/rules.md#pickup-times): how long a pickup or delivery slot is, how many
 * orders each takes, the least notice a diner must give and how many days ahead they may choose. Empty fields keep
 * the defaults (15 minutes, 8 orders, 15 minutes, today only). Each dish's preparation time is with the dish.
 */
import { useFormContext } from 'react-hook-form';
import { PICKUP_DEFAULTS, PICKUP_LIMITS, SLOT_LENGTHS } from '../../../contract/pickup.ts';
import { FieldError, fieldErrorId } from '../../../shell/ui/FieldError.tsx';
import { errorAt, type Path } from './fields.tsx';
import type { FormValues } from './logic.ts';

/** An empty field is no value (the default); anything else a number the contract checks. */
const asNumber = (value: unknown) =>
  value === '' || value === null || value === undefined ? undefined : Number(value);

function NumberField({
  name,
  label,
  hint,
  min,
  max,
}: {
  name: Path;
  label: string;
  hint: string;
  min: number;
  max: number;
}) {
  const {
    register,
    formState: { errors },
  } = useFormContext<FormValues>();
  const error = errorAt(errors, name);
  const id = `f-${name.replace(/\./g, '-')}`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        placeholder={hint}
        className={`input min-h-11 w-full ${error ? 'input-error' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? fieldErrorId(id) : `${id}-hint`}
        {...register(name, { setValueAs: asNumber })}
      />
      <p id={`${id}-hint`} className="text-xs text-base-content/80">
        {hint}
      </p>
      <FieldError fieldId={id} message={error} />
    </div>
  );
}

export function PickupSettings() {
  const {
    register,
    formState: { errors },
  } = useFormContext<FormValues>();
  const slotError = errorAt(errors, 'pickup.slotMinutes');
  return (
    <div className="grid gap-3 sm:grid-cols-2" data-testid="pickup-settings">
      <div className="flex flex-col gap-1">
        <label htmlFor="f-pickup-slotMinutes" className="text-sm font-medium">
          Franjas de recogida
        </label>
        <select
          id="f-pickup-slotMinutes"
          className={`select min-h-11 w-full ${slotError ? 'select-error' : ''}`}
          aria-invalid={slotError ? true : undefined}
          aria-describedby={slotError ? fieldErrorId('f-pickup-slotMinutes') : undefined}
          {...register('pickup.slotMinutes', { setValueAs: asNumber })}
        >
          <option value="">Cada {PICKUP_DEFAULTS.slotMinutes} minutos (por defecto)</option>
          {SLOT_LENGTHS.map((n) => (
            <option key={n} value={n}>
              Cada {n} minutos
            </option>
          ))}
        </select>
        <FieldError fieldId="f-pickup-slotMinutes" message={slotError} />
      </div>
      <NumberField
        name="pickup.ordersPerSlot"
        label="Pedidos por franja"
        hint={`Vacío: ${PICKUP_DEFAULTS.ordersPerSlot}`}
        min={1}
        max={PICKUP_LIMITS.ordersPerSlotMax}
      />
      <NumberField
        name="pickup.leadMinutes"
        label="Antelación mínima (minutos)"
        hint={`Vacío: ${PICKUP_DEFAULTS.leadMinutes}`}
        min={0}
        max={PICKUP_LIMITS.leadMinutesMax}
      />
      <NumberField
        name="pickup.daysAhead"
        label="Días de antelación"
        hint={`0: solo hoy; hasta ${PICKUP_LIMITS.daysAheadMax}`}
        min={0}
        max={PICKUP_LIMITS.daysAheadMax}
      />
    </div>
  );
}
