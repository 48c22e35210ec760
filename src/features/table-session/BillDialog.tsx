/**
 * `Cuenta de la mesa` (docs/rules.md#the-bill), loaded when first opened (BillDialogLazy.tsx): the table's
 * balance live (total, paid, waiting for the staff, by whom, what is left unassigned, «Pagada»), and
 * `Pagar mi parte` by dishes (a dish may be shared), in equal parts or any amount, with a tip on one's own
 * part and the method; then «Esperando al personal…», «Pagado» and the receipt's link. Below, the rounds
 * and each person's total. Every amount is integer minor units; the server decides them. The form
 * of `Pagar mi parte` is PayForm.tsx.
 */
import { useRef, useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { mdiCheckCircle, mdiClockOutline, mdiClose } from '@mdi/js';
import type { TableBill } from '../../contract/bill.ts';
import { orderMessages } from '../orders/index.ts';
import { formatMoney } from '../../lib/money.ts';
import { Icon } from '../../shell/Icon.tsx';
import { ChoiceList, choiceText } from '../../shell/ui/ChoiceList.tsx';
import { setLineMessages } from '../cart/index.ts';
import { UserText, WithName } from '../../shell/ui/UserText.tsx';
import { Drawer } from '../../shell/ui/Drawer.tsx';
import { toast } from '../../shell/toast.ts';
import { billMessages } from './bill-messages.ts';
import { PayForm } from './PayForm.tsx';
import { GuestOf, Named } from './PayItems.tsx';
import { billInPageLanguage } from './bill-language.ts';
import { receiptPath } from '../../lib/saved-receipts.ts';
import { $menuNames } from '../cart/index.ts';
import { perPersonShows } from './logic.ts';
import { $bill, $myRequests, $tableUi, $view, closeBill, loadBill, withdrawPayment, type TableVenue } from './store.ts';

type Words = ReturnType<typeof billMessages.get>;

export default function BillDialog({ venue }: { venue: TableVenue }) {
  const ui = useStore($tableUi);
  const bill = useStore($bill);
  const t = useStore(billMessages);
  // Named and written in the page's language, as its menu (the venue's locale here is the page's).
  const names = useStore($menuNames);
  const headingRef = useRef<HTMLHeadingElement>(null);

  function onClose(opener: HTMLElement | null): void {
    closeBill();
    if (opener?.isConnected) opener.focus();
  }

  let body: ReactNode = null;
  if (bill.state === 'loading' || bill.state === 'idle') {
    body = (
      <p role="status" className="py-8 text-center">
        {t.loading}
      </p>
    );
  } else if (bill.state === 'failed') {
    body = (
      <div role="alert" className="py-6">
        <p>{bill.message}</p>
        <button type="button" className="btn mt-3 min-h-11" onClick={() => void loadBill()}>
          {t.retry}
        </button>
      </div>
    );
  } else if (bill.state === 'ready') {
    body = <BillBody bill={billInPageLanguage(bill.bill, names, venue.locale)} t={t} />;
  }

  return (
    <Drawer
      open={ui.bill}
      placement="sheet"
      initialFocus={() => headingRef.current}
      aria-labelledby="bill-title"
      onClose={onClose}
      data-testid="bill-dialog"
      data-currency={venue.currency}
    >
      {ui.bill && (
        <div className="modal-box max-h-[92dvh] p-4 sm:max-w-lg">
          <div className="flex items-center gap-2">
            <h2 id="bill-title" ref={headingRef} tabIndex={-1} className="flex-1 text-xl font-bold outline-none">
              {t.title}
            </h2>
            <button
              type="button"
              className="btn btn-ghost btn-square min-h-11 min-w-11"
              aria-label={t.close}
              onClick={closeBill}
            >
              <Icon path={mdiClose} />
            </button>
          </div>
          {body}
        </div>
      )}
    </Drawer>
  );
}

function BillBody({ bill, t }: { bill: TableBill; t: Words }) {
  const view = useStore($view);
  const myRequests = useStore($myRequests);
  const money = (minor: number) => formatMoney(minor, bill.currency, bill.locale);
  const me = view?.me.participantId ?? '';
  const mine = new Set(myRequests[bill.sessionId] ?? []);
  const myPending = bill.requests.filter((r) => r.status === 'pending' && (r.participantId === me || mine.has(r.id)));
  // Asked of the staff from this phone, or paid from it (docs/rules.md#paying-from-the-phone).
  const myPayments = bill.payments.filter((p) =>
    p.requestId !== undefined ? mine.has(p.requestId) : p.participantId !== undefined && p.participantId === me,
  );
  const tablePaid = Boolean(bill.paidAt) || (bill.total > 0 && bill.balance === 0);
  const statusRef = useRef<HTMLDivElement>(null);
  const formHeadingRef = useRef<HTMLHeadingElement>(null);

  return (
    <div className="flex flex-col gap-4 py-3">
      <Balance bill={bill} t={t} money={money} tablePaid={tablePaid} />
      {!tablePaid && bill.total > 0 && (
        // Stays in sight while the diner scrolls the dishes (docs/rules.md#the-bill: what is left unassigned is always visible).
        <p
          className="sticky -top-4 z-10 -my-2 rounded-box border border-base-300 bg-base-100 px-3 py-2 font-semibold shadow-sm"
          data-testid="bill-unassigned"
        >
          {t.unassigned({ amount: money(bill.unassigned) })}
        </p>
      )}
      <div
        ref={statusRef}
        tabIndex={-1}
        className="flex flex-col gap-3 outline-none"
        role="status"
        data-testid="bill-my-status"
      >
        {myPending.map((r) => (
          <PendingRequest
            key={r.id}
            id={r.id}
            amount={money(r.amount)}
            tip={money(r.tip)}
            method={r.method}
            t={t}
            onWithdrawn={() => afterPaint(() => formHeadingRef.current?.focus())}
          />
        ))}
        {myPayments.map((p) => (
          <div key={p.id} className="rounded-box border border-success bg-success/10 p-3" data-testid="bill-my-payment">
            <p className="flex items-center gap-2 text-lg font-bold">
              <Icon path={mdiCheckCircle} size={24} className="text-success" />
              {t.paid}
            </p>
            <p className="text-sm">{t.paidHint({ amount: money(p.amount), tip: money(p.tip) })}</p>
            <a className="link mt-1 inline-flex min-h-11 items-center font-semibold" href={receiptPath(p.receiptId)}>
              {t.receipt}
            </a>
          </div>
        ))}
      </div>
      {!tablePaid && myPending.length === 0 && bill.total > 0 && (
        <PayForm
          key={bill.sessionId}
          bill={bill}
          t={t}
          money={money}
          people={view?.participants.length ?? 1}
          myName={view?.me.name ?? ''}
          again={myPayments.length > 0}
          headingRef={formHeadingRef}
          onSent={() => afterPaint(() => statusRef.current?.focus())}
        />
      )}
      <Rounds bill={bill} t={t} money={money} />
    </div>
  );
}

function Balance({
  bill,
  t,
  money,
  tablePaid,
}: {
  bill: TableBill;
  t: Words;
  money: (n: number) => string;
  tablePaid: boolean;
}) {
  return (
    <section aria-labelledby="bill-balance-title" className="rounded-box bg-base-200 p-3" data-testid="bill-balance">
      <h3 id="bill-balance-title" className="sr-only">
        {t.balanceTitle}
      </h3>
      {tablePaid && (
        <p className="mb-2 flex items-center gap-2 text-xl font-bold" data-testid="bill-paid">
          <Icon path={mdiCheckCircle} size={28} className="text-success" />
          <span>{t.tablePaid}</span>
          <span className="sr-only">: {t.tablePaidHint}</span>
        </p>
      )}
      <dl className="flex flex-col gap-0.5">
        {/* Invitations and discounts, each its own line, as staff named them (docs/rules.md#the-floor). */}
        {(bill.adjustments ?? []).map((a) => (
          <div key={a.id} className="flex justify-between gap-2" data-testid="bill-adjustment">
            <dt>{a.name}</dt>
            <dd className="tabular-nums">−{money(a.amount)}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-2">
          <dt>{t.total}</dt>
          <dd className="tabular-nums" data-testid="bill-total">
            {money(bill.total)}
          </dd>
        </div>
        <div className="flex justify-between gap-2">
          <dt>{t.paidSoFar}</dt>
          <dd className="tabular-nums" data-testid="bill-paid-amount">
            {money(bill.paid)}
          </dd>
        </div>
        {bill.pending > 0 && (
          <div className="flex justify-between gap-2">
            <dt>{t.pending}</dt>
            <dd className="tabular-nums" data-testid="bill-pending">
              {money(bill.pending)}
            </dd>
          </div>
        )}
        <div className="flex justify-between gap-2 text-lg font-bold">
          <dt>{t.balance}</dt>
          <dd className="tabular-nums" data-testid="bill-balance-amount">
            {money(bill.balance)}
          </dd>
        </div>
      </dl>
      {(bill.payments.length > 0 || bill.requests.length > 0) && (
        <ul className="mt-2 flex flex-col gap-1 border-t border-base-300 pt-2 text-sm" data-testid="bill-who">
          {bill.payments.map((p) => (
            <li key={p.id} className="flex items-center gap-2">
              <Icon path={mdiCheckCircle} size={18} className="shrink-0 text-success" />
              <Named name={p.by ?? t.staff} text={(name) => t.whoPaid({ name, amount: money(p.amount) })} />
            </li>
          ))}
          {bill.requests.map((r) => (
            <li key={r.id} className="flex items-center gap-2">
              <Icon path={mdiClockOutline} size={18} className="shrink-0" />
              <Named name={r.by ?? ''} text={(name) => t.whoPays({ name, amount: money(r.amount) })} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** After the next paint (what to focus is rendered by then). */
const afterPaint = (fn: () => void) => requestAnimationFrame(() => requestAnimationFrame(fn));

function PendingRequest({
  id,
  amount,
  tip,
  method,
  t,
  onWithdrawn,
}: {
  id: string;
  amount: string;
  tip: string;
  method: 'card' | 'cash';
  t: Words;
  onWithdrawn: () => void;
}) {
  const [busy, setBusy] = useState(false);
  async function withdraw(): Promise<void> {
    setBusy(true);
    const result = await withdrawPayment(id);
    setBusy(false);
    if (result.ok) {
      toast.info(t.withdrawn, { id: 'bill-withdrawn' });
      onWithdrawn();
    } else {
      toast.error(result.message, { id: 'bill-withdraw-error' });
    }
  }
  return (
    <div className="rounded-box border border-warning bg-warning/15 p-3" data-testid="bill-my-request">
      <p className="flex items-center gap-2 text-lg font-bold">
        <Icon path={mdiClockOutline} size={24} />
        {t.waiting}
      </p>
      <p className="text-sm">{method === 'card' ? t.requestCard({ amount, tip }) : t.requestCash({ amount, tip })}</p>
      <button
        type="button"
        className="btn btn-outline btn-sm mt-2 min-h-11"
        disabled={busy}
        onClick={() => void withdraw()}
      >
        {busy ? t.withdrawing : t.withdraw}
      </button>
    </div>
  );
}

function Rounds({ bill, t, money }: { bill: TableBill; t: Words; money: (n: number) => string }) {
  const statuses = useStore(orderMessages);
  return (
    <>
      <section aria-labelledby="bill-rounds">
        <h3 id="bill-rounds" className="font-bold">
          {t.rounds}
        </h3>
        {bill.rounds.length === 0 ? (
          <p className="text-sm text-base-content/80">{t.noRounds}</p>
        ) : (
          <ol className="mt-1 flex flex-col gap-3">
            {bill.rounds.map((round, i) => (
              <li key={round.id} className="rounded-box border border-base-300 p-3" data-testid="bill-round">
                <p className="flex justify-between gap-2 font-semibold">
                  <span>{t.round({ n: String(i + 1), number: round.number })}</span>
                  <span className="badge badge-outline">{statuses[round.status]}</span>
                </p>
                <ul className="mt-1 text-sm">
                  {/* A voided quantity is off the bill (docs/rules.md#the-floor). */}
                  {round.lines.map((line, j) =>
                    (line.voided ?? 0) >= line.quantity ? null : (
                      <li key={j} className="flex justify-between gap-2">
                        <div className="min-w-0">
                          {line.quantity - (line.voided ?? 0)} × {line.name}
                          {line.by ? (
                            <>
                              {' '}
                              (<UserText>{line.by}</UserText>)
                            </>
                          ) : (
                            ''
                          )}
                          <ChoiceList
                            label={setLineMessages.get().choicesOf({ name: line.name })}
                            names={(line.choices ?? []).map(choiceText)}
                          />
                          <GuestOf guest={line.guest} />
                        </div>
                        <span className="tabular-nums">{money(line.lineTotal)}</span>
                      </li>
                    ),
                  )}
                </ul>
                <p className="mt-1 flex justify-between text-sm font-semibold">
                  <span>{t.roundTotal}</span>
                  <span className="tabular-nums">{money(round.subtotal)}</span>
                </p>
              </li>
            ))}
          </ol>
        )}
      </section>
      <section aria-labelledby="bill-people">
        <h3 id="bill-people" className="font-bold">
          {t.perPerson}
        </h3>
        <ul className="mt-1 flex flex-col gap-1" data-testid="bill-people">
          {bill.people.map((p) =>
            perPersonShows(p, bill.paid) === 'orderedAndPaid' ? (
              <li key={p.participantId} data-testid="bill-person">
                <WithName
                  name={p.name}
                  sentence={(name) => t.orderedPaid({ name: name ?? '', ordered: money(p.total), paid: money(p.paid) })}
                />
              </li>
            ) : (
              <li key={p.participantId} className="flex justify-between gap-2" data-testid="bill-person">
                <span className="min-w-0">
                  <UserText>{p.name}</UserText>
                </span>
                <span className="tabular-nums">{money(p.total)}</span>
              </li>
            ),
          )}
        </ul>
      </section>
    </>
  );
}
