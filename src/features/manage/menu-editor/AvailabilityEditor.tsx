/**
 * When a set or a category is served (docs/rules.md#set-menus-and-availability): windows of days
 * and hours in the venue's time zone («Disponible de lunes a viernes, de 13:00 a 16:00», said back
 * under them as the diner reads it). None: whenever the venue is open.
 */
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { WEEKDAYS } from '../../../contract/venue.ts';
import { availabilityText } from '../../../contract/availability.ts';
import { errorAt, type Path } from './fields.tsx';
import type { FormValues } from './logic.ts';

const DAY_LABELS: Record<(typeof WEEKDAYS)[number], string> = {
  mon: 'Lun',
  tue: 'Mar',
  wed: 'Mié',
  thu: 'Jue',
  fri: 'Vie',
  sat: 'Sáb',
  sun: 'Dom',
};
const DAY_NAMES: Record<(typeof WEEKDAYS)[number], string> = {
  mon: 'lunes',
  tue: 'martes',
  wed: 'miércoles',
  thu: 'jueves',
  fri: 'viernes',
  sat: 'sábado',
  sun: 'domingo',
};

type AvailabilityPath = `categories.${number}.availability` | `categories.${number}.products.${number}.availability`;

export function AvailabilityEditor({ name, legend }: { name: AvailabilityPath; legend: string }) {
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<FormValues>();
  const { fields, append, remove } = useFieldArray({ control, name });
  const windows = useWatch({ control, name }) ?? [];
  const complete = windows.filter((w) => w.days.length && w.from && w.until);
  const said = availabilityText(
    complete.map((w) => ({ days: w.days as (typeof WEEKDAYS)[number][], from: w.from, until: w.until })),
  );
  const id = `f-${name.replace(/\./g, '-')}`;
  return (
    <fieldset className="flex flex-col gap-2" data-testid="availability-editor">
      <legend className="text-sm font-medium">{legend}</legend>
      {fields.length === 0 && <p className="text-sm">Siempre que el local esté abierto.</p>}
      {fields.map((f, wi) => {
        const at = `${name}.${wi}` as const;
        const dayError = errorAt(errors, `${at}.days`);
        const untilError = errorAt(errors, `${at}.until`);
        return (
          <div key={f.id} className="rounded-box border border-base-300 p-3">
            <fieldset>
              <legend className="text-sm">Días del horario {wi + 1}</legend>
              <div className="flex flex-wrap gap-x-3">
                {WEEKDAYS.map((day) => (
                  <label key={day} className="flex min-h-11 items-center gap-1 text-sm">
                    <input
                      type="checkbox"
                      className="checkbox"
                      value={day}
                      aria-label={DAY_NAMES[day]}
                      {...register(`${at}.days` as Path)}
                    />
                    <span aria-hidden="true">{DAY_LABELS[day]}</span>
                  </label>
                ))}
              </div>
              {dayError && <p className="text-sm text-error-strong">{dayError}</p>}
            </fieldset>
            <div className="mt-2 flex flex-wrap items-end gap-2">
              <div className="flex flex-col gap-1">
                <label className="text-sm font-medium" htmlFor={`${id}-${wi}-from`}>
                  Desde
                </label>
                <input
                  id={`${id}-${wi}-from`}
                  type="time"
                  className="input min-h-11 w-[9.5rem]"
                  {...register(`${at}.from` as Path)}
                />
              </div>
              <div className="flex flex-col gap-1">
                <label className="text-sm font-medium" htmlFor={`${id}-${wi}-until`}>
                  Hasta
                </label>
                <input
                  id={`${id}-${wi}-until`}
                  type="time"
                  className="input min-h-11 w-[9.5rem]"
                  aria-invalid={untilError ? true : undefined}
                  {...register(`${at}.until` as Path)}
                />
              </div>
              <button
                type="button"
                className="btn btn-ghost btn-sm min-h-11"
                onClick={() => remove(wi)}
                aria-label={`Quitar horario ${wi + 1}`}
              >
                Quitar
              </button>
            </div>
            {untilError && <p className="text-sm text-error-strong">{untilError}</p>}
          </div>
        );
      })}
      {said && (
        <p className="text-sm" data-testid="availability-said">
          Se verá así: «{said}»
        </p>
      )}
      <button
        type="button"
        className="btn btn-outline btn-sm min-h-11 self-start"
        onClick={() => append({ days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: '13:00', until: '16:00' })}
      >
        Añadir horario
      </button>
    </fieldset>
  );
}
