/** One order on the board: what to cook and for whom, how long it has waited, and its legal next steps. */
import type { ReactNode } from 'react';
import type { Order, OrderStatus } from '../../contract/order.ts';
import { formatMoney } from '../../lib/money.ts';
import {
  ORDER_MODE_LABELS as MODE_LABELS,
  PAYMENT_METHOD_LABELS as PAYMENT_LABELS,
  orderStatusLabel,
} from '../../contract/labels.ts';
import { formatTime } from '../orders/index.ts';
import { choiceText } from '../../shell/ui/ChoiceList.tsx';
import { UserNote, UserText } from '../../shell/ui/UserText.tsx';
import {
  elapsedLabel,
  foreignLanguage,
  isLate,
  nextActions,
  statusSince,
  type BoardAction,
  voidedText,
} from './logic.ts';
import { languageOf } from '../../contract/languages.ts';
import { ReadyByButton } from './ReadyByButton.tsx';

export interface CardContext {
  now: number;
  locale: string;
  timeZone?: string;
}

interface Props extends CardContext {
  order: Order;
  /** The status being requested for this order right now, if any. */
  pending: OrderStatus | null;
  onAction: (order: Order, action: BoardAction, trigger: HTMLButtonElement) => void;
  /** «Reimprimir» and «Imprimir» (src/features/kitchen/PrintTools.tsx). */
  tools?: ReactNode;
  /** The venue's own language (`languages[0]`): an order in another gets its tag. */
  venueLanguage?: string;
}

export function cardHeadingId(orderId: string): string {
  return `order-card-${orderId}`;
}

export function where(order: Order): string {
  const mode = MODE_LABELS[order.mode];
  if (order.mode === 'table' && order.table) return `${mode} · Mesa ${order.table}`;
  return mode;
}

/** A round of a table session: its customer is the table itself (`Mesa {label}`). */
function isTableRound(order: Order): boolean {
  return order.mode === 'table' && order.customer.name === `Mesa ${order.table}`;
}

const BUTTON_TONE: Record<BoardAction['tone'], string> = {
  primary: 'btn border-0 bg-primary-strong text-white hover:bg-[#006a8c]',
  danger: 'btn btn-outline border-error-strong text-error-strong hover:bg-error-strong hover:text-white',
};

/** The diner's language as the staff read it (the board is in Spanish). */
const LANGUAGE_NAMES_ES: Record<string, string> = {
  en: 'inglés',
  fr: 'francés',
  de: 'alemán',
  it: 'italiano',
  pt: 'portugués',
  ca: 'catalán',
  es: 'español',
};

