/** `Mesa {label}`: who is at the table, the rounds' live status and the table's actions. */
import { Fragment } from 'react';
import { useStore } from '@nanostores/react';
import { mdiAccountGroup, mdiBellRingOutline, mdiCartOutline, mdiReceiptTextOutline, mdiCashMultiple } from '@mdi/js';
import type { TableCall } from '../../contract/table.ts';
import { countryWords } from '../../contract/country-words.ts';
import { orderMessages } from '../orders/index.ts';
import { tableMessages } from './messages.ts';
import { $online } from '../../lib/online.ts';
import { Icon } from '../../shell/Icon.tsx';
import { UserText, WithName } from '../../shell/ui/UserText.tsx';
import { $calling, $venue, $view, callStaff, openBill, openTableCart } from './store.ts';
import { billMessages } from './bill-messages.ts';

/** Who called: `Pediste la cuenta.` on the caller's phone, `Mateo pidió la cuenta.` on the others' (the name in a `UserText`). */
function CallText({ call, me }: { call: TableCall; me: string }) {
  const words = useStore(tableMessages);
  const { waiter } = countryWords(useStore($venue)?.locale);
  if (call.participantId === me)
    return <>{call.kind === 'bill' ? words.youAskedBill : words.youCalledWaiter({ waiter })}</>;
  if (call.by)
    return (
      <WithName
        name={call.by}
        sentence={(name) =>
          call.kind === 'bill'
            ? words.askedBill({ name: name ?? '' })
            : words.calledWaiter({ name: name ?? '', waiter })
        }
      />
    );
  return <>{call.kind === 'bill' ? words.billAsked : words.waiterCalled({ waiter })}</>;
}

export function TableBar() {
  const view = useStore($view);
  const calling = useStore($calling);
  const online = useStore($online);
  const billWords = useStore(billMessages);
  const words = useStore(tableMessages);
  const statuses = useStore(orderMessages);
  const { waiter } = countryWords(useStore($venue)?.locale);
  if (!view) {
    return (
      <p role="status" className="mb-3 text-sm text-base-content/80">
        {words.loading}
      </p>
    );
  }
  const others = view.participants.filter((p) => p.id !== view.me.participantId);
  const waiterCall = view.calls.find((c) => c.kind === 'waiter' && !c.acknowledgedAt);
  const billCall = view.calls.find((c) => c.kind === 'bill' && !c.acknowledgedAt);
  const waiterOpen = Boolean(waiterCall);
  const billOpen = Boolean(billCall);
  return (
    <section
      className="card mb-3 border border-base-300 bg-base-100 shadow-sm"
      aria-labelledby="table-bar-title"
      data-testid="table-bar"
    >
      <div className="card-body gap-3 p-4">
        <div className="flex items-start gap-3">
          <Icon path={mdiAccountGroup} size={28} className="mt-0.5 shrink-0 text-[#007ea7]" />
          <div className="min-w-0 flex-1">
            <h2 id="table-bar-title" className="text-lg font-bold">
              {words.table({ label: view.table })}
            </h2>
            {view.paidAt && (
              <p className="badge badge-success my-1 font-semibold" data-testid="table-paid">
                {billWords.tablePaid}
              </p>
            )}
            <p className="text-sm" data-testid="table-people">
              <span className="font-semibold">{words.atTable}</span>{' '}
              <UserText testId="table-person">{view.me.name}</UserText>
              {words.you}
              {others.map((p) => (
                <Fragment key={p.id}>
                  , <UserText testId="table-person">{p.name}</UserText>
                </Fragment>
              ))}
            </p>
          </div>
        </div>
        {(!online || view.pendingEdits > 0) && (
          <p role="status" className="rounded-box bg-warning/20 px-3 py-2 text-sm" data-testid="table-pending">
            {online ? words.sending : view.pendingEdits > 0 ? words.offlineMine : words.offlineTable}
          </p>
        )}
        {view.rounds.length > 0 && (
          <div>
            <h3 className="text-sm font-semibold">{words.rounds}</h3>
            <ul className="mt-1 flex flex-col gap-1 text-sm" data-testid="table-rounds">
              {view.rounds.map((round, i) => (
                <li key={round.id} className="flex items-center justify-between gap-2">
                  <span>{words.round({ round: String(i + 1), number: round.number })}</span>
                  <span className="badge badge-outline whitespace-nowrap" data-testid="round-status">
                    {statuses[round.status]}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        )}
        <div className="grid grid-cols-2 gap-2">
          <button type="button" className="btn btn-primary col-span-2 min-h-11" onClick={openTableCart}>
            <Icon path={mdiCartOutline} size={20} />
            {view.lines.length > 0 ? words.seeCartCount({ count: String(view.lines.length) }) : words.seeCart}
          </button>
          <button
            type="button"
            className="btn min-h-11"
            onClick={() => void callStaff('waiter')}
            disabled={calling === 'waiter'}
            aria-describedby={waiterOpen ? 'table-waiter-open' : undefined}
          >
            <Icon path={mdiBellRingOutline} size={20} />
            {words.callWaiter({ waiter })}
          </button>
          <button
            type="button"
            className="btn min-h-11"
            onClick={() => void callStaff('bill')}
            disabled={calling === 'bill'}
            aria-describedby={billOpen ? 'table-bill-open' : undefined}
          >
            <Icon path={mdiCashMultiple} size={20} />
            {words.askBill}
          </button>
          <button type="button" className="btn btn-outline col-span-2 min-h-11" onClick={() => void openBill()}>
            <Icon path={mdiReceiptTextOutline} size={20} />
            {words.bill}
          </button>
        </div>
        {(waiterOpen || billOpen) && (
          <ul className="flex flex-col gap-1 text-sm" data-testid="table-calls">
            {waiterCall && (
              <li id="table-waiter-open">
                <CallText call={waiterCall} me={view.me.participantId} />
              </li>
            )}
            {billCall && (
              <li id="table-bill-open">
                <CallText call={billCall} me={view.me.participantId} />
              </li>
            )}
          </ul>
        )}
      </div>
    </section>
  );
}
