/**
 * The round this phone just sent (docs/rules.md#table-sessions): shown in the table cart, above the empty cart, with
 * its number, what was in it and its live state (the session's rounds follow `event: order`).
 */
import { useStore } from '@nanostores/react';
import { mdiCheckCircle } from '@mdi/js';
import type { Order } from '../../contract/order.ts';
import { orderMessages } from '../orders/index.ts';
import { Icon } from '../../shell/Icon.tsx';
import { ChoiceList, choiceText } from '../../shell/ui/ChoiceList.tsx';
import { setLineMessages } from '../cart/index.ts';
import { UserText } from '../../shell/ui/UserText.tsx';
import { tableMessages } from './messages.ts';
import { $memberships } from './state.ts';
import { ReadyNotify } from '../orders/index.ts';

export function SentRound({ round, index }: { round: Order; index: number }) {
  const words = useStore(tableMessages);
  const statuses = useStore(orderMessages);
  return (
    <section
      className="mt-4 rounded-box border border-success bg-success/10 p-3"
      aria-labelledby="table-sent-round"
      data-testid="table-sent-round"
    >
      <h3 id="table-sent-round" className="flex items-center gap-2 font-bold">
        <Icon path={mdiCheckCircle} size={22} className="shrink-0 text-[#1f6f3a]" />
        {words.sentToKitchen}
      </h3>
      <p className="mt-1 flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold">{words.round({ round: String(index + 1), number: round.number })}</span>
        <span className="badge badge-outline whitespace-nowrap bg-base-100" data-testid="table-sent-round-status">
          {statuses[round.status]}
        </span>
      </p>
      <ul className="mt-2 flex flex-col gap-0.5 text-sm" aria-label={words.sentLines}>
        {/* A voided quantity is gone from the round (docs/rules.md#the-floor). */}
        {round.lines.map((line, i) =>
          (line.voided ?? 0) >= line.quantity ? null : (
            <li key={i}>
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
            </li>
          ),
        )}
      </ul>
      <ReadyNotify order={round} tableCredential={$memberships.get()[round.venueId]?.credential} />
    </section>
  );
}
