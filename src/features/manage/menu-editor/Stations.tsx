/**
 * The venue's stations in the menu editor (docs/rules.md#the-kitchen), and where a category's and
 * a dish's orders go: its station, and a category's course.
 */
import { useState } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { COURSES } from '../../../contract/venue.ts';
import { COURSE_LABELS } from '../../../contract/kitchen.ts';
import { errorAt, SelectField, TextField, type Undo } from './fields.tsx';
import { newStation, withoutStation, type FormValues } from './logic.ts';

const COURSE_OPTIONS = [
  { value: '', label: 'Sin tiempo (sale al momento)' },
  ...COURSES.map((c) => ({ value: c, label: COURSE_LABELS[c] })),
];

/**
 * The venue's stations and whether later courses wait for «Marchar» (docs/rules.md#the-kitchen).
 * A station's id is made from its name when it is added and kept on a rename (the kitchen
 * display's address uses it); removing one moves its categories and dishes to the first left.
 */
export function Stations({ setUndo }: { setUndo: (u: Undo) => void }) {
  const {
    control,
    getValues,
    setValue,
    register,
    formState: { errors },
  } = useFormContext<FormValues>();
  const { fields, append } = useFieldArray({ control, name: 'stations', keyName: 'key' });
  const stations = useWatch({ control, name: 'stations' });
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string>();
  const add = () => {
    const station = newStation(draft, getValues('stations'));
    if ('error' in station) {
      setDraftError(station.error);
      return;
    }
    append(station);
    setDraft('');
    setDraftError(undefined);
  };
  const remove = (index: number) => {
    const before = {
      stations: structuredClone(getValues('stations')),
      categories: structuredClone(getValues('categories')),
    };
    const after = withoutStation(before, index);
    if (!after) return;
    setValue('stations', after.stations, { shouldDirty: true });
    setValue('categories', after.categories, { shouldDirty: true });
    setUndo({
      text: after.message,
      restore: () => {
        setValue('stations', before.stations, { shouldDirty: true });
        setValue('categories', before.categories, { shouldDirty: true });
      },
    });
  };
  const listError = errorAt(errors, 'stations');
  return (
    <div className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2" aria-describedby="stations-hint">
        <legend className="text-sm font-medium">Estaciones</legend>
        <p id="stations-hint" className="text-sm text-base-content/80">
          Cada estación (cocina, barra, plancha…) recibe sus comandas y tiene su pantalla de cocina. Los platos sin
          estación van a la primera.
        </p>
        <ol className="flex flex-col gap-2" aria-label="Estaciones del local">
          {fields.map((f, i) => (
            <li key={f.key} className="flex flex-wrap items-start gap-2" data-testid="station-row">
              <TextField
                name={`stations.${i}.name`}
                label={`Nombre de la estación ${i + 1}`}
                hint={`Pantalla de cocina: …&estacion=${stations[i]?.id ?? f.id}`}
                className="min-w-48 flex-1"
              />
              {fields.length > 1 && (
                <button
                  type="button"
                  className="btn btn-ghost btn-sm mt-6 min-h-11"
                  onClick={() => remove(i)}
                  aria-label={`Quitar la estación ${stations[i]?.name || i + 1}`}
                >
                  Quitar
                </button>
              )}
            </li>
          ))}
        </ol>
        {fields.length === 1 && <p className="text-sm">El local necesita al menos una estación.</p>}
        {listError && <p className="text-sm font-medium text-error-strong">{listError}</p>}
        <div className="flex flex-wrap items-start gap-2">
          <div className="flex min-w-48 flex-1 flex-col gap-1">
            <label htmlFor="new-station" className="text-sm font-medium">
              Nueva estación
            </label>
            <input
              id="new-station"
              className={`input min-h-11 w-full ${draftError ? 'input-error' : ''}`}
              value={draft}
              aria-invalid={draftError ? true : undefined}
              aria-describedby={draftError ? 'new-station-error' : undefined}
              onChange={(e) => setDraft(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  add();
                }
              }}
            />
            {draftError && (
              <p id="new-station-error" className="text-sm font-medium text-error-strong">
                {draftError}
              </p>
            )}
          </div>
          <button type="button" className="btn btn-outline btn-sm mt-6 min-h-11" onClick={add}>
            Añadir estación
          </button>
        </div>
      </fieldset>
      <label className="flex min-h-11 items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="checkbox mt-0.5"
          aria-describedby="hold-courses-hint"
          {...register('holdCourses')}
        />
        <span>
          Retener los tiempos en las mesas
          <span id="hold-courses-hint" className="block text-base-content/80">
            Las bebidas y el primer tiempo salen al momento; los siguientes esperan a «Marchar» en el panel. Sin marcar,
            todo sale a la vez.
          </span>
        </span>
      </label>
    </div>
  );
}

/** The station a category's dishes go to, and its course. */
export function CategoryStation({ ci }: { ci: number }) {
  const { control } = useFormContext<FormValues>();
  const stations = useWatch({ control, name: 'stations' });
  const first = stations[0];
  const options = [
    { value: '', label: `La primera (${first?.name ?? ''})` },
    ...stations.map((s) => ({ value: s.id, label: s.name })),
  ];
  return (
    <div className="mt-2 grid gap-2 sm:grid-cols-2">
      <SelectField name={`categories.${ci}.station`} label="Estación de la categoría" options={options} />
      <SelectField name={`categories.${ci}.course`} label="Tiempo" options={COURSE_OPTIONS} />
    </div>
  );
}

/** The station of one dish: its category's, or another. */
export function ProductStation({ ci, pi }: { ci: number; pi: number }) {
  const { control } = useFormContext<FormValues>();
  const stations = useWatch({ control, name: 'stations' });
  const categoryStation = useWatch({ control, name: `categories.${ci}.station` });
  const ofCategory = stations.find((s) => s.id === categoryStation) ?? stations[0];
  const options = [
    { value: '', label: `La de su categoría (${ofCategory?.name ?? ''})` },
    ...stations.map((s) => ({ value: s.id, label: s.name })),
  ];
  return (
    <SelectField
      name={`categories.${ci}.products.${pi}.station`}
      label="Estación"
      options={options}
      className="sm:max-w-xs"
    />
  );
}
