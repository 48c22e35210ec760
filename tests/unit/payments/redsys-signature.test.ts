/**
 * Redsys' HMAC_SHA256_V1 signature against published example values (docs/architecture.md#online-payments):
 *
 * - The notification example that ships with Redsys' PHP sample library («ejemploRecepcionaPet.php»
 *   of the «API PHP» download, as republished in the GitHub repository minube/redsys-api), signed with
 *   the test environment's public merchant key `sq7HjrUOBfKmC576ILgskD5srU870gJ7`: order MN000049,
 *   15900 cents, Ds_Signature `O9aFvML5qK8VBQhV4GK8kFHvmAQaSnX1hfckr7abzIs=`.
 * - The integration guide's example answer and notification (merchant key
 *   `Mk9m98IfEblmPfrpsawt7BmxObt98Jev`, orders 1446068581 and 0069), as the redsys-easy library
 *   keeps them in its test fixtures (javiertury/redsys-easy, test/fixtures/rest/json-response.ts and
 *   redirect-notification.ts), with the per-order 3DES keys the guide gives for them. The second one's
 *   signature is in URL-safe base64, as Redsys sends notifications.
 */
import { describe, expect, it } from 'vitest';
import {
  redsysOrderKey,
  redsysSignature,
  signRedsys,
} from '../../../server/features/payments/providers/redsys-signature.ts';
import {
  redsysOrderOf,
  redsysPaymentParameters,
  verifyRedsysNotification,
} from '../../../server/features/payments/providers/redsys.ts';

const SAMPLE_LIBRARY = {
  key: 'sq7HjrUOBfKmC576ILgskD5srU870gJ7',
  form: {
    Ds_SignatureVersion: 'HMAC_SHA256_V1',
    Ds_MerchantParameters:
      'eyJEc19EYXRlIjoiMzAlMkYwOCUyRjIwMjIiLCJEc19Ib3VyIjoiMTIlM0ExOCIsIkRzX1NlY3VyZVBheW1lbnQiOiIxIiwiRHNfQ2FyZF9Db3VudHJ5IjoiNzI0IiwiRHNfQW1vdW50IjoiMTU5MDAiLCJEc19DdXJyZW5jeSI6Ijk3OCIsIkRzX09yZGVyIjoiTU4wMDAwNDkiLCJEc19NZXJjaGFudENvZGUiOiIzNTU4NjgxMDAiLCJEc19UZXJtaW5hbCI6IjAwMSIsIkRzX1Jlc3BvbnNlIjoiMDAwMCIsIkRzX01lcmNoYW50RGF0YSI6IiIsIkRzX1RyYW5zYWN0aW9uVHlwZSI6IjAiLCJEc19Db25zdW1lckxhbmd1YWdlIjoiMSIsIkRzX0F1dGhvcmlzYXRpb25Db2RlIjoiMDAyNDEzIiwiRHNfQ2FyZF9CcmFuZCI6IjEiLCJEc19Qcm9jZXNzZWRQYXlNZXRob2QiOiI1IiwiRHNfQ29udHJvbF8xNjYxODU0NjgzOTg4IjoiMTY2MTg1NDY4Mzk4OCJ9',
    Ds_Signature: 'O9aFvML5qK8VBQhV4GK8kFHvmAQaSnX1hfckr7abzIs=',
  },
};

const GUIDE_KEY = 'Mk9m98IfEblmPfrpsawt7BmxObt98Jev';
const GUIDE_ANSWER =
  'eyJEc19BbW91bnQiOiIxNDUiLCJEc19DdXJyZW5jeSI6Ijk3OCIsIkRzX09yZGVyIjoiMTQ0NjA2ODU4MSIsIkRzX01lcmNoYW50Q29kZSI6Ijk5OTAwODg4MSIsIkRzX1Rlcm1pbmFsIjoiMSIsIkRzX1Jlc3BvbnNlIjoiMDAwMCIsIkRzX0F1dGhvcmlzYXRpb25Db2RlIjoiNTAxNjAyIiwiRHNfVHJhbnNhY3Rpb25UeXBlIjoiMCIsIkRzX1NlY3VyZVBheW1lbnQiOiIwIiwiRHNfTGFuZ3VhZ2UiOiIxIiwiRHNfQ2FyZE51bWJlciI6IjQ1NDg4MSoqKioqKioqMDQiLCJEc19NZXJjaGFudERhdGEiOiIiLCJEc19DYXJkX0NvdW50cnkiOiI3MjQiLCJEc19DYXJkX0JyYW5kIjoiMSJ9';
