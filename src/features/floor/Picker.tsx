/**
 * The waiter's dish picker (docs/rules.md#the-floor), built for speed: search as you type (accents
 * ignored), the venue's categories, recent dishes first (remembered on this device), and a tap
 * on a dish opens its options (src/features/menu/options.ts), note and quantity, and who it is
 * for («Comensal 2», or a person at the table). «Añadir» queues the line into the table's cart.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useState } from 'react';
import { LIMITS } from '../../contract/limits.ts';
import type { TableSession } from '../../contract/table.ts';
import type { Product, Venue } from '../../contract/venue.ts';
import { problemMessage } from '../../lib/http.ts';
import { formatMoney } from '../../lib/money.ts';
import { missingGroups, optionNamesOf, unitPriceOf, type Selection } from '../menu/options.ts';
import { cappedQuantity } from '../table-session/logic.ts';
import * as api from './api.ts';
import { dishesOf, guestChoices, pickDishes } from './logic.ts';
import { $recentDishes, newWaiterLineId, queueEdit, rememberDish } from './waiter-queue.ts';

const menus = new Map<string, Promise<Venue>>();
/** The venue's menu, read once per page (again after a failure). */
function menuOf(venueId: string): Promise<Venue> {
  let menu = menus.get(venueId);
  if (!menu) {
    menu = api.fetchMenu(venueId);
    menu.catch(() => menus.delete(venueId));
    menus.set(venueId, menu);
  }
  return menu;
}

interface Props {
  venueId: string;
  label: string;
  session: Pick<TableSession, 'participants'>;
}

