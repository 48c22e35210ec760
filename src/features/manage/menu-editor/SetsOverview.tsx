/**
 * «Menús» in the editor (docs/rules.md#set-menus-and-availability): the venue's set menus at a
 * glance (its category, price, courses and when it is served), each opening its editor among the
 * categories' dishes, where «Añadir menú» makes a new one.
 */
import { useFormContext, useWatch } from 'react-hook-form';
import { availabilityText } from '../../../contract/availability.ts';
import type { Weekday } from '../../../contract/hours.ts';
import type { FormValues } from './logic.ts';

export function SetsOverview() {
  const { control } = useFormContext<FormValues>();
  const categories = useWatch({ control, name: 'categories' });
  const sets = categories.flatMap((c, ci) =>
    c.products.flatMap((p, pi) => (p.kind === 'set' ? [{ category: c.name, product: p, ci, pi }] : [])),
  );
  const open = (ci: number, pi: number) => {
    const category = document.querySelectorAll<HTMLElement>('[data-testid="category-editor"]')[ci];
    const editor = category?.querySelectorAll<HTMLDetailsElement>('details[data-testid="product-editor"]')[pi];
    if (!editor) return;
    editor.open = true;
    editor.scrollIntoView({ block: 'start' });
    editor.querySelector<HTMLElement>('summary')?.focus();
  };
  return (
    <div className="flex flex-col gap-2" data-testid="sets-overview">
      <p className="text-sm">
        Un menú (menú del día, combo) tiene su precio, pasos con platos a elegir de la carta, suplementos y, si quieres,
        días y horas. Créalo con «Añadir menú» en su categoría.
      </p>
      {sets.length === 0 ? (
        <p className="text-sm">Todavía no hay menús.</p>
      ) : (
        <ul className="flex flex-col gap-1">
          {sets.map(({ category, product, ci, pi }) => {
            const when = availabilityText(
              (product.availability ?? []).map((w) => ({ days: w.days as Weekday[], from: w.from, until: w.until })),
            );
            return (
              <li key={product.id}>
                <button type="button" className="btn btn-ghost btn-sm min-h-11 text-left" onClick={() => open(ci, pi)}>
                  {product.name || 'Menú sin nombre'} · {category} · {product.priceText}
                  {product.courses ? ` · ${product.courses.length} pasos` : ''}
                </button>
                {when && <p className="pl-3 text-sm">{when}</p>}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
