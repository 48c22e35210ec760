/**
 * One table with an open session: who is there, its open calls (to acknowledge), its rounds, its bill (what is paid,
 * what is left, the diners' payment requests live, «Pagada»), `Cobrar` and `Cerrar mesa`.
 */
import { mdiAccountGroup, mdiBellRing, mdiCashRegister, mdiCheckCircle } from '@mdi/js';
import { BILL_STRINGS, type BillState } from '../../contract/bill.ts';
import { ORDER_STATUS_LABELS as STATUS_LABELS } from '../../contract/labels.ts';
import type { Order } from '../../contract/order.ts';
import type { Course } from '../../contract/venue.ts';
import { productCountText } from '../../contract/labels.ts';
import { TABLE_STRINGS, type StaffTableSession, type TableCall } from '../../contract/table.ts';
import { formatMoney } from '../../lib/money.ts';
import { Icon } from '../../shell/Icon.tsx';
import { NameList, UserText, WithName } from '../../shell/ui/UserText.tsx';
import { formatTime } from '../orders/index.ts';
import { elapsedLabel, voidedText } from './logic.ts';
import type { CardContext } from './OrderCard.tsx';
import { callLabel, callMessage } from './tables.ts';
import { isPaid, onlinePayments, paidOnlineText, pendingRequests, requestText } from './bill.ts';
import { PreBillButton } from './PreBillButton.tsx';

interface Props extends CardContext {
  venueId: string;
  table: StaffTableSession;
  /** Its rounds, freshest copies. */
  rounds: Order[];
  /** Call ids being acknowledged right now. */
  acknowledging: ReadonlySet<string>;
  closing: boolean;
  onAcknowledge: (table: StaffTableSession, call: TableCall) => void;
  onClose: (table: StaffTableSession, trigger: HTMLButtonElement) => void;
  /** Its courses waiting for «Marchar», in the meal's order. */
  heldCourses: Course[];
  /** The course being released right now. */
  firing: Course | null;
  onFire: (table: StaffTableSession, course: Course) => void;
  /** Its bill (undefined until read). */
  bill?: BillState;
  onCharge: (table: StaffTableSession, trigger: HTMLButtonElement) => void;
  /** «Corregir»: void a sent line, invite, discount (docs/rules.md#the-floor). */
  onCorrect: (table: StaffTableSession, trigger: HTMLButtonElement) => void;
}