const GUIDE_NOTIFICATION = {
  Ds_SignatureVersion: 'HMAC_SHA256_V1',
  Ds_MerchantParameters:
    'eyJEc19EYXRlIjoiMDklMkYxMSUyRjIwMTUiLCJEc19Ib3VyIjoiMTglM0EwMyIsIkRzX1NlY3VyZVBheW1lbnQiOiIwIiwiRHNfQ2FyZF9Db3VudHJ5IjoiNzI0IiwiRHNfQW1vdW50IjoiMTQ1IiwiRHNfQ3VycmVuY3kiOiI5NzgiLCJEc19PcmRlciI6IjAwNjkiLCJEc19NZXJjaGFudENvZGUiOiI5OTkwMDg4ODEiLCJEc19UZXJtaW5hbCI6Ijg3MSIsIkRzX1Jlc3BvbnNlIjoiMDAwMCIsIkRzX01lcmNoYW50RGF0YSI6IiIsIkRzX1RyYW5zYWN0aW9uVHlwZSI6IjAiLCJEc19Db25zdW1lckxhbmd1YWdlIjoiMSIsIkRzX0F1dGhvcmlzYXRpb25Db2RlIjoiMDgyMTUwIn0=',
  Ds_Signature: '6DVpRPAPoChZh2cgaWnLqlfFsKeXdRfAO_tz-UrxJcU=',
};

describe('Redsys signature (published examples)', () => {
  it('derives the guide’s per-order 3DES keys', () => {
    expect(redsysOrderKey(GUIDE_KEY, '1446068581').toString('base64')).toBe('Uv3ZTYJhPi5Hpi9R6NzR6w==');
    expect(redsysOrderKey(GUIDE_KEY, '0069').toString('base64')).toBe('0mL++6eIic8=');
  });

  it('signs the guide’s example answer as published', () => {
    expect(redsysSignature(GUIDE_KEY, '1446068581', GUIDE_ANSWER)).toBe('IoGNijSDZGbk+qChH2iqRCg6jZVl3Ee6Ha/WBM4wgto=');
  });

  it('verifies the sample library’s notification signed with the test key, and reads it', () => {
    expect(redsysOrderOf(SAMPLE_LIBRARY.form)).toBe('MN000049');
    expect(verifyRedsysNotification(SAMPLE_LIBRARY.form, SAMPLE_LIBRARY.key)).toEqual({
      provider: 'redsys',
      reference: 'MN000049',
      providerRef: '002413',
      amount: 15900,
      currency: 'EUR',
      authorized: true,
      method: 'card',
    });
  });

  it('verifies the guide’s notification, whose signature is URL-safe base64', () => {
    expect(verifyRedsysNotification(GUIDE_NOTIFICATION, GUIDE_KEY)).toMatchObject({
      reference: '0069',
      amount: 145,
      authorized: true,
    });
  });

  it('refuses a tampered signature, tampered parameters, another key and another version', () => {
    const { form, key } = SAMPLE_LIBRARY;
    const flipped = form.Ds_Signature.replace(/^O/, 'P');
    expect(verifyRedsysNotification({ ...form, Ds_Signature: flipped }, key)).toBeNull();
    const params = JSON.parse(Buffer.from(form.Ds_MerchantParameters, 'base64').toString()) as Record<string, string>;
    const richer = Buffer.from(JSON.stringify({ ...params, Ds_Amount: '1' })).toString('base64');
    expect(verifyRedsysNotification({ ...form, Ds_MerchantParameters: richer }, key)).toBeNull();
    expect(verifyRedsysNotification(form, GUIDE_KEY)).toBeNull();
    expect(verifyRedsysNotification({ ...form, Ds_SignatureVersion: 'HMAC_SHA512_V2' }, key)).toBeNull();
    expect(verifyRedsysNotification({ ...form, Ds_Signature: '' }, key)).toBeNull();
    expect(verifyRedsysNotification(form, 'not a key')).toBeNull();
  });

  it('builds a payment request with the guide’s parameters (cents, numeric currency, Bizum as z)', () => {
    const config = {
      provider: 'redsys' as const,
      merchantCode: '999008881',
      terminal: '1',
      secretKey: SAMPLE_LIBRARY.key,
      environment: 'test' as const,
    };
    const request = {
      reference: '0001AB12',
      amount: 2450,
      currency: 'EUR',
      method: 'bizum' as const,
      description: 'Mesa 3',
      okUrl: 'https://umenu.example/pago/p1',
      koUrl: 'https://umenu.example/pago/p1',
      notificationUrl: 'https://umenu.example/api/payments/redsys/notification',
      language: 'es',
    };
    const parameters = redsysPaymentParameters(config, request);
    expect(parameters).toMatchObject({
      DS_MERCHANT_AMOUNT: '2450',
      DS_MERCHANT_ORDER: '0001AB12',
      DS_MERCHANT_CURRENCY: '978',
      DS_MERCHANT_TRANSACTIONTYPE: '0',
      DS_MERCHANT_CONSUMERLANGUAGE: '001',
      DS_MERCHANT_PAYMETHODS: 'z',
    });
    const form = signRedsys(config.secretKey, parameters);
    expect(form.Ds_Signature).toBe(redsysSignature(config.secretKey, '0001AB12', form.Ds_MerchantParameters));
    expect(() => redsysPaymentParameters(config, { ...request, reference: 'AB12' })).toThrow();
  });
});
