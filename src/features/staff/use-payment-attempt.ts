/**
 * One attempt to record a payment, shared by «Cobrar» on a table (ChargeDialog) and on a pickup or delivery order
 * (OrderPayment): the attempt keeps one Idempotency-Key until the payment is recorded or refused, so a double tap or
 * a retry after a lost answer records one payment (docs/rules.md#the-bill); a second tap while one is on its way does
 * nothing; a refusal shows the server's Spanish sentence.
 */
import { useRef, useState } from 'react';
import { problemMessage, problemOf } from '../../lib/http.ts';
import { newPaymentKey } from './bill.ts';

export interface PaymentAttempt {
  busy: boolean;
  error: string;
  /** Sends with the attempt's key; the result, or `undefined` when refused, failed or already on its way. */
  send: <T>(record: (key: string) => Promise<T>) => Promise<T | undefined>;
  /** Anything about the payment changed: the next send is another attempt, with a new key. */
  another: () => void;
}

export function usePaymentAttempt(): PaymentAttempt {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const key = useRef<string | null>(null);
  const sending = useRef(false);

  async function send<T>(record: (key: string) => Promise<T>): Promise<T | undefined> {
    if (sending.current) return undefined;
    key.current ??= newPaymentKey();
    sending.current = true;
    setBusy(true);
    setError('');
    try {
      const result = await record(key.current);
      key.current = null;
      return result;
    } catch (failure) {
      // Refused (409: more than the balance, a request no longer pending): a new attempt gets a new key. A lost
      // answer keeps the key, so trying again cannot record the payment twice.
      if (problemOf(failure)) key.current = null;
      setError(problemOf(failure)?.detail ?? problemMessage(failure));
      return undefined;
    } finally {
      sending.current = false;
      setBusy(false);
    }
  }

  return {
    busy,
    error,
    send,
    another: () => {
      key.current = null;
      setError('');
    },
  };
}
