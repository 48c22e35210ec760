/**
 * «Pagar ahora» beside «Pedir que me cobren» (docs/rules.md#paying-from-the-phone), shown when the venue takes
 * payments from the phone: with Redsys the choice Tarjeta / Bizum, with Stripe the card alone.
 */
import { useId, useState } from 'react';
import type { OnlineMethod } from '../../contract/online-payments.ts';
import type { billMessages } from './bill-messages.ts';
import { RADIO } from './PayItems.tsx';

export function PayNow({
  methods,
  t,
  sending,
  onPay,
}: {
  methods: readonly OnlineMethod[];
  t: ReturnType<typeof billMessages.get>;
  sending: boolean;
  onPay: (method: OnlineMethod) => void;
}) {
  const id = useId();
  const [method, setMethod] = useState<OnlineMethod>('card');
  return (
    <div className="flex flex-col gap-2" data-testid="bill-pay-now">
      {methods.length > 1 && (
        <fieldset className="fieldset p-0">
          <legend className="fieldset-legend pt-0 text-base">{t.payNowWith}</legend>
          <div className="flex gap-1">
            {methods.map((m) => (
              <label key={m} className={RADIO}>
                <input
                  type="radio"
                  name={`${id}-online`}
                  className="sr-only"
                  checked={method === m}
                  onChange={() => setMethod(m)}
                />
                {m === 'card' ? t.card : t.bizum}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <button
        type="button"
        className="btn btn-primary min-h-12 text-base"
        disabled={sending}
        onClick={() => onPay(methods.includes(method) ? method : 'card')}
      >
        {sending ? t.sending : t.payNow}
      </button>
    </div>
  );
}