export function Picker({ venueId, label, session }: Props) {
  const [venue, setVenue] = useState<Venue | null>(null);
  const [error, setError] = useState('');
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const [guest, setGuest] = useState('');
  const [added, setAdded] = useState('');
  const recent = useStore($recentDishes)[venueId] ?? [];
  const searchId = useId();

  useEffect(() => {
    let live = true;
    menuOf(venueId).then(
      (menu) => live && setVenue(menu),
      (e: unknown) => live && setError(problemMessage(e)),
    );
    return () => {
      live = false;
    };
  }, [venueId]);

  const dishes = useMemo(() => (venue ? dishesOf(venue.categories) : []), [venue]);
  const shown = pickDishes(dishes, query, category, recent);
  const guests = guestChoices(session.participants, Math.max(2, session.participants.length));
  const money = (minor: number) => formatMoney(minor, venue?.currency ?? 'EUR', venue?.locale ?? 'es-ES');

  if (error) return <p role="alert">No se pudo leer la carta: {error}</p>;
  if (!venue)
    return (
      <p role="status" className="flex items-center gap-2">
        <span className="loading loading-spinner" aria-hidden="true"></span> Cargando la carta…
      </p>
    );

  return (
    <div className="flex flex-col gap-3" data-testid="floor-picker">
      <label htmlFor={searchId} className="sr-only">
        Buscar un plato
      </label>
      <input
        id={searchId}
        type="search"
        className="input min-h-11 w-full"
        placeholder="Buscar un plato"
        autoComplete="off"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      <div className="flex gap-1 overflow-x-auto pb-1" role="group" aria-label="Categorías">
        {[{ id: '', name: 'Todo' }, ...venue.categories].map((c) => (
          <button
            key={c.id}
            type="button"
            className={`btn btn-sm min-h-11 shrink-0 ${category === c.id ? 'btn-primary' : 'btn-outline'}`}
            aria-pressed={category === c.id}
            onClick={() => setCategory(c.id)}
          >
            {c.name}
          </button>
        ))}
      </div>
      <div className="flex items-center gap-2">
        <label htmlFor={`${searchId}-guest`} className="font-medium">
          Para
        </label>
        <select
          id={`${searchId}-guest`}
          className="select min-h-11 flex-1"
          value={guest}
          onChange={(e) => setGuest(e.target.value)}
        >
          <option value="">La mesa (sin comensal)</option>
          {guests.map((g) => (
            <option key={g} value={g}>
              {g}
            </option>
          ))}
        </select>
      </div>
      <p role="status" aria-live="polite" className="min-h-6 text-sm" data-testid="floor-picker-added">
        {added}
      </p>
      {shown.length === 0 ? (
        <p>Ningún plato coincide con «{query}».</p>
      ) : (
        <ul className="flex flex-col divide-y divide-base-300" data-testid="floor-picker-list">
          {shown.map(({ product }) => (
            <li key={product.id} className="py-1">
              <button
                type="button"
                className="flex min-h-11 w-full items-center gap-2 text-left disabled:opacity-70"
                aria-expanded={chosen === product.id}
                disabled={!product.available}
                onClick={() => setChosen(chosen === product.id ? null : product.id)}
              >
                <span className="flex-1 font-medium">
                  {product.name}
                  {recent.includes(product.id) && <span className="badge badge-ghost ml-2 text-xs">Reciente</span>}
                  {!product.available && ' · Agotado'}
                </span>
                <span className="tabular-nums">{money(product.price)}</span>
              </button>
              {chosen === product.id && (
                <DishForm
                  product={product}
                  money={money}
                  onAdd={(optionIds, quantity, note) => {
                    const unitPrice = unitPriceOf(product, selectionOf(product, optionIds));
                    const names = optionNamesOf(product, optionIds);
                    queueEdit(
                      venueId,
                      label,
                      {
                        kind: 'put',
                        lineId: newWaiterLineId(),
                        input: { productId: product.id, optionIds, quantity, ...(note ? { note } : {}) },
                        display: {
                          name: product.name,
                          options: optionIds.map((id, i) => ({ id, name: names[i] ?? '', priceDelta: 0 })),
                          unitPrice,
                        },
                      },
                      guest || undefined,
                    );
                    rememberDish(venueId, product.id);
                    setAdded(`Añadido: ${quantity} × ${product.name}${guest ? ` para ${guest}` : ''}`);
                    setChosen(null);
                  }}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function selectionOf(product: Product, optionIds: readonly string[]): Selection {
  const selection: Selection = {};
  for (const group of product.optionGroups)
    selection[group.id] = group.options.filter((o) => optionIds.includes(o.id)).map((o) => o.id);
  return selection;
}

function DishForm({
  product,
  money,
  onAdd,
}: {
  product: Product;
  money: (minor: number) => string;
  onAdd: (optionIds: string[], quantity: number, note: string) => void;
}) {
  const [selection, setSelection] = useState<Selection>({});
  const [quantity, setQuantity] = useState(1);
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const missing = missingGroups(product, selection);
  const unit = unitPriceOf(product, selection);
  return (
    <form
      className="mt-1 flex flex-col gap-2 rounded-box bg-base-200 p-2"
      aria-label={product.name}
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (missing.length > 0) return;
        onAdd(
          product.optionGroups.flatMap((g) => selection[g.id] ?? []),
          quantity,
          note.trim(),
        );
      }}
    >
      {product.optionGroups.map((group) => (
        <fieldset key={group.id} className="flex flex-col gap-1">
          <legend className="font-medium">
            {group.name}
            {group.min > 0 ? ' (obligatorio)' : ''}
          </legend>
          {group.options.map((option) => (
            <label key={option.id} className="flex min-h-11 items-center gap-2">
              <input
                type={group.max === 1 ? 'radio' : 'checkbox'}
                name={`${product.id}-${group.id}`}
                className={group.max === 1 ? 'radio' : 'checkbox'}
                disabled={!option.available}
                checked={(selection[group.id] ?? []).includes(option.id)}
                onChange={(e) => {
                  const current = selection[group.id] ?? [];
                  const next =
                    group.max === 1
                      ? [option.id]
                      : e.target.checked
                        ? [...current, option.id]
                        : current.filter((id) => id !== option.id);
                  setSelection({ ...selection, [group.id]: next });
                }}
              />
              <span className="flex-1">
                {option.name}
                {!option.available && ' · Agotado'}
              </span>
              {option.priceDelta !== 0 && <span className="tabular-nums">{money(option.priceDelta)}</span>}
            </label>
          ))}
          {tried && missing.some((g) => g.id === group.id) && (
            <p className="text-sm text-error" role="alert">
              Elige {group.min === group.max ? group.min : `entre ${group.min} y ${group.max}`}.
            </p>
          )}
        </fieldset>
      ))}
      <label className="flex flex-col gap-1">
        <span className="font-medium">Nota para cocina</span>
        <input
          className="input min-h-11"
          maxLength={LIMITS.lineNoteMax}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <div className="join" role="group" aria-label="Cantidad">
          <button
            type="button"
            className="btn join-item min-h-11 min-w-11"
            aria-label="Uno menos"
            disabled={quantity <= LIMITS.quantityMin}
            onClick={() => setQuantity(cappedQuantity(quantity - 1))}
          >
            −
          </button>
          <output className="join-item flex min-h-11 min-w-11 items-center justify-center bg-base-100 tabular-nums">
            {quantity}
          </output>
          <button
            type="button"
            className="btn join-item min-h-11 min-w-11"
            aria-label="Uno más"
            disabled={quantity >= LIMITS.quantityMax}
            onClick={() => setQuantity(cappedQuantity(quantity + 1))}
          >
            +
          </button>
        </div>
        <button type="submit" className="btn btn-primary min-h-11 flex-1">
          Añadir · {money(unit * quantity)}
        </button>
      </div>
    </form>
  );
}
