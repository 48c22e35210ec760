/**
 * «Pagar ahora» (docs/rules.md#paying-from-the-phone): the claim goes to `POST /api/table-session/bill/checkout`,
 * and the phone follows the answer to the provider's page — a form POSTed with its fields (Redsys), or a plain
 * address (Stripe). The provider sends it back to `/pago/{paymentId}`; the table's address is kept on the phone
 * for that page's «Volver a la cuenta».
 */
import type { CheckoutInput } from '../../contract/online-payments.ts';
import { TABLE_MESSAGES } from '../../contract/table.ts';
import * as api from './api.ts';
import { newLineId } from './logic.ts';
import { detailOf, isClosedError, isCredentialError } from './request-errors.ts';
import { closedHere, lost } from './session.ts';
import { membership } from './state.ts';
import { loadBill, type PayResult } from './rounds.ts';
import { follow, keepReturn } from '../online-payment/index.ts';

export async function payNow(input: CheckoutInput): Promise<PayResult> {
  const seat = membership();
  if (!seat) return { ok: false, message: TABLE_MESSAGES.credentialInvalid };
  try {
    const result = await api.checkout(seat.credential, `pay-${newLineId()}`, input);
    keepReturn(result.paymentId, `${location.pathname}${location.search}`);
    follow(result.redirect);
    return { ok: true };
  } catch (error) {
    if (isCredentialError(error)) lost();
    else if (isClosedError(error)) closedHere();
    else void loadBill(true);
    return { ok: false, message: detailOf(error) };
  }
}
