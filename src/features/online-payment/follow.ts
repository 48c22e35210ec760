/**
 * Sends the phone to the provider's page (docs/rules.md#paying-from-the-phone): a form POSTed with its fields
 * (Redsys), or a plain address (Stripe). Used by the bill's «Pagar ahora» and by the checkout's «Pagar ahora».
 */
import type { PaymentRedirect } from '../../contract/online-payments.ts';

export function follow(redirect: PaymentRedirect): void {
  if (redirect.method === 'GET') {
    location.assign(redirect.url);
    return;
  }
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = redirect.url;
  form.hidden = true;
  for (const [name, value] of Object.entries(redirect.fields ?? {})) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}
