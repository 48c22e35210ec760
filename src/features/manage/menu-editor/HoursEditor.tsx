/**
 * The venue's opening hours in the menu editor: one row per weekday, each with its time ranges.
 * 12-hour times («12:00 AM») need a wider box than 24-hour ones: the time fields are 9.5 rem wide, and a range wraps.
 */
import { useFieldArray, useFormContext } from 'react-hook-form';
import { WEEKDAYS } from '../../../contract/venue.ts';
import type { FormValues } from './logic.ts';

const WEEKDAY_LABELS: Record<(typeof WEEKDAYS)[number], string> = {
  mon: 'Lunes',
  tue: 'Martes',
  wed: 'Miércoles',
  thu: 'Jueves',
  fri: 'Viernes',
  sat: 'Sábado',
  sun: 'Domingo',
};

export function HoursEditor() {
  const { control, register } = useFormContext<FormValues>();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium">
        Horario (si el cierre es antes que la apertura, el tramo pasa de medianoche)
      </legend>
      {WEEKDAYS.map((day) => (
        <DayHours key={day} day={day} control={control} register={register} />
      ))}
    </fieldset>
  );
}

function DayHours({
  day,
  control,
  register,
}: {
  day: (typeof WEEKDAYS)[number];
  control: ReturnType<typeof useFormContext<FormValues>>['control'];
  register: ReturnType<typeof useFormContext<FormValues>>['register'];
}) {
  const { fields, append, remove } = useFieldArray({ control, name: `hours.${day}` as 'hours.mon' });
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-3 border-b border-base-200 py-2">
      <span className="w-24 text-sm font-medium">{WEEKDAY_LABELS[day]}</span>
      {fields.length === 0 && <span className="text-sm">Cerrado</span>}
      {fields.map((f, i) => (
        <span key={f.id} className="flex flex-wrap items-center gap-2">
          <input
            type="time"
            aria-label={`${WEEKDAY_LABELS[day]}: apertura ${i + 1}`}
            className="input min-h-11 w-[9.5rem]"
            {...register(`hours.${day}.${i}.open` as 'hours.mon.0.open')}
          />
          <span aria-hidden="true">–</span>
          <input
            type="time"
            aria-label={`${WEEKDAY_LABELS[day]}: cierre ${i + 1}`}
            className="input min-h-11 w-[9.5rem]"
            {...register(`hours.${day}.${i}.close` as 'hours.mon.0.close')}
          />
          <button
            type="button"
            className="btn btn-ghost btn-sm min-h-11"
            onClick={() => remove(i)}
            aria-label={`Quitar tramo ${i + 1} del ${WEEKDAY_LABELS[day].toLowerCase()}`}
          >
            ✕
          </button>
        </span>
      ))}
      <button
        type="button"
        className="btn btn-ghost btn-sm min-h-11"
        onClick={() => append({ open: '09:00', close: '17:00' })}
      >
        Añadir tramo
      </button>
    </div>
  );
}
