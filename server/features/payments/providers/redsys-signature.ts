/**
 * Redsys' `HMAC_SHA256_V1` signature (the TPV virtual's redirect and REST integration guide,
 * docs/architecture.md#online-payments), with node:crypto alone:
 *
 * 1. the per-order key: the order number (`DS_MERCHANT_ORDER`, or `Ds_Order` in a notification),
 *    zero-padded to a multiple of 8 bytes, encrypted with 3DES-CBC under the base64-decoded merchant
 *    secret, with a zero IV;
 * 2. the signature: HMAC-SHA256 under that key of the `Ds_MerchantParameters` string exactly as sent
 *    (the base64 of the JSON parameters), in base64. Redsys sends its notifications' signature in
 *    URL-safe base64 (`-` and `_`), so a comparison normalises both alphabets.
 */
import { createCipheriv, createHmac, timingSafeEqual } from 'node:crypto';

export const REDSYS_SIGNATURE_VERSION = 'HMAC_SHA256_V1';

/** The form Redsys posts (and the merchant sends): the three fields of the redirect protocol. */
export interface RedsysSignedForm {
  Ds_SignatureVersion: string;
  Ds_MerchantParameters: string;
  Ds_Signature: string;
}

/** The per-order key: 3DES-CBC (zero IV, zero padding) of the order number under the merchant secret. */
export function redsysOrderKey(secretKey: string, order: string): Buffer {
  const key = Buffer.from(secretKey, 'base64');
  const cipher = createCipheriv('des-ede3-cbc', key, Buffer.alloc(8));
  cipher.setAutoPadding(false);
  const text = Buffer.from(order, 'utf8');
  const padded = Buffer.alloc(Math.max(8, Math.ceil(text.length / 8) * 8));
  text.copy(padded);
  return Buffer.concat([cipher.update(padded), cipher.final()]);
}

/** `Ds_Signature` of `Ds_MerchantParameters` for an order, in standard base64. */
export function redsysSignature(secretKey: string, order: string, merchantParameters: string): string {
  return createHmac('sha256', redsysOrderKey(secretKey, order)).update(merchantParameters).digest('base64');
}

/** Whether two signatures are the same bytes, whichever base64 alphabet each is written in (constant time). */
export function sameSignature(a: string, b: string): boolean {
  const left = Buffer.from(a.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  const right = Buffer.from(b.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}

/** `Ds_MerchantParameters` for a set of parameters: the base64 of their JSON. */
export function encodeMerchantParameters(parameters: Record<string, string>): string {
  return Buffer.from(JSON.stringify(parameters), 'utf8').toString('base64');
}

/** The parameters of a `Ds_MerchantParameters` (either base64 alphabet), or null when it is not base64 JSON of an object. */
export function decodeMerchantParameters(merchantParameters: string): Record<string, unknown> | null {
  try {
    const json = Buffer.from(merchantParameters.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8');
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A parameter as a string, whatever case the sender wrote its name in (`Ds_Order`, `DS_ORDER`). */
export function parameter(parameters: Record<string, unknown>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(parameters)) {
    if (key.toLowerCase() === wanted && (typeof value === 'string' || typeof value === 'number')) return String(value);
  }
  return undefined;
}

/** Signs a set of parameters for an order: the three fields a request carries. */
export function signRedsys(secretKey: string, parameters: Record<string, string>): RedsysSignedForm {
  const order = parameter(parameters, 'DS_MERCHANT_ORDER') ?? parameter(parameters, 'Ds_Order') ?? '';
  const merchantParameters = encodeMerchantParameters(parameters);
  return {
    Ds_SignatureVersion: REDSYS_SIGNATURE_VERSION,
    Ds_MerchantParameters: merchantParameters,
    Ds_Signature: redsysSignature(secretKey, order, merchantParameters),
  };
}

/**
 * The parameters of a signed form when its signature is right for the order it names (`orderField`:
 * `Ds_Order` in notifications and answers, `DS_MERCHANT_ORDER` in requests), else null.
 */
export function verifiedParameters(
  form: Partial<RedsysSignedForm>,
  secretKey: string,
  orderField = 'Ds_Order',
): Record<string, unknown> | null {
  if (form.Ds_SignatureVersion !== REDSYS_SIGNATURE_VERSION) return null;
  if (typeof form.Ds_MerchantParameters !== 'string' || typeof form.Ds_Signature !== 'string') return null;
  const parameters = decodeMerchantParameters(form.Ds_MerchantParameters);
  const order = parameters && parameter(parameters, orderField);
  if (!parameters || !order) return null;
  try {
    const expected = redsysSignature(secretKey, order, form.Ds_MerchantParameters);
    return sameSignature(expected, form.Ds_Signature) ? parameters : null;
  } catch {
    // A secret that is not a 3DES key (not 24 bytes of base64): nothing it signs is right.
    return null;
  }
}
