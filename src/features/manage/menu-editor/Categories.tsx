/** The menu's categories in the editor (order by drag or buttons, hours, station) and their dishes. */
import { useState } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { TextField, type Undo } from './fields.tsx';
import { slug, type FormCategory, type FormProduct, type FormValues } from './logic.ts';
import { ProductEditor } from './ProductEditor.tsx';
import { CategoryStation } from './Stations.tsx';
import { AvailabilityEditor } from './AvailabilityEditor.tsx';
import { blankSet } from './sets.ts';

function Products({ ci, venueId, setUndo }: { ci: number; venueId: string; setUndo: (u: Undo) => void }) {
  const { control, getValues } = useFormContext<FormValues>();
  const { fields, append, remove, insert } = useFieldArray({ control, name: `categories.${ci}.products` });
  const allIds = () => new Set(getValues('categories').flatMap((c) => c.products.map((p) => p.id)));
  return (
    <div className="flex flex-col gap-2">
      {fields.map((p, pi) => (
        <ProductEditor
          key={p.id}
          ci={ci}
          pi={pi}
          venueId={venueId}
          onDuplicate={() => {
            const copy = structuredClone(getValues(`categories.${ci}.products.${pi}`));
            insert(pi + 1, {
              ...copy,
              id: slug(copy.name || 'plato', allIds()),
              name: `${copy.name} (copia)`.slice(0, 80),
            });
          }}
          onDelete={() => {
            const removed = structuredClone(getValues(`categories.${ci}.products.${pi}`));
            remove(pi);
            setUndo({
              text: `${removed.kind === 'set' ? 'Menú' : 'Plato'} «${removed.name}» eliminado.`,
              restore: () => insert(pi, removed),
            });
          }}
        />
      ))}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-outline btn-sm min-h-11 self-start"
          onClick={() =>
            append({
              id: slug(`plato-${Date.now().toString(36)}`, allIds()),
              name: '',
              description: '',
              priceText: '',
              tags: [],
              allergens: [],
              available: true,
              optionGroups: [],
              station: '',
            } satisfies FormProduct)
          }
        >
          Añadir plato
        </button>
        <button
          type="button"
          className="btn btn-outline btn-sm min-h-11 self-start"
          onClick={() => append(blankSet(slug(`menu-${Date.now().toString(36)}`, allIds())) satisfies FormProduct)}
        >
          Añadir menú
        </button>
      </div>
    </div>
  );
}