export function tableHeadingId(label: string): string {
  return `table-card-${label.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

const STATUS_TONE: Partial<Record<Order['status'], string>> = {
  received: 'border-primary-strong text-primary-strong',
  ready: 'border-[#1f6f3a] text-[#1f6f3a]',
  cancelled: 'border-error-strong text-error-strong',
};

export function TableCard({
  venueId,
  table,
  rounds,
  acknowledging,
  closing,
  onAcknowledge,
  onClose,
  heldCourses,
  firing,
  onFire,
  bill,
  onCharge,
  onCorrect,
  now,
  locale,
  timeZone,
}: Props) {
  const headingId = tableHeadingId(table.table);
  const label = TABLE_STRINGS.table(table.table);
  const called = table.calls.length > 0;
  const names = table.participants.map((person) => person.name);
  const paid = isPaid(bill, table.paidAt);
  const requests = pendingRequests(bill);
  const online = onlinePayments(bill);
  const money = (minor: number) => formatMoney(minor, bill?.currency ?? rounds[0]?.currency ?? 'EUR', locale);
  return (
    <article
      aria-labelledby={headingId}
      aria-busy={closing ? true : undefined}
      className={`rounded-box border bg-base-100 p-3 shadow-sm ${called ? 'border-l-4 border-[#8a4a00]' : 'border-base-300'}`}
      data-testid="board-table"
      data-table={table.table}
      data-called={called ? 'true' : undefined}
      data-paid={paid ? 'true' : undefined}
    >
      <header className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h3
          id={headingId}
          tabIndex={-1}
          className="rounded text-2xl font-extrabold outline-none focus-visible:ring-2 focus-visible:ring-primary-strong"
        >
          {label}
        </h3>
        <p className="text-sm text-base-content/80">
          Abierta <time dateTime={table.openedAt}>{elapsedLabel(table.openedAt, now)}</time> ·{' '}
          {formatTime(table.openedAt, locale, timeZone)}
        </p>
      </header>

      <p className="mt-1 flex items-start gap-2" data-testid="board-table-people">
        <Icon path={mdiAccountGroup} size={20} className="mt-0.5 shrink-0" />
        <span className="min-w-0">
          <span className="font-semibold">{names.length === 1 ? '1 persona' : `${names.length} personas`}</span>
          {names.length > 0 && (
            <>
              : <NameList names={names} testId="board-table-person" />
            </>
          )}
        </span>
      </p>

      {table.newGroupAt && (
        <p
          className="mt-2 flex items-center gap-2 rounded-field border border-[#8a4a00] bg-[#fff4d6] p-2 font-bold"
          data-testid="board-table-new-group"
        >
          <Icon path={mdiBellRing} size={22} className="shrink-0 text-[#8a4a00]" />
          {TABLE_STRINGS.newGroupWaiting(table.table)}
        </p>
      )}

      {called && (
        <ul className="mt-2 flex flex-col gap-2" aria-label={`Avisos de la ${label}`}>
          {table.calls.map((call) => {
            const busy = acknowledging.has(call.id);
            return (
              <li
                key={call.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-field border border-[#8a4a00] bg-[#fff4d6] p-2"
                data-testid="board-table-call"
                data-kind={call.kind}
              >
                <p className="flex items-center gap-2">
                  <Icon path={mdiBellRing} size={22} className="shrink-0 text-[#8a4a00]" />
                  <span>
                    <span className="font-bold" data-testid="board-table-call-text">
                      <WithName
                        name={call.by}
                        sentence={(by) => callMessage(table.table, { kind: call.kind, by }, locale)}
                      />
                    </span>
                    <span className="block text-sm">
                      <time dateTime={call.at}>{elapsedLabel(call.at, now)}</time>
                    </span>
                  </span>
                </p>
                <button
                  type="button"
                  // The visible word first (label in name), then which call of which table.
                  aria-label={`Atendido: ${callLabel(call.kind, locale)}, ${label}`}
                  aria-disabled={busy ? true : undefined}
                  className="btn min-h-11 border-0 bg-primary-strong text-white hover:bg-[#006a8c] aria-disabled:cursor-wait aria-disabled:opacity-70"
                  onClick={() => {
                    if (!busy) onAcknowledge(table, call);
                  }}
                >
                  {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
                  Atendido
                </button>
              </li>
            );
          })}
        </ul>
      )}

      <div className="mt-2 border-t border-base-300 pt-2">
        {rounds.length === 0 ? (
          <p className="text-sm text-base-content/80">Todavía no han enviado ninguna ronda.</p>
        ) : (
          <ol className="flex flex-col gap-2" aria-label={`Rondas de la ${label}`}>
            {rounds.map((round, index) => (
              <li key={round.id} data-testid="board-table-round" data-status={round.status}>
                <p className="flex items-baseline justify-between gap-2">
                  <span>
                    <span className="font-semibold">Ronda {index + 1}</span>
                    <span className="text-sm text-base-content/80">
                      {' '}
                      · Pedido <span className="tabular-nums">{round.number}</span>
                    </span>
                  </span>
                  <span className="font-semibold tabular-nums">{formatMoney(round.total, round.currency, locale)}</span>
                </p>
                <p className="mt-0.5">
                  <span className={`badge bg-base-100 ${STATUS_TONE[round.status] ?? 'border-base-300'}`}>
                    {STATUS_LABELS[round.status]}
                  </span>
                </p>
                <ul className="pl-2 text-sm">
                  {round.lines.map((line, lineIndex) => (
                    <li key={lineIndex} data-voided={line.voided ? line.voided : undefined}>
                      {line.voided && line.voided >= line.quantity ? (
                        <s>
                          <span className="tabular-nums">{line.quantity} ×</span> {line.name}
                        </s>
                      ) : (
                        <>
                          <span className="tabular-nums">{line.quantity - (line.voided ?? 0)} ×</span> {line.name}
                        </>
                      )}
                      {line.by && (
                        <span className="text-base-content/80">
                          {' '}
                          · <UserText>{line.by}</UserText>
                        </span>
                      )}
                      {line.guest && (
                        <span className="text-base-content/80" data-testid="board-line-guest">
                          {' '}
                          · para <UserText>{line.guest}</UserText>
                        </span>
                      )}
                      {line.voided ? (
                        <span className="font-semibold text-error-strong"> · {voidedText(line.voided)}</span>
                      ) : null}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        )}
        {table.cartCount > 0 && (
          <p className="mt-1 text-sm text-base-content/80" data-testid="board-table-cart">
            En el carrito, sin enviar: {productCountText(table.cartCount)}
          </p>
        )}
      </div>

      {bill && (bill.total > 0 || Boolean(bill.adjustments?.length)) && (
        <div className="mt-2 border-t border-base-300 pt-2" data-testid="board-table-bill">
          {paid ? (
            <p className="flex items-center gap-2 font-bold text-[#1f6f3a]" data-testid="board-table-paid">
              <Icon path={mdiCheckCircle} size={22} className="shrink-0" />
              {BILL_STRINGS.paid}
              {bill.paid > 0 ? ` · ${money(bill.paid)}` : ''}
            </p>
          ) : (
            <p className="flex flex-wrap justify-between gap-x-3 text-sm" data-testid="board-table-balance">
              <span>
                Cuenta <span className="font-semibold tabular-nums">{money(bill.total)}</span> · Pagado{' '}
                <span className="font-semibold tabular-nums">{money(bill.paid)}</span>
              </span>
              <span className="font-bold">
                Queda <span className="tabular-nums">{money(bill.balance)}</span>
              </span>
            </p>
          )}
          {bill.adjustments?.length ? (
            <ul className="pl-2 text-sm" aria-label={`Invitaciones y descuentos de la ${label}`}>
              {bill.adjustments.map((a) => (
                <li key={a.id} data-testid="board-table-adjustment">
                  {a.name} <span className="font-semibold tabular-nums">−{money(a.amount)}</span>
                </li>
              ))}
            </ul>
          ) : null}
          {online.length > 0 && (
            <ul className="mt-2 flex flex-col gap-1" aria-label={`Pagos desde el móvil de la ${label}`}>
              {online.map((payment) => (
                <li
                  key={payment.id}
                  className="flex items-start gap-2 rounded-field border border-base-300 p-2 font-semibold"
                  data-testid="board-table-paid-online"
                >
                  <Icon path={mdiCashRegister} size={20} className="mt-0.5 shrink-0 text-primary-strong" />
                  <span>
                    <WithName
                      name={payment.by}
                      sentence={(by) => paidOnlineText(table.table, { ...payment, by }, bill.currency, locale)}
                    />
                  </span>
                </li>
              ))}
            </ul>
          )}
          {requests.length > 0 && (
            <ul className="mt-2 flex flex-col gap-1" aria-label={`Solicitudes de pago de la ${label}`}>
              {requests.map((request) => (
                <li
                  key={request.id}
                  className="flex items-start gap-2 rounded-field border border-primary-strong bg-[#e6f4f9] p-2 font-semibold"
                  data-testid="board-table-request"
                >
                  <Icon path={mdiCashRegister} size={20} className="mt-0.5 shrink-0 text-primary-strong" />
                  <span>
                    <WithName
                      name={request.by}
                      sentence={(by) => requestText(table.table, { ...request, by }, bill.currency, locale)}
                    />
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}

      <div className="mt-3 flex flex-wrap justify-end gap-2">
        {rounds.length > 0 && (
          <button
            type="button"
            data-testid="board-table-correct"
            aria-label={`Corregir, ${label}`}
            className="btn btn-outline min-h-11"
            onClick={(event) => onCorrect(table, event.currentTarget)}
          >
            Corregir
          </button>
        )}
        {bill && bill.balance > 0 && <PreBillButton venueId={venueId} table={table.table} />}
        {bill && bill.balance > 0 && (
          <button
            type="button"
            data-testid="board-table-charge"
            aria-label={`Cobrar, ${label}`}
            className="btn min-h-11 border-0 bg-primary-strong text-white hover:bg-[#006a8c]"
            onClick={(event) => onCharge(table, event.currentTarget)}
          >
            Cobrar
          </button>
        )}
        {heldCourses.map((course) => (
          <button
            key={course}
            type="button"
            data-testid="board-table-fire"
            aria-label={`Marchar ${course}, ${label}`}
            aria-disabled={firing === course ? true : undefined}
            className="btn min-h-11 border-0 bg-primary-strong text-white hover:bg-[#006a8c] aria-disabled:cursor-wait aria-disabled:opacity-70"
            onClick={() => {
              if (firing !== course) onFire(table, course);
            }}
          >
            {firing === course && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            Marchar {course}
          </button>
        ))}
        <button
          type="button"
          aria-label={`${TABLE_STRINGS.close}, ${label}`}
          aria-disabled={closing ? true : undefined}
          className="btn btn-outline min-h-11 border-error-strong text-error-strong hover:bg-error-strong hover:text-white aria-disabled:cursor-wait aria-disabled:opacity-70"
          onClick={(event) => {
            if (!closing) onClose(table, event.currentTarget);
          }}
        >
          {closing && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {TABLE_STRINGS.close}
        </button>
      </div>
    </article>
  );
}
