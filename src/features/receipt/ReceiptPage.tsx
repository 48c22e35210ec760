/**
 * `/recibo/{id}` and `/{lang}/recibo/{id}` (docs/rules.md#the-bill, docs/architecture.md#languages): one simplified
 * invoice as `GET /api/receipts/{id}` gives it (src/features/receipt/ReceiptView.tsx), its dishes named from the
 * venue's menu in the page's language (page language, then English where the venue has it, then the venue's own:
 * the bill's rule) and its money written the page's way. Public by its unguessable link, printable on an 80 mm roll
 * or A4 (src/styles/receipt.css), shareable (its address in the page's language).
 */
import '../../styles/receipt.ts';
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import { Receipt } from '../../contract/bill.ts';
import type { Venue } from '../../contract/venue.ts';
import { http, problemMessage, problemOf } from '../../lib/http.ts';
import { pageLanguage } from '../../lib/page-language.ts';
import { dishNames, fetchVenue, localeForCurrency, pageLocale } from '../orders/index.ts';
import { receiptIdFrom } from './receipt-id.ts';
import { pageTitle } from '../../contract/page-title.ts';
import { $savedReceipts, receiptPath, saveReceipt } from '../../lib/saved-receipts.ts';
import { receiptMessages } from './messages.ts';
import { ReceiptView } from './ReceiptView.tsx';

async function fetchReceipt(id: string): Promise<Receipt> {
  return Receipt.parse(await http.get(`receipts/${encodeURIComponent(id)}`, { cache: 'no-store' }).json<unknown>());
}

interface Shown {
  receipt: Receipt;
  /** The venue's menu, for its dishes' names in the page's language (null: it could not be read; the receipt's names stay). */
  venue: Venue | null;
}

export default function ReceiptPage() {
  const [id] = useState(() =>
    typeof location === 'undefined' ? null : receiptIdFrom(location.pathname, location.search),
  );
  const words = useStore(receiptMessages);
  const [shown, setShown] = useState<Shown>();
  const [error, setError] = useState<{ message: string; missing: boolean }>();
  const [shared, setShared] = useState('');

  const fetchIt = useCallback((which: string) => {
    fetchReceipt(which).then(
      async (r) => {
        // The venue's menu names the dishes in the page's language; without it, the names the receipt was issued with.
        const venue = await fetchVenue(r.venueId).catch(() => null);
        setShown({ receipt: r, venue });
        // A receipt this phone keeps (its own payment) learns its number.
        if ($savedReceipts.get().some((saved) => saved.id === r.id))
          saveReceipt({
            id: r.id,
            venueName: r.venueName,
            total: r.total,
            currency: r.currency,
            at: r.issuedAt,
            number: r.number,
            ...(r.table ? { table: r.table } : {}),
          });
        document.title = pageTitle(receiptMessages.get().titleOf({ number: r.number }));
      },
      (e: unknown) =>
        setError({ message: problemOf(e)?.detail ?? problemMessage(e), missing: problemOf(e)?.status === 404 }),
    );
  }, []);
  const retry = () => {
    setError(undefined);
    if (id) fetchIt(id);
  };

  useEffect(() => {
    if (!id) return;
    // Reached as `/recibo?id=…` (a host's fallback): show the receipt's own address, the one to share.
    if (location.pathname !== receiptPath(id)) history.replaceState(history.state, '', receiptPath(id));
    fetchIt(id);
  }, [id, fetchIt]);

  async function share() {
    if (!shown) return;
    const url = new URL(receiptPath(shown.receipt.id), location.origin).href;
    const title = `${words.title} ${shown.receipt.number}`;
    try {
      if (navigator.share) {
        await navigator.share({ title, url });
        return;
      }
      await navigator.clipboard.writeText(url);
      setShared(words.copied);
    } catch {
      setShared(words.copyThis({ url }));
    }
  }

  if (!id || error?.missing) {
    return (
      <div role="alert" className="mx-auto max-w-md rounded-box border border-base-300 bg-base-100 p-4">
        <h1 className="text-lg font-bold">{words.notFoundTitle}</h1>
        <p className="mt-1">{words.notFound}</p>
      </div>
    );
  }
  if (error) {
    return (
      <div
        role="alert"
        className="mx-auto flex max-w-md flex-col gap-2 rounded-box border border-base-300 bg-base-100 p-4"
      >
        <p>{error.message}</p>
        <button type="button" className="btn min-h-11" onClick={retry}>
          {words.retry}
        </button>
      </div>
    );
  }
  if (!shown) {
    return (
      <p role="status" className="flex items-center justify-center gap-2 py-8">
        <span className="loading loading-spinner" aria-hidden="true" /> {words.loading}
      </p>
    );
  }
  const { receipt, venue } = shown;
  const lang = pageLanguage();
  return (
    <div className="flex flex-col gap-3">
      <ReceiptView
        receipt={receipt}
        names={dishNames(venue, lang)}
        locale={pageLocale(venue?.locale ?? localeForCurrency(receipt.currency), lang)}
        lang={lang}
      />
      <div className="no-print mx-auto flex w-full max-w-md flex-wrap justify-center gap-2">
        <button
          type="button"
          className="btn min-h-11 border-0 bg-primary-strong text-white hover:bg-[#006a8c]"
          onClick={() => window.print()}
        >
          {words.print}
        </button>
        <button type="button" className="btn btn-outline min-h-11" onClick={() => void share()}>
          {words.share}
        </button>
      </div>
      <p role="status" className="no-print text-center text-sm">
        {shared}
      </p>
    </div>
  );
}
