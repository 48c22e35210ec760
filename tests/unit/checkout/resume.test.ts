import { describe, expect, it } from 'vitest';
import { resumeTarget, withoutResumeParams, type ResumeFacts } from '../../../src/features/checkout/resume.ts';

const none: ResumeFacts = {
  askedInUrl: false,
  cartInUrl: false,
  draftResume: false,
  pendingOrder: false,
  hasLines: false,
};

describe('resume after sign-in (one rule)', () => {
  it('back from sign-in (?checkout=1 or the saved flag) with a cart: the checkout step', () => {
    expect(resumeTarget({ ...none, askedInUrl: true, hasLines: true })).toBe('checkout');
    expect(resumeTarget({ ...none, draftResume: true, hasLines: true })).toBe('checkout');
  });

  it('nothing to check out: nothing reopens, whatever the address says', () => {
    expect(resumeTarget({ ...none, askedInUrl: true })).toBeNull();
    expect(resumeTarget({ ...none, draftResume: true })).toBeNull();
    expect(resumeTarget({ ...none, hasLines: true })).toBeNull();
  });

  it('an order interrupted by a reload reopens the checkout even with the cart emptied', () => {
    expect(resumeTarget({ ...none, pendingOrder: true })).toBe('checkout');
  });

  it('"Repetir pedido" (?carrito=1) opens the cart; sign-in wins over it', () => {
    expect(resumeTarget({ ...none, cartInUrl: true, hasLines: true })).toBe('cart');
    expect(resumeTarget({ ...none, cartInUrl: true, askedInUrl: true, hasLines: true })).toBe('checkout');
  });

  it('drops the one-off parameters from the address, keeping the rest', () => {
    expect(withoutResumeParams('https://x.test/taqueria?checkout=1&mesa=12#m')).toBe('/taqueria?mesa=12#m');
    expect(withoutResumeParams('https://x.test/taqueria?carrito=1')).toBe('/taqueria');
    expect(withoutResumeParams('https://x.test/taqueria?mesa=12')).toBeNull();
  });
});
