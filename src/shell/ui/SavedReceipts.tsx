/** «Mis recibos»: the receipts kept on this device (src/lib/saved-receipts.ts), each a link to its page. */
import { useStore } from '@nanostores/react';
import { $savedReceipts, receiptListMessages, receiptPath } from '../../lib/saved-receipts.ts';
import { formatMoney } from '../../lib/money.ts';

export function SavedReceipts({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const list = useStore($savedReceipts);
  const words = useStore(receiptListMessages);
  if (list.length === 0) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby="saved-receipts-title" data-testid="saved-receipts">
      <Heading id="saved-receipts-title" className={headingLevel === 2 ? 'text-lg font-bold' : 'text-base font-bold'}>
        {words.title}
      </Heading>
      <p className="text-sm text-base-content/80">{words.hint}</p>
      <ul className="mt-2 flex flex-col gap-1">
        {list.map((r) => (
          <li key={r.id}>
            <a
              className="link block min-h-11 py-2.5 font-semibold"
              href={receiptPath(r.id)}
              data-testid="saved-receipt"
            >
              {words.receiptOf({ venue: r.venueName })}
              {r.number ? ` ${r.number}` : ''}
              {r.table ? ` · ${words.table({ table: r.table })}` : ''} ·{' '}
              {formatMoney(r.total, r.currency, r.locale ?? 'es-ES')}
              {' · '}
              <time dateTime={r.at}>{new Date(r.at).toLocaleDateString(r.locale ?? 'es-ES')}</time>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
