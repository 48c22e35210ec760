/** One line of the table cart: who added it; your own lines have a quantity stepper, removing someone else's asks first. */
import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { mdiMinus, mdiPlus, mdiTrashCanOutline } from '@mdi/js';
import { LIMITS } from '../../contract/limits.ts';
import { Icon } from '../../shell/Icon.tsx';
import { UserNote, UserText } from '../../shell/ui/UserText.tsx';
import { $livePrices, $menuNames, $soldOut, lineNotice, setLineMessages } from '../cart/index.ts';
import { choiceInputs, type ViewLine } from './logic.ts';
import { ChoiceList, choiceText } from '../../shell/ui/ChoiceList.tsx';
import { tableMessages } from './messages.ts';

interface Props {
  line: ViewLine;
  mine: boolean;
  money: (minor: number) => string;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
  /** My set menu's line: reopen its dialog with the choices kept. */
  onEdit?: () => void;
}

export function TableLineItem({ line: shared, mine, money, onQuantity, onRemove, onEdit }: Props) {
  // The dish's and options' names of this page's language (the table's cart holds the adder's).
  const names = useStore($menuNames);
  const line = {
    ...shared,
    name: names.get(shared.productId) ?? shared.name,
    options: shared.options.map((o) => ({ ...o, name: names.get(`${shared.productId}/${o.id}`) ?? o.name })),
  };
  const [confirming, setConfirming] = useState(false);
  const words = useStore(tableMessages);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const removeRef = useRef<HTMLButtonElement>(null);
  const labelId = `table-line-${line.id}`;
  // As the diner's own cart flags its lines: sold out, gone from the menu, or a new price (the round is priced by the API when sent).
  const notice = lineNotice(useStore($soldOut), useStore($livePrices), {
    ...line,
    choices: choiceInputs(line.choices),
  });
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);
  const cancel = () => {
    setConfirming(false);
    setTimeout(() => removeRef.current?.focus(), 0);
  };
  return (
    <li className="py-3" aria-labelledby={labelId} data-testid="table-line" data-mine={mine}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p id={labelId} className="font-semibold leading-snug">
            {line.name}
          </p>
          {line.options.length > 0 && (
            <p className="text-sm text-base-content/80">{line.options.map((o) => o.name).join(', ')}</p>
          )}
          <ChoiceList
            label={setLineMessages.get().choicesOf({ name: line.name })}
            names={(line.choices ?? []).map(choiceText)}
          />
          {line.note && (
            <UserNote label={words.note} className="text-sm italic text-base-content/80" testId="line-note">
              {line.note}
            </UserNote>
          )}
          <p className="text-sm" data-testid="line-by">
            {words.addedBy}
            <UserText>{line.by}</UserText>
            {mine ? words.you : ''}
          </p>
          {!mine && (
            <p className="text-sm text-base-content/80">
              {line.quantity} × {money(line.unitPrice)}
            </p>
          )}
          {line.pending && <p className="text-xs text-base-content/80">{words.pending}</p>}
          {notice?.kind === 'sold-out' && (
            <p className="mt-1 text-sm font-semibold text-error-strong" data-testid="line-sold-out">
              {words.soldOut}
            </p>
          )}
          {notice?.kind === 'gone' && (
            <p className="mt-1 text-sm font-semibold text-error-strong" data-testid="line-gone">
              {words.gone}
            </p>
          )}
          {notice?.kind === 'price' && (
            <p className="mt-1 text-sm font-semibold text-error-strong" data-testid="line-price-changed">
              {words.priceChanged({ price: money(notice.now) })}
            </p>
          )}
        </div>
        <p className="font-semibold whitespace-nowrap" aria-label={words.lineTotal({ price: money(line.lineTotal) })}>
          {money(line.lineTotal)}
        </p>
      </div>
      {confirming ? (
        <div
          role="group"
          aria-label={words.confirmRemove({ name: line.name })}
          className="mt-2 rounded-box bg-warning/20 p-2"
          data-testid="confirm-remove"
        >
          <p className="text-sm font-medium">
            {words.removeQuestion({ name: line.name })}
            <UserText>{line.by}</UserText>.
          </p>
          <div className="mt-2 flex gap-2">
            <button
              ref={confirmRef}
              type="button"
              className="btn btn-error min-h-11"
              onClick={() => {
                setConfirming(false);
                onRemove();
              }}
            >
              {words.yesRemove}
            </button>
            <button type="button" className="btn btn-ghost min-h-11" onClick={cancel}>
              {words.cancel}
            </button>
          </div>
        </div>
      ) : (
        <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
          {mine ? (
            <div className="flex items-center gap-1" role="group" aria-label={words.quantityOf({ name: line.name })}>
              <button
                type="button"
                className="btn btn-outline btn-square min-h-11 min-w-11"
                aria-label={words.lessOf({ name: line.name })}
                disabled={line.quantity <= LIMITS.quantityMin}
                onClick={() => onQuantity(line.quantity - 1)}
              >
                <Icon path={mdiMinus} size={20} />
              </button>
              <span className="min-w-8 text-center text-lg font-semibold tabular-nums" data-testid="line-quantity">
                {line.quantity}
              </span>
              <button
                type="button"
                className="btn btn-outline btn-square min-h-11 min-w-11"
                aria-label={words.moreOf({ name: line.name })}
                disabled={line.quantity >= LIMITS.quantityMax}
                onClick={() => onQuantity(line.quantity + 1)}
              >
                <Icon path={mdiPlus} size={20} />
              </button>
            </div>
          ) : (
            <span />
          )}
          {mine && onEdit && line.choices && line.choices.length > 0 && (
            <button
              type="button"
              className="btn btn-ghost min-h-11"
              aria-label={setLineMessages.get().editOf({ name: line.name })}
              onClick={onEdit}
            >
              <span aria-hidden="true">{setLineMessages.get().edit}</span>
            </button>
          )}
          <button
            ref={removeRef}
            type="button"
            className="btn btn-ghost min-h-11 gap-1"
            aria-label={words.removeOf({ name: line.name, by: line.by })}
            onClick={() => (mine ? onRemove() : setConfirming(true))}
          >
            <Icon path={mdiTrashCanOutline} size={20} />
            <span aria-hidden="true">{words.remove}</span>
          </button>
        </div>
      )}
    </li>
  );
}
