/** The table's shared cart in a modal drawer: every line with who added it, the subtotal and `Enviar a cocina`. */
import { useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { mdiClose } from '@mdi/js';
import { tableMessages } from './messages.ts';
import { formatMoney } from '../../lib/money.ts';
import { Icon } from '../../shell/Icon.tsx';
import { Drawer } from '../../shell/ui/Drawer.tsx';
import { TableLineItem } from './TableLineItem.tsx';
import { SentRound } from './SentRound.tsx';
import { choiceInputs } from './logic.ts';
import { requestLineEdit } from '../cart/index.ts';
import {
  $lastSent,
  $priceChange,
  $sending,
  $tableUi,
  $view,
  closeTableCart,
  dismissPriceChange,
  removeLine,
  sendToKitchen,
  setLineQuantity,
  type TableVenue,
} from './store.ts';

export function TableDrawer({ venue }: { venue: TableVenue }) {
  const ui = useStore($tableUi);
  const view = useStore($view);
  const sending = useStore($sending);
  const priceChange = useStore($priceChange);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [announcement, setAnnouncement] = useState('');
  const words = useStore(tableMessages);
  const money = (minor: number) => formatMoney(minor, venue.currency, venue.locale);
  const lines = view?.lines ?? [];
  const lastSent = useStore($lastSent);
  const sentAt = lastSent ? (view?.rounds ?? []).findIndex((r) => r.id === lastSent) : -1;

  function onClose(opener: HTMLElement | null): void {
    closeTableCart();
    const target = opener?.isConnected ? opener : document.querySelector<HTMLElement>('[data-testid="cart-button"]');
    target?.focus();
  }

  return (
    <Drawer
      open={ui.cart}
      placement="side"
      initialFocus={() => headingRef.current}
      aria-labelledby="table-drawer-title"
      onClose={onClose}
      data-testid="table-drawer"
    >
      {ui.cart && view && (
        <div className="flex h-full flex-col">
          <div className="flex items-center gap-2 border-b border-base-300 px-4 py-2">
            <h2
              id="table-drawer-title"
              ref={headingRef}
              tabIndex={-1}
              className="flex-1 text-xl font-bold outline-none"
            >
              {words.cartTitle}
              <span className="sr-only">, {words.table({ label: view.table })}</span>
            </h2>
            <button
              type="button"
              className="btn btn-ghost btn-square min-h-11 min-w-11"
              aria-label={words.closeCart}
              onClick={closeTableCart}
            >
              <Icon path={mdiClose} />
            </button>
          </div>
          <div className="flex-1 overflow-y-auto px-4">
            <p className="sr-only" role="status" aria-live="polite">
              {announcement}
            </p>
            {lines.length === 0 && sentAt >= 0 && <SentRound round={view.rounds[sentAt]!} index={sentAt} />}
            {lines.length === 0 ? (
              <div className="flex flex-col items-center gap-3 py-12 text-center" data-testid="table-cart-empty">
                <p className="text-lg font-semibold">{words.emptyCart}</p>
                <p className="text-base-content/80">{words.emptyHint({ venue: venue.name })}</p>
                <button type="button" className="btn btn-primary min-h-11" onClick={closeTableCart}>
                  {words.seeMenu}
                </button>
              </div>
            ) : (
              <ul className="divide-y divide-base-300" aria-label={words.lines}>
                {lines.map((line) => (
                  <TableLineItem
                    key={line.id}
                    line={line}
                    mine={line.participantId === view.me.participantId}
                    money={money}
                    onQuantity={(q) => {
                      setLineQuantity(line.id, q);
                      setAnnouncement(words.units(q).replace('{name}', line.name));
                    }}
                    onRemove={() => {
                      removeLine(line.id);
                      setAnnouncement(words.removed({ name: line.name }));
                      headingRef.current?.focus();
                    }}
                    onEdit={() => {
                      closeTableCart();
                      requestLineEdit({
                        productId: line.productId,
                        key: line.id,
                        choices: choiceInputs(line.choices) ?? [],
                        quantity: line.quantity,
                      });
                    }}
                  />
                ))}
              </ul>
            )}
          </div>
          {lines.length > 0 && (
            <div className="border-t border-base-300 px-4 py-3">
              {priceChange && (
                <section
                  className="mb-3 rounded-box border-2 border-warning bg-warning/15 p-3"
                  aria-labelledby="table-price-change"
                  data-testid="price-change"
                  role="alert"
                >
                  <h3 id="table-price-change" className="font-bold">
                    {words.pricesChanged}
                  </h3>
                  <ul className="mt-2 flex flex-col gap-1 text-sm">
                    {priceChange.changes.map((c) => (
                      <li key={`${c.index}-${c.productId}`}>
                        {c.name} ({c.quantity} ×):{' '}
                        {c.expectedUnitPrice !== undefined ? (
                          <>
                            {words.priceBefore} <s>{money(c.expectedUnitPrice)}</s>,{' '}
                          </>
                        ) : null}
                        {words.priceNow} <strong>{money(c.unitPrice)}</strong>
                      </li>
                    ))}
                  </ul>
                  {priceChange.total !== null && (
                    <p className="mt-2 font-semibold">{words.newTotal({ total: money(priceChange.total) })}</p>
                  )}
                  <div className="mt-3 flex flex-wrap gap-2">
                    <button
                      type="button"
                      className="btn btn-primary min-h-11"
                      disabled={sending}
                      onClick={() => void sendToKitchen(priceChange.total ?? undefined)}
                    >
                      {words.acceptAndSend}
                    </button>
                    <button type="button" className="btn btn-ghost min-h-11" onClick={dismissPriceChange}>
                      {words.reviewCart}
                    </button>
                  </div>
                </section>
              )}
              <div className="mb-3 flex items-baseline justify-between text-lg">
                <span>{words.subtotal}</span>
                <span className="font-bold tabular-nums" data-testid="table-subtotal">
                  {money(view.subtotal)}
                </span>
              </div>
              <button
                type="button"
                className="btn btn-primary min-h-12 w-full text-base"
                disabled={sending || Boolean(priceChange)}
                onClick={() => void sendToKitchen()}
              >
                {sending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
                {words.send}
              </button>
            </div>
          )}
        </div>
      )}
    </Drawer>
  );
}
