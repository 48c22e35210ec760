/**
 * Product detail in a native modal <dialog>: options (radio when max is 1),
 * quantity 1–99, a note with a 200-character counter and the live price on
 * the confirm button. Min/max are enforced: the button stays disabled and the
 * groups still missing a choice are named.
 */
import { useId, useMemo, useRef, useState } from 'react';
import { Drawer } from '../../shell/ui/Drawer.tsx';
import { mdiClose, mdiMinus, mdiPlus } from './ui-icons.ts';
import { LIMITS } from '../../contract/limits.ts';
import type { OptionGroup, Product, Venue } from '../../contract/venue.ts';
import { formatMoney } from '../../lib/money.ts';
import { Icon } from './Icon.tsx';
import { fallbackLang, type TextLanguages } from '../../contract/languages.ts';
import { menuMessages } from './messages.ts';
import { mediaAttributes } from './media-srcset.ts';
import { missingGroups, optionNamesOf, unitPriceOf, type Selection } from './options.ts';
import type { NewCartLine } from '../cart/index.ts';
import { SetForm } from './SetDialog.tsx';
import { dishOf, unavailableNow, type LineEdit } from './set-line.ts';
import { allergenList, OptionFieldset } from './OptionFieldset.tsx';
import '../../styles/dialogs.ts';

/** The dialog's image: the box (11/12 of the screen, 32 rem from 640 px) less its 1 rem margins. */
const DIALOG_IMAGE_SIZES = '(min-width: 640px) 480px, calc(92vw - 2rem)';

export interface ProductDialogProps {
  product: Product | null;
  currency: string;
  locale: string;
  apiBase: string;
  onClose: () => void;
  /** The line to add (`replaces`: the key or id of the line it replaces, when editing one). */
  onConfirm: (input: { line: NewCartLine; replaces?: string }) => void;
  /** On a page in another language than the venue's: untranslated words get the venue's `lang`. */
  langs?: TextLanguages;
  /** The whole menu in the page's language: a set's dishes, and when a dish or its category is served. */
  venue?: Venue | null;
  /** Editing a set's line: its key (or table line id), choices and quantity. */
  editing?: LineEdit | null;
}

export function ProductDialog({
  product,
  currency,
  locale,
  apiBase,
  onClose,
  onConfirm,
  langs,
  venue,
  editing,
}: ProductDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const dish = (id: string) => (venue ? dishOf(venue, id) : undefined);
  const unavailable = product && venue ? unavailableNow(venue, product) : null;

  return (
    <Drawer
      open={product !== null}
      placement="sheet"
      toasts={false}
      dialogRef={dialogRef}
      aria-labelledby="product-dialog-title"
      onClose={() => onClose()}
    >
      {product?.kind === 'set' ? (
        <SetForm
          key={editing?.key ?? product.id}
          product={product}
          currency={currency}
          locale={locale}
          dish={dish}
          unavailable={unavailable}
          {...(editing ? { initial: editing } : {})}
          onCancel={() => dialogRef.current?.close()}
          onConfirm={(input) =>
            onConfirm({
              line: {
                productId: input.product.id,
                name: input.product.name,
                optionIds: [],
                optionNames: [],
                choices: input.choices.map((c) => ({ ...c, optionIds: [...c.optionIds] })),
                choiceNames: input.choiceNames,
                unitPrice: input.unitPrice,
                quantity: input.quantity,
              },
              ...(editing ? { replaces: editing.key } : {}),
            })
          }
          langs={langs}
        />
      ) : (
        product && (
          <ProductForm
            key={product.id}
            product={product}
            currency={currency}
            locale={locale}
            apiBase={apiBase}
            onCancel={() => dialogRef.current?.close()}
            unavailable={unavailable}
            onConfirm={(input) =>
              onConfirm({
                line: {
                  productId: input.product.id,
                  name: input.product.name,
                  optionIds: input.optionIds,
                  optionNames: optionNamesOf(input.product, input.optionIds),
                  unitPrice: input.unitPrice,
                  quantity: input.quantity,
                  ...(input.note ? { note: input.note } : {}),
                },
              })
            }
            langs={langs}
          />
        )
      )}
    </Drawer>
  );
}

interface FormProps extends Omit<ProductDialogProps, 'product' | 'onClose' | 'onConfirm' | 'venue' | 'editing'> {
  product: Product;
  onCancel: () => void;
  unavailable: string | null;
  onConfirm: (input: {
    product: Product;
    optionIds: string[];
    quantity: number;
    note: string;
    unitPrice: number;
  }) => void;
}

