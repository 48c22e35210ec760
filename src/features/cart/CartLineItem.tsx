/** One cart line: name, options, note, unit and line price, quantity stepper and remove. */
import { mdiMinus, mdiPlus, mdiTrashCanOutline } from '@mdi/js';
import { LIMITS } from '../../contract/limits.ts';
import { formatMoney } from '../../lib/money.ts';
import { Icon } from '../../shell/Icon.tsx';
import { UserNote } from '../../shell/ui/UserText.tsx';
import { useStore } from '@nanostores/react';
import { lineTotal, type CartLine } from './logic.ts';
import { $livePrices, $soldOut, lineNotice } from './sold-out.ts';
import { cartMessages } from './messages.ts';
import { setLineMessages } from './set-line-messages.ts';
import { ChoiceList } from '../../shell/ui/ChoiceList.tsx';

interface Props {
  line: CartLine;
  currency: string;
  locale: string;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
  /** The diner takes the menu's new price for this line (shown when it changed). */
  onAcceptPrice?: (unitPrice: number) => void;
  /** A set menu's line: reopen its dialog with the choices kept. */
  onEdit?: () => void;
}

export function CartLineItem({ line, currency, locale, onQuantity, onRemove, onAcceptPrice, onEdit }: Props) {
  const money = (minor: number) => formatMoney(minor, currency, locale);
  const words = cartMessages.get();
  const labelId = `line-${hash(line.key)}`;
  // Sold out now, gone from a newer menu (deleted by the venue), or priced differently since it was added.
  const notice = lineNotice(useStore($soldOut), useStore($livePrices), line);
  const soldOut = notice?.kind === 'sold-out';
  const gone = notice?.kind === 'gone';
  const now = notice?.kind === 'price' ? notice.now : null;
  return (
    <li className="py-3" aria-labelledby={labelId} data-testid="cart-line">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p id={labelId} className="font-semibold leading-snug">
            {line.name}
          </p>
          {line.optionNames.length > 0 && <p className="text-sm text-base-content/80">{line.optionNames.join(', ')}</p>}
          <ChoiceList label={setLineMessages.get().choicesOf({ name: line.name })} names={line.choiceNames ?? []} />
          {line.note && (
            <UserNote label={words.note} className="text-sm italic text-base-content/80">
              {line.note}
            </UserNote>
          )}
          <p className="text-sm text-base-content/80">{words.each({ price: money(line.unitPrice) })}</p>
          {soldOut && (
            <p className="mt-1 text-sm font-semibold text-error-strong" data-testid="line-sold-out">
              {words.soldOut}
            </p>
          )}
          {gone && (
            <p className="mt-1 text-sm font-semibold text-error-strong" data-testid="line-gone">
              {words.gone}
            </p>
          )}
          {now !== null && (
            <div className="mt-1 flex flex-wrap items-center gap-x-2">
              <p className="text-sm font-semibold text-error-strong" data-testid="line-price-changed">
                {words.priceChanged({ price: money(now) })}
              </p>
              {onAcceptPrice && (
                <button
                  type="button"
                  className="btn btn-outline btn-sm min-h-11"
                  onClick={() => onAcceptPrice(now)}
                  aria-label={words.usePriceOf({ name: line.name })}
                >
                  {words.usePrice}
                </button>
              )}
            </div>
          )}
        </div>
        <p className="font-semibold whitespace-nowrap" aria-label={words.lineTotal({ price: money(lineTotal(line)) })}>
          {money(lineTotal(line))}
        </p>
      </div>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
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
        {onEdit && line.choices && line.choices.length > 0 && (
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
          type="button"
          className="btn btn-ghost min-h-11 gap-1 text-error-content"
          aria-label={words.removeOf({ name: line.name })}
          onClick={onRemove}
        >
          <Icon path={mdiTrashCanOutline} size={20} />
          <span aria-hidden="true">{words.remove}</span>
        </button>
      </div>
    </li>
  );
}

function hash(text: string): string {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (Math.imul(31, h) + text.charCodeAt(i)) | 0;
  return (h >>> 0).toString(36);
}
