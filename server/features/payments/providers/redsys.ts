/**
 * Redsys, the Spanish banks' TPV virtual (cards and Bizum), through its redirect protocol and its REST
 * refunds (docs/architecture.md#online-payments). The phone posts a signed form to `/sis/realizarPago`;
 * Redsys posts the signed result to `DS_MERCHANT_MERCHANTURL` (server to server) and sends the phone
 * back to `DS_MERCHANT_URLOK` / `DS_MERCHANT_URLKO`. Signatures: redsys-signature.ts.
 */
import type { Confirmation, CreatePaymentRequest, PaymentProvider, ProviderConfig, RefundRequest } from './types.ts';
import {
  decodeMerchantParameters,
  parameter,
  signRedsys,
  verifiedParameters,
  type RedsysSignedForm,
} from './redsys-signature.ts';

type RedsysConfig = Extract<ProviderConfig, { provider: 'redsys' }>;

/** Redsys' own addresses, by environment (the integration guide's «Entorno»). */
export const REDSYS_HOSTS = { test: 'https://sis-t.redsys.es:25443', production: 'https://sis.redsys.es' } as const;

/** ISO 4217 numeric codes of the currencies a Spanish TPV is usually given. */
const CURRENCY_CODES: Record<string, string> = {
  EUR: '978',
  USD: '840',
  GBP: '826',
  CHF: '756',
  JPY: '392',
  SEK: '752',
  DKK: '208',
  NOK: '578',
  PLN: '985',
  CZK: '203',
  MXN: '484',
};
const CURRENCY_NAMES = Object.fromEntries(Object.entries(CURRENCY_CODES).map(([name, code]) => [code, name]));

/** `DS_MERCHANT_CONSUMERLANGUAGE`: Redsys' page languages (001 Spanish, 002 English, …). */
const LANGUAGES: Record<string, string> = {
  es: '001',
  en: '002',
  ca: '003',
  fr: '004',
  de: '005',
  nl: '006',
  it: '007',
  sv: '008',
  pt: '009',
  pl: '011',
  gl: '012',
  eu: '013',
};

/** `Ds_ProcessedPayMethod` of a Bizum payment. */
const BIZUM_PROCESSED_METHOD = '68';

/** A Redsys order number: 4 digits, then up to 8 letters or digits (the guide's DS_MERCHANT_ORDER). */
export const REDSYS_ORDER = /^\d{4}[0-9A-Za-z]{0,8}$/;

function hostOf(config: RedsysConfig): string {
  return (config.url ?? REDSYS_HOSTS[config.environment]).replace(/\/+$/, '');
}

function currencyCode(currency: string): string {
  const code = CURRENCY_CODES[currency.toUpperCase()];
  if (!code) throw new Error(`Redsys: unsupported currency ${currency}`);
  return code;
}

/** The parameters of a payment request (the redirect form's `Ds_MerchantParameters`). */
export function redsysPaymentParameters(config: RedsysConfig, request: CreatePaymentRequest): Record<string, string> {
  if (!REDSYS_ORDER.test(request.reference)) throw new Error(`Redsys: ${request.reference} is not an order number`);
  if (!Number.isSafeInteger(request.amount) || request.amount <= 0) throw new Error('Redsys: the amount is in cents');
  return {
    DS_MERCHANT_AMOUNT: String(request.amount),
    DS_MERCHANT_ORDER: request.reference,
    DS_MERCHANT_MERCHANTCODE: config.merchantCode,
    DS_MERCHANT_CURRENCY: currencyCode(request.currency),
    DS_MERCHANT_TRANSACTIONTYPE: '0',
    DS_MERCHANT_TERMINAL: config.terminal,
    DS_MERCHANT_MERCHANTURL: request.notificationUrl,
    DS_MERCHANT_URLOK: request.okUrl,
    DS_MERCHANT_URLKO: request.koUrl,
    DS_MERCHANT_CONSUMERLANGUAGE: LANGUAGES[request.language.slice(0, 2).toLowerCase()] ?? '002',
    DS_MERCHANT_PRODUCTDESCRIPTION: request.description.slice(0, 125),
    // `z`: Bizum only; `C`: cards only (the diner chose the method before coming here).
    DS_MERCHANT_PAYMETHODS: request.method === 'bizum' ? 'z' : 'C',
  };
}