function ProductForm({ product, currency, locale, apiBase, onCancel, onConfirm, langs, unavailable }: FormProps) {
  const words = menuMessages.get();
  const [selection, setSelection] = useState<Selection>({});
  const [quantity, setQuantity] = useState(1);
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const noteId = useId();
  const money = (minor: number) => formatMoney(minor, currency, locale);
  const unitPrice = useMemo(() => unitPriceOf(product, selection), [product, selection]);
  const missing = missingGroups(product, selection);
  const total = unitPrice * quantity;
  const canAdd = product.available && !unavailable && missing.length === 0;

  const toggle = (group: OptionGroup, optionId: string, checked: boolean) => {
    setSelection((prev) => {
      const current = prev[group.id] ?? [];
      const next =
        group.max === 1 ? [optionId] : checked ? [...current, optionId] : current.filter((id) => id !== optionId);
      return { ...prev, [group.id]: next };
    });
  };

  const submit = (e: { preventDefault(): void }) => {
    e.preventDefault();
    setTried(true);
    if (!canAdd) return;
    const optionIds = product.optionGroups.flatMap((g) => selection[g.id] ?? []);
    onConfirm({ product, optionIds, quantity, note: note.trim(), unitPrice });
  };

  return (
    <form onSubmit={submit} className="modal-box max-h-[90dvh] p-0 sm:max-w-lg" noValidate>
      <div className="flex items-start gap-2 p-4 pb-2">
        <h2
          id="product-dialog-title"
          className="flex-1 text-xl font-bold leading-snug"
          lang={fallbackLang(product, 'name', langs)}
        >
          {product.name}
        </h2>
        <button
          type="button"
          className="btn btn-ghost btn-circle min-h-11 min-w-11"
          onClick={onCancel}
          aria-label={words.close}
        >
          <Icon path={mdiClose} />
        </button>
      </div>
      {product.image && (
        <div
          className="mx-4 h-44 sm:h-56 overflow-hidden rounded-box"
          style={{ backgroundColor: product.image.placeholder ?? '#e5e7eb' }}
        >
          <img
            {...mediaAttributes(product.image, apiBase, DIALOG_IMAGE_SIZES)}
            width={product.image.width}
            height={product.image.height}
            alt={product.image.alt ?? ''}
            className="size-full object-cover"
            decoding="async"
          />
        </div>
      )}
      <div className="flex flex-col gap-4 p-4">
        <p lang={fallbackLang(product, 'description', langs)}>{product.description}</p>
        <p className="text-sm">
          <span className="font-semibold">{words.allergensLabel}</span>
          {product.allergens.length > 0 ? allergenList(product.allergens) : words.noneDeclared}
        </p>
        {product.optionGroups.map((group) => (
          <OptionFieldset
            key={group.id}
            group={group}
            chosen={selection[group.id] ?? []}
            invalid={tried && missing.some((g) => g.id === group.id)}
            money={money}
            onToggle={toggle}
            langs={langs}
          />
        ))}
        <div className="flex items-center gap-3">
          <span id={`${noteId}-qty`} className="font-medium">
            {words.quantity}
          </span>
          <div className="join" role="group" aria-labelledby={`${noteId}-qty`}>
            <button
              type="button"
              className="btn join-item min-h-11 min-w-11"
              aria-label={words.decrease}
              disabled={quantity <= LIMITS.quantityMin}
              onClick={() => setQuantity((q) => Math.max(LIMITS.quantityMin, q - 1))}
            >
              <Icon path={mdiMinus} />
            </button>
            <input
              type="number"
              inputMode="numeric"
              className="input join-item w-16 min-h-11 text-center tabular-nums"
              aria-label={words.quantity}
              min={LIMITS.quantityMin}
              max={LIMITS.quantityMax}
              value={quantity}
              onChange={(e) => {
                const n = Number.parseInt(e.target.value, 10);
                setQuantity(Number.isNaN(n) ? 1 : Math.min(LIMITS.quantityMax, Math.max(LIMITS.quantityMin, n)));
              }}
            />
            <button
              type="button"
              className="btn join-item min-h-11 min-w-11"
              aria-label={words.increase}
              disabled={quantity >= LIMITS.quantityMax}
              onClick={() => setQuantity((q) => Math.min(LIMITS.quantityMax, q + 1))}
            >
              <Icon path={mdiPlus} />
            </button>
          </div>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={noteId} className="font-medium">
            {words.kitchenNote}
          </label>
          <textarea
            id={noteId}
            className="textarea w-full"
            rows={2}
            maxLength={LIMITS.lineNoteMax}
            value={note}
            onChange={(e) => setNote(e.target.value.slice(0, LIMITS.lineNoteMax))}
            aria-describedby={`${noteId}-count`}
            placeholder={words.notePlaceholder}
          />
          <p id={`${noteId}-count`} className="text-right text-sm text-base-content/80 tabular-nums">
            {note.length}/{LIMITS.lineNoteMax}
            <span className="sr-only">{words.characters}</span>
          </p>
        </div>
      </div>
      <div className="sticky bottom-0 flex flex-col gap-2 border-t border-base-300 bg-base-100 p-4">
        {missing.length > 0 && (
          <p id={`${noteId}-missing`} className="text-sm" role={tried ? 'alert' : undefined}>
            {words.choose({ groups: missing.map((g) => g.name).join(', ') })}
          </p>
        )}
        {!product.available && <p className="text-sm font-semibold">{words.soldOut}</p>}
        {unavailable && (
          <p className="text-sm font-semibold" data-testid="product-unavailable">
            {unavailable}
          </p>
        )}
        <button
          type="submit"
          className="btn btn-primary min-h-12 w-full"
          aria-disabled={!canAdd}
          aria-describedby={missing.length > 0 ? `${noteId}-missing` : undefined}
        >
          {words.addToCart({ price: money(total) })}
        </button>
      </div>
    </form>
  );
}