export function Categories({ venueId, setUndo }: { venueId: string; setUndo: (u: Undo) => void }) {
  const { control, getValues, register } = useFormContext<FormValues>();
  const { fields, append, remove, insert, move } = useFieldArray({ control, name: 'categories' });
  const [dragFrom, setDragFrom] = useState<number>();
  const [announce, setAnnounce] = useState('');
  const names = useWatch({ control, name: 'categories' });
  const moveTo = (from: number, to: number, keepFocus?: 'up' | 'down') => {
    if (to < 0 || to >= fields.length || from === to) return;
    move(from, to);
    setAnnounce(`«${names[from]?.name ?? ''}» ahora está en la posición ${to + 1} de ${fields.length}.`);
    // Keyboard: focus stays on the moved category's button (or its other one at either end).
    if (keepFocus) {
      setTimeout(() => {
        const same = document.getElementById(`cat-${keepFocus}-${to}`) as HTMLButtonElement | null;
        const other = document.getElementById(
          `cat-${keepFocus === 'up' ? 'down' : 'up'}-${to}`,
        ) as HTMLButtonElement | null;
        (same && !same.disabled ? same : other)?.focus();
      }, 0);
    }
  };
  return (
    <div className="flex flex-col gap-3">
      <p role="status" aria-live="polite" className="sr-only">
        {announce}
      </p>
      <ol className="flex flex-col gap-3" aria-label="Categorías">
        {fields.map((c, ci) => {
          const label = (names[ci]?.name || `Categoría ${ci + 1}`).slice(0, 80);
          return (
            <li
              key={c.id}
              className={`rounded-box border border-base-300 bg-base-200 p-3 ${dragFrom === ci ? 'opacity-60' : ''}`}
              data-testid="category-editor"
              onDragOver={(e) => e.preventDefault()}
              onDrop={() => {
                if (dragFrom !== undefined) moveTo(dragFrom, ci);
                setDragFrom(undefined);
              }}
            >
              <div className="flex flex-wrap items-end gap-2">
                <span
                  draggable
                  onDragStart={() => setDragFrom(ci)}
                  onDragEnd={() => setDragFrom(undefined)}
                  className="cursor-grab select-none px-1 text-xl"
                  aria-hidden="true"
                  title="Arrastra para ordenar"
                >
                  ⠿
                </span>
                <TextField name={`categories.${ci}.name`} label="Nombre de la categoría" className="min-w-48 flex-1" />
                <div className="flex flex-col gap-1">
                  <label className="text-sm font-medium" htmlFor={`cat-from-${ci}`}>
                    Desde (opcional)
                  </label>
                  <input
                    id={`cat-from-${ci}`}
                    type="time"
                    className="input min-h-11 w-[9.5rem]"
                    {...register(`categories.${ci}.availableFrom`)}
                  />
                </div>
                <div className="flex flex-col gap-1">
                  <label className="text-sm font-medium" htmlFor={`cat-until-${ci}`}>
                    Hasta
                  </label>
                  <input
                    id={`cat-until-${ci}`}
                    type="time"
                    className="input min-h-11 w-[9.5rem]"
                    {...register(`categories.${ci}.availableUntil`)}
                  />
                </div>
              </div>
              <CategoryStation ci={ci} />
              <div className="mt-2">
                <AvailabilityEditor
                  name={`categories.${ci}.availability`}
                  legend="Días y horas en que se sirve (opcional)"
                />
              </div>
              <TextField
                name={`categories.${ci}.taxRateText`}
                label="IVA de la categoría (%)"
                inputMode="decimal"
                hint="Vacío: el del local"
                className="mt-2 sm:max-w-xs"
              />
              <TextField
                name={`categories.${ci}.prepMinutesText`}
                label="Preparación de sus platos (min)"
                inputMode="numeric"
                hint="Vacío: 10 minutos"
                className="mt-2 sm:max-w-xs"
              />
              <div className="mt-2 flex flex-wrap gap-2">
                <button
                  type="button"
                  id={`cat-up-${ci}`}
                  className="btn btn-ghost btn-sm min-h-11"
                  disabled={ci === 0}
                  onClick={() => moveTo(ci, ci - 1, 'up')}
                  aria-label={`Subir ${label}`}
                >
                  <span aria-hidden="true">↑</span> Subir
                </button>
                <button
                  type="button"
                  id={`cat-down-${ci}`}
                  className="btn btn-ghost btn-sm min-h-11"
                  disabled={ci === fields.length - 1}
                  onClick={() => moveTo(ci, ci + 1, 'down')}
                  aria-label={`Bajar ${label}`}
                >
                  <span aria-hidden="true">↓</span> Bajar
                </button>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm min-h-11"
                  aria-label={`Eliminar categoría ${label}`}
                  onClick={() => {
                    const removed = structuredClone(getValues(`categories.${ci}`));
                    remove(ci);
                    setUndo({ text: `Categoría «${removed.name}» eliminada.`, restore: () => insert(ci, removed) });
                  }}
                >
                  Eliminar categoría
                </button>
              </div>
              <div className="mt-3">
                <Products ci={ci} venueId={venueId} setUndo={setUndo} />
              </div>
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="btn btn-outline min-h-11 self-start"
        onClick={() =>
          append({
            id: slug(`categoria-${Date.now().toString(36)}`, new Set(getValues('categories').map((c) => c.id))),
            name: '',
            availableFrom: '',
            availableUntil: '',
            station: '',
            course: '',
            products: [],
          } satisfies FormCategory)
        }
      >
        Añadir categoría
      </button>
    </div>
  );
}
