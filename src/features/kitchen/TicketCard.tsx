/** One ticket on the kitchen display: order number, table or customer, age in colour and words, lines, «Listo». */
import type { KeyboardEvent, ReactNode } from 'react';
import { COURSE_LABELS, type Ticket, type TicketLine } from '../../contract/kitchen.ts';
import { VOIDED_MARK } from '../../contract/corrections.ts';
import { ORDER_MODE_LABELS } from '../../contract/labels.ts';
import { UserNote, UserText } from '../../shell/ui/UserText.tsx';
import {
  AGE_TONE_WORDS,
  ageText,
  ageTone,
  arrivedAt,
  minutesSince,
  type AgeThresholds,
  type AgeTone,
} from './logic.ts';

/** The card's band by age; every pair has at least 4.5:1 contrast (docs/rules.md#the-kitchen). */
const BAND: Record<AgeTone, string> = {
  fresh: 'bg-base-200 text-base-content',
  late: 'bg-[#ffd27a] text-[#3d2600]',
  urgent: 'bg-error-strong text-white',
};
const BORDER: Record<AgeTone, string> = {
  fresh: 'border-base-300',
  late: 'border-[#b36b00]',
  urgent: 'border-error-strong',
};

/** A line whose whole quantity was voided after it was sent (docs/rules.md#the-floor). */
const voidedWhole = (line: TicketLine) => (line.voided ?? 0) >= line.quantity;

/** «ANULADO» beside what is struck through: the word, not the strike alone, says it. */
function VoidedMark() {
  return (
    <strong className="rounded-field bg-error-strong px-2 text-base font-extrabold tracking-wide text-white">
      {VOIDED_MARK}
    </strong>
  );
}

export const ticketHeadingId = (id: string) => `ticket-${id.replace(/[^A-Za-z0-9_-]/g, '_')}`;

interface Props {
  ticket: Ticket;
  now: number;
  thresholds: AgeThresholds;
  busy: boolean;
  onBump: (ticket: Ticket) => void;
  /** Arrow keys on «Listo» move between tickets. */
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
  /** «Reimprimir» and «Imprimir» (PrintTools.tsx). */
  tools?: ReactNode;
}

export function TicketCard({ ticket, now, thresholds, busy, onBump, onKeyDown, tools }: Props) {
  const minutes = minutesSince(arrivedAt(ticket), now);
  const tone = ageTone(minutes, thresholds);
  const headingId = ticketHeadingId(ticket.id);
  return (
    <article
      aria-labelledby={headingId}
      aria-busy={busy ? true : undefined}
      data-ticket-card=""
      data-testid="kitchen-ticket"
      data-order={ticket.orderNumber}
      data-tone={tone}
      className={`flex h-full flex-col overflow-hidden rounded-box border-2 bg-base-100 shadow-sm has-[button:focus-visible]:ring-4 has-[button:focus-visible]:ring-primary-strong has-[button:focus-visible]:ring-offset-2 ${BORDER[tone]}`}
    >
      <header className={`flex flex-wrap items-baseline justify-between gap-x-3 px-3 py-2 ${BAND[tone]}`}>
        <h2 id={headingId} className="text-2xl font-extrabold leading-tight">
          <span className="sr-only">Pedido </span>
          {ticket.orderNumber}
        </h2>
        <p className="text-base font-bold" data-testid="kitchen-ticket-age">
          <span className="tabular-nums">{ageText(minutes)}</span> · {AGE_TONE_WORDS[tone]}
        </p>
        <p className="w-full text-base font-semibold" data-testid="kitchen-ticket-who">
          {ticket.table ? `Mesa ${ticket.table}` : <UserText>{ticket.customer}</UserText>}
          <span className="font-normal"> · {ORDER_MODE_LABELS[ticket.mode]}</span>
          {ticket.course && (
            <span className="font-bold" data-testid="kitchen-ticket-course">
              {' '}
              · {COURSE_LABELS[ticket.course]}
            </span>
          )}
        </p>
      </header>
      <ul
        className="flex flex-1 flex-col gap-2 px-3 py-2 text-lg"
        aria-label={`Platos del pedido ${ticket.orderNumber}`}
      >
        {ticket.lines.map((line, index) => (
          <li key={index} data-testid="kitchen-ticket-line">
            {line.course && line.course !== ticket.course && (
              <p
                className="text-xs font-bold uppercase tracking-wide text-base-content/80"
                data-testid="kitchen-line-course"
              >
                {COURSE_LABELS[line.course]}
              </p>
            )}
            {voidedWhole(line) ? (
              <p data-testid="kitchen-line-voided">
                <s className="decoration-2">
                  <span className="font-extrabold tabular-nums">{line.quantity} ×</span> {line.name}
                </s>{' '}
                <VoidedMark />
              </p>
            ) : (
              <p>
                <span className="font-extrabold tabular-nums">{line.quantity - (line.voided ?? 0)} ×</span>{' '}
                <span className="font-semibold">{line.name}</span>
                {line.by && (
                  <span className="text-base text-base-content/80">
                    {' '}
                    · <UserText>{line.by}</UserText>
                  </span>
                )}
              </p>
            )}
            {/* What changes the dish, emphasised: the options in bold on a bar, the note boxed. */}
            {line.options.length > 0 && (
              <ul
                className="ml-2 border-l-4 border-primary-strong pl-2 text-base font-bold"
                data-testid="kitchen-line-options"
              >
                {line.options.map((option, i) => (
                  <li key={i}>{option}</li>
                ))}
              </ul>
            )}
            {line.note && (
              <UserNote
                testId="kitchen-line-note"
                label={<span className="font-extrabold uppercase">Nota:</span>}
                className="mt-1 ml-2 rounded-field border-2 border-[#b36b00] bg-[#fff4d6] px-2 text-base font-bold text-[#3d2600]"
              >
                {line.note}
              </UserNote>
            )}
            {line.voided && !voidedWhole(line) ? (
              <p className="text-base" data-testid="kitchen-line-voided">
                <s className="decoration-2">
                  <span className="font-extrabold tabular-nums">{line.voided} ×</span> {line.name}
                </s>{' '}
                <VoidedMark />
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      <div className="flex flex-col gap-2 px-3 pb-3">
        {tools}
        <button
          type="button"
          // The visible word first (label in name), then which order.
          aria-label={`Listo, pedido ${ticket.orderNumber}`}
          aria-disabled={busy ? true : undefined}
          data-ticket-button=""
          onKeyDown={onKeyDown}
          className="btn h-auto min-h-12 w-full border-0 bg-[#1f6f3a] text-xl text-white hover:bg-[#175a2e] aria-disabled:cursor-wait aria-disabled:opacity-70"
          onClick={() => {
            if (!busy) onBump(ticket);
          }}
        >
          {busy && <span className="loading loading-spinner" aria-hidden="true" />}
          Listo
        </button>
      </div>
    </article>
  );
}