export function OrderCard({ order, pending, onAction, now, locale, timeZone, tools, venueLanguage }: Props) {
  const headingId = cardHeadingId(order.id);
  const late = isLate(order, now);
  const actions = nextActions(order.status, order.mode);
  const money = (minor: number) => formatMoney(minor, order.currency, locale);
  const foreign = foreignLanguage(order, venueLanguage ?? languageOf(locale));
  return (
    <article
      aria-labelledby={headingId}
      aria-busy={pending ? true : undefined}
      className={`rounded-box border bg-base-100 p-3 shadow-sm ${late ? 'border-error-strong border-l-4' : 'border-base-300'}`}
      data-testid="board-order"
      data-order-id={order.id}
      data-status={order.status}
    >
      <header className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h3
          id={headingId}
          tabIndex={-1}
          className="text-2xl font-extrabold tabular-nums outline-none focus-visible:ring-2 focus-visible:ring-primary-strong rounded"
        >
          <span className="sr-only">Pedido </span>
          {order.number}
        </h3>
        <p className="text-sm">
          <time dateTime={order.createdAt} className={late ? 'font-bold text-error-strong' : 'text-base-content/80'}>
            {elapsedLabel(order.createdAt, now)}
          </time>
          <span className="text-base-content/80"> · {formatTime(order.createdAt, locale, timeZone)}</span>
        </p>
      </header>
      <p className="mt-1 font-semibold" data-testid="board-order-where">
        {where(order)}
        {/* The diner ordered in another language: their notes are in it (docs/architecture.md#languages). */}
        {foreign && (
          <span
            className="badge badge-sm badge-outline ml-2 uppercase"
            data-testid="board-order-language"
            title={`Cliente en ${LANGUAGE_NAMES_ES[foreign] ?? foreign}`}
          >
            <span aria-hidden="true">{foreign}</span>
            <span className="sr-only">{`Cliente en ${LANGUAGE_NAMES_ES[foreign] ?? foreign}`}</span>
          </span>
        )}
      </p>
      {order.mode === 'delivery' && order.customer.address && (
        <UserNote className="text-sm" testId="board-order-address">
          {order.customer.address}
        </UserNote>
      )}
      {/* A table round is named after its table, already said above. */}
      {!isTableRound(order) && (
        <p className="text-sm">
          <UserText testId="board-order-customer">{order.customer.name}</UserText>
          {order.mode !== 'table' && order.customer.phone && (
            <span className="text-base-content/80"> · Tel. {order.customer.phone}</span>
          )}
        </p>
      )}
      <ul
        className="mt-2 flex flex-col gap-1 border-t border-base-300 pt-2"
        aria-label={`Productos del pedido ${order.number}`}
      >
        {order.lines.map((line, index) => (
          <li key={index} data-voided={line.voided ? line.voided : undefined}>
            <p className="font-medium">
              {/* A voided quantity (docs/rules.md#the-floor) is struck through and said in words. */}
              {(line.voided ?? 0) >= line.quantity ? (
                <s>
                  <span className="tabular-nums">{line.quantity} ×</span> {line.name}
                </s>
              ) : (
                <>
                  <span className="tabular-nums">{line.quantity - (line.voided ?? 0)} ×</span> {line.name}
                </>
              )}
              {line.voided ? (
                <span className="font-semibold text-error-strong"> · {voidedText(line.voided)}</span>
              ) : null}
              {/* Who at the table asked for it (table rounds): the plate goes to that person. */}
              {line.by && (
                <span className="font-normal text-base-content/80">
                  {' '}
                  · <UserText testId="board-line-by">{line.by}</UserText>
                </span>
              )}
            </p>
            {line.options.length > 0 && (
              <p className="pl-5 text-sm text-base-content/80">
                {line.options.map((option) => option.name).join(', ')}
              </p>
            )}
            {line.choices && line.choices.length > 0 && (
              <p className="pl-5 text-sm text-base-content/80" data-testid="board-line-choices">
                {line.choices.map(choiceText).join(' · ')}
              </p>
            )}
            {line.note && (
              <UserNote
                label="Nota:"
                className="pl-5 text-sm font-semibold text-[#8a4a00]"
                testId="board-line-note"
                lang={foreign}
              >
                {line.note}
              </UserNote>
            )}
          </li>
        ))}
      </ul>
      {order.note && (
        <UserNote
          label={<span className="font-semibold">Nota del pedido:</span>}
          className="mt-2 rounded-field bg-[#fff4d6] px-2 py-1 text-sm"
          testId="board-order-note"
          lang={foreign}
        >
          {order.note}
        </UserNote>
      )}
      <p className="mt-2 flex justify-between gap-2 border-t border-base-300 pt-2">
        <span className="text-sm">{order.payment ? PAYMENT_LABELS[order.payment] : ''}</span>
        <span className="font-bold tabular-nums" data-testid="board-order-total">
          {money(order.total)}
        </span>
      </p>
      {actions.length > 0 && (
        <div className="mt-3 flex flex-wrap gap-2">
          {actions.map((action) => (
            <button
              key={action.to}
              type="button"
              // Starts with the visible words (label in name), then says which order.
              aria-label={`${action.label}, pedido ${order.number}`}
              className={`${BUTTON_TONE[action.tone]} min-h-11 ${action.tone === 'primary' ? 'flex-1' : ''} aria-disabled:cursor-wait aria-disabled:opacity-70`}
              // aria-disabled, not disabled: the focus stays on the button while the change is sent.
              aria-disabled={pending !== null ? true : undefined}
              onClick={(event) => {
                if (pending === null) onAction(order, action, event.currentTarget);
              }}
            >
              {pending === action.to && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              {action.label}
            </button>
          ))}
        </div>
      )}
      {/* After the next step: Tab from the card reaches that first. */}
      <ReadyByButton order={order} />
      {tools}
    </article>
  );
}

/** A finished order in the collapsed list: number, outcome and when. */
export function DoneRow({ order, locale, timeZone }: { order: Order } & Omit<CardContext, 'now'>) {
  const since = statusSince(order);
  return (
    <li
      className="flex flex-wrap items-baseline gap-x-3 gap-y-1 border-b border-base-300 py-2 last:border-b-0"
      data-testid="board-done-order"
      data-status={order.status}
    >
      <span className="font-bold tabular-nums">{order.number}</span>
      <span
        className={`badge ${order.status === 'cancelled' ? 'border-error-strong text-error-strong' : 'border-base-300'} bg-base-100`}
      >
        {orderStatusLabel(order.status, order.mode)}
      </span>
      <span className="min-w-0 text-sm">
        <UserText>{order.customer.name}</UserText> · {where(order)}
      </span>
      <span className="ml-auto text-sm text-base-content/80">
        <time dateTime={since}>{formatTime(since, locale, timeZone)}</time> ·{' '}
        {formatMoney(order.total, order.currency, locale)}
      </span>
    </li>
  );
}
