/**
 * A set menu's own fields in the editor (docs/rules.md#set-menus-and-availability): its courses
 * («Primer plato», its course in the kitchen, min and max), the venue's dishes each course offers
 * with their supplements, the dishes it includes, and when it is served.
 */
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { COURSES } from '../../../contract/venue.ts';
import { COURSE_LABELS } from '../../../contract/kitchen.ts';
import { AvailabilityEditor } from './AvailabilityEditor.tsx';
import { CheckList, errorAt, SelectField, TextField } from './fields.tsx';
import type { FormValues } from './logic.ts';

const COURSE_OPTIONS = [
  { value: '', label: 'Con el primer paso' },
  ...COURSES.map((c) => ({ value: c, label: COURSE_LABELS[c] })),
];

/** The venue's dishes a set may offer (never a set), by id, with their names as the form has them. */
function useDishes(): { id: string; name: string }[] {
  const { control } = useFormContext<FormValues>();
  const categories = useWatch({ control, name: 'categories' });
  return categories.flatMap((c) =>
    c.products.filter((p) => p.kind !== 'set').map((p) => ({ id: p.id, name: p.name || p.id })),
  );
}

export function SetEditor({ ci, pi }: { ci: number; pi: number }) {
  const {
    control,
    formState: { errors },
  } = useFormContext<FormValues>();
  const base = `categories.${ci}.products.${pi}` as const;
  const { fields, append, remove } = useFieldArray({ control, name: `${base}.courses` });
  const dishes = useDishes();
  const coursesError = errorAt(errors, `${base}.courses`);
  return (
    <div className="flex flex-col gap-3" data-testid="set-editor">
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium">Pasos del menú</legend>
        {fields.map((f, k) => (
          <div key={f.id} className="rounded-box border border-base-300 p-3" data-testid="set-course-editor">
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
              <TextField name={`${base}.courses.${k}.name`} label="Nombre del paso" className="col-span-2" />
              <TextField name={`${base}.courses.${k}.min`} label="Mínimo" type="number" inputMode="numeric" />
              <TextField name={`${base}.courses.${k}.max`} label="Máximo" type="number" inputMode="numeric" />
            </div>
            <SelectField
              name={`${base}.courses.${k}.course`}
              label="Tiempo en cocina"
              options={COURSE_OPTIONS}
              className="mt-2 sm:max-w-xs"
            />
            <Choices ci={ci} pi={pi} k={k} dishes={dishes} />
            <button
              type="button"
              className="btn btn-ghost btn-sm mt-2 min-h-11"
              onClick={() => remove(k)}
              aria-label={`Quitar paso ${k + 1}`}
            >
              Quitar paso
            </button>
          </div>
        ))}
        {coursesError && <p className="text-sm text-error-strong">{coursesError}</p>}
        <button
          type="button"
          className="btn btn-outline btn-sm min-h-11 self-start"
          onClick={() =>
            append({ id: `paso-${Date.now().toString(36)}`, name: '', course: '', min: 1, max: 1, choices: [] })
          }
        >
          Añadir paso
        </button>
      </fieldset>
      <CheckList
        name={`${base}.included`}
        legend="Incluido (sin elegir: pan, bebida de la casa…)"
        values={dishes.map((d) => d.id)}
        labels={Object.fromEntries(dishes.map((d) => [d.id, d.name]))}
      />
      <AvailabilityEditor name={`${base}.availability`} legend="Días y horas en que se sirve" />
    </div>
  );
}

/** The dishes a course offers: a checkbox per dish of the venue, and the supplement of each one picked. */
function Choices({ ci, pi, k, dishes }: { ci: number; pi: number; k: number; dishes: { id: string; name: string }[] }) {
  const {
    control,
    setValue,
    formState: { errors },
  } = useFormContext<FormValues>();
  const name = `categories.${ci}.products.${pi}.courses.${k}.choices` as const;
  const choices = useWatch({ control, name }) ?? [];
  const error = errorAt(errors, name);
  const toggle = (productId: string, on: boolean) =>
    setValue(
      name,
      on ? [...choices, { productId, supplementText: '' }] : choices.filter((c) => c.productId !== productId),
      { shouldDirty: true },
    );
  return (
    <fieldset className="mt-2 flex flex-col gap-1">
      <legend className="text-sm font-medium">Platos a elegir ({choices.length})</legend>
      {dishes.map((dish) => {
        const j = choices.findIndex((c) => c.productId === dish.id);
        return (
          <div key={dish.id} className="flex flex-wrap items-end gap-2">
            <label className="flex min-h-11 min-w-48 flex-1 items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="checkbox"
                checked={j >= 0}
                onChange={(e) => toggle(dish.id, e.target.checked)}
              />
              {dish.name}
            </label>
            {j >= 0 && (
              <TextField
                name={`${name}.${j}.supplementText`}
                label={`Suplemento de ${dish.name}`}
                inputMode="decimal"
                className="w-48"
              />
            )}
          </div>
        );
      })}
      {error && <p className="text-sm text-error-strong">{error}</p>}
    </fieldset>
  );
}
