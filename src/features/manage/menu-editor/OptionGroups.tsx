/** A dish's option groups in the menu editor (name, minimum, maximum) and their options. */
import { useFieldArray, useFormContext } from 'react-hook-form';
import { ALLERGENS } from '../../../contract/venue.ts';
import { ALLERGEN_LABELS } from '../../../contract/menu-labels.ts';
import { CheckList, errorAt, TextField } from './fields.tsx';
import type { FormValues } from './logic.ts';

export function OptionGroups({ ci, pi }: { ci: number; pi: number }) {
  const {
    control,
    formState: { errors },
  } = useFormContext<FormValues>();
  const base = `categories.${ci}.products.${pi}.optionGroups` as const;
  const { fields, append, remove } = useFieldArray({ control, name: base });
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium">Grupos de opciones</legend>
      {fields.map((g, gi) => (
        <div key={g.id} className="rounded-box border border-base-300 p-3">
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            <TextField name={`${base}.${gi}.name`} label="Nombre del grupo" className="col-span-2" />
            <TextField name={`${base}.${gi}.min`} label="Mínimo" type="number" inputMode="numeric" />
            <TextField name={`${base}.${gi}.max`} label="Máximo" type="number" inputMode="numeric" />
          </div>
          <Options ci={ci} pi={pi} gi={gi} />
          {errorAt(errors, `${base}.${gi}.options`) && (
            <p className="text-sm text-error-strong">{errorAt(errors, `${base}.${gi}.options`)}</p>
          )}
          <button type="button" className="btn btn-ghost btn-sm mt-2 min-h-11" onClick={() => remove(gi)}>
            Quitar grupo
          </button>
        </div>
      ))}
      <button
        type="button"
        className="btn btn-outline btn-sm min-h-11 self-start"
        onClick={() => append({ id: `grupo-${Date.now().toString(36)}`, name: '', min: 0, max: 1, options: [] })}
      >
        Añadir grupo de opciones
      </button>
    </fieldset>
  );
}

function Options({ ci, pi, gi }: { ci: number; pi: number; gi: number }) {
  const { control, register } = useFormContext<FormValues>();
  const base = `categories.${ci}.products.${pi}.optionGroups.${gi}.options` as const;
  const { fields, append, remove } = useFieldArray({ control, name: base });
  return (
    <div className="mt-2 flex flex-col gap-2">
      {fields.map((o, oi) => (
        <div key={o.id} className="flex flex-wrap items-end gap-2">
          <TextField name={`${base}.${oi}.name`} label={`Opción ${oi + 1}`} className="min-w-40 flex-1" />
          <TextField name={`${base}.${oi}.priceDeltaText`} label="Suplemento" inputMode="decimal" className="w-28" />
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input type="checkbox" className="checkbox" {...register(`${base}.${oi}.available`)} /> Disponible
          </label>
          <button
            type="button"
            className="btn btn-ghost btn-sm min-h-11"
            onClick={() => remove(oi)}
            aria-label={`Quitar opción ${oi + 1}`}
          >
            Quitar
          </button>
          <details className="w-full">
            <summary className="flex min-h-11 cursor-pointer items-center text-sm">
              Alérgenos de la opción {oi + 1}
            </summary>
            <CheckList
              name={`${base}.${oi}.allergens`}
              legend={`Alérgenos que añade la opción ${oi + 1}`}
              values={ALLERGENS}
              labels={ALLERGEN_LABELS}
            />
          </details>
        </div>
      ))}
      <button
        type="button"
        className="btn btn-ghost btn-sm min-h-11 self-start"
        onClick={() =>
          append({
            id: `op-${Date.now().toString(36)}${fields.length}`,
            name: '',
            priceDeltaText: '0',
            available: true,
            allergens: [],
          })
        }
      >
        Añadir opción
      </button>
    </div>
  );
}