/**
 * The order number a notification names (`Ds_Order` of its `Ds_MerchantParameters`), read WITHOUT
 * checking anything: only to find whose key verifies it.
 */
export function redsysOrderOf(form: Partial<Record<keyof RedsysSignedForm, unknown>>): string | null {
  if (typeof form.Ds_MerchantParameters !== 'string') return null;
  const parameters = decodeMerchantParameters(form.Ds_MerchantParameters);
  const order = parameters && parameter(parameters, 'Ds_Order');
  return order && /^[0-9A-Za-z]{1,12}$/.test(order) ? order : null;
}

/**
 * The confirmation a Redsys notification carries, once its signature is verified with the venue's
 * secret; null when the signature (or its version) is wrong. `Ds_Response` 0000–0099 is an
 * authorised payment; anything else, a refused one.
 */
export function verifyRedsysNotification(
  form: Partial<Record<keyof RedsysSignedForm, unknown>>,
  secretKey: string,
): Confirmation | null {
  const parameters = verifiedParameters(form as Partial<RedsysSignedForm>, secretKey);
  if (!parameters) return null;
  const reference = parameter(parameters, 'Ds_Order')!;
  const amount = Number(parameter(parameters, 'Ds_Amount'));
  const currency = CURRENCY_NAMES[parameter(parameters, 'Ds_Currency') ?? ''] ?? parameter(parameters, 'Ds_Currency');
  const response = parameter(parameters, 'Ds_Response') ?? '';
  if (!Number.isSafeInteger(amount) || !currency) return null;
  const code = /^\d{1,4}$/.test(response) ? Number(response) : NaN;
  const processed = parameter(parameters, 'Ds_ProcessedPayMethod');
  return {
    provider: 'redsys',
    reference,
    providerRef: parameter(parameters, 'Ds_AuthorisationCode')?.trim() || reference,
    amount,
    currency,
    authorized: code >= 0 && code <= 99,
    ...(processed ? { method: processed === BIZUM_PROCESSED_METHOD ? 'bizum' : 'card' } : {}),
  };
}

/** The Redsys provider of a venue's configuration. */
export function redsysProvider(config: RedsysConfig, fetcher: typeof fetch = fetch): PaymentProvider {
  return {
    id: 'redsys',
    createPayment(request) {
      const fields = signRedsys(config.secretKey, redsysPaymentParameters(config, request));
      return Promise.resolve({
        redirect: { url: `${hostOf(config)}/sis/realizarPago`, method: 'POST', fields: { ...fields } },
      });
    },
    async refund(request: RefundRequest) {
      // A refund (transaction type 3) names the order it refunds: the payment's own order number.
      const body = signRedsys(config.secretKey, {
        DS_MERCHANT_AMOUNT: String(request.amount),
        DS_MERCHANT_ORDER: request.reference,
        DS_MERCHANT_MERCHANTCODE: config.merchantCode,
        DS_MERCHANT_CURRENCY: currencyCode(request.currency),
        DS_MERCHANT_TRANSACTIONTYPE: '3',
        DS_MERCHANT_TERMINAL: config.terminal,
      });
      const response = await fetcher(`${hostOf(config)}/sis/rest/trataPeticionREST`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      const answer = (await response.json().catch(() => ({}))) as Partial<RedsysSignedForm> & { errorCode?: string };
      if (!response.ok || answer.errorCode)
        throw new Error(`Redsys refused the refund: ${answer.errorCode ?? response.status}`);
      const parameters = verifiedParameters(answer, config.secretKey);
      if (!parameters) throw new Error('Redsys: the refund answer is not signed with this merchant key');
      // 0900: a refund (or confirmation) accepted.
      const code = parameter(parameters, 'Ds_Response');
      if (code !== '0900') throw new Error(`Redsys refused the refund: Ds_Response ${code ?? '?'}`);
      return { providerRef: parameter(parameters, 'Ds_AuthorisationCode')?.trim() || request.reference };
    },
  };
}
