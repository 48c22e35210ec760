/**
 * The one rule for "reopen the checkout when the venue page loads": after a
 * sign-in round trip (`?checkout=1` on the way back, or the draft's `resume`
 * flag) the diner lands on the checkout step again, and so does a diner whose
 * order was being sent when the page reloaded (a pending order, resent with
 * the same Idempotency-Key). `?carrito=1` ("Repetir pedido") opens the cart.
 * Pure: the store gathers the facts and acts on the answer.
 */
export interface ResumeFacts {
  /** `?checkout=1` in the address (the login page's way back). */
  askedInUrl: boolean;
  /** `?carrito=1` in the address. */
  cartInUrl: boolean;
  /** The saved draft of this venue says "reopen the checkout". */
  draftResume: boolean;
  /** A pending order of this venue, recent enough to be resent. */
  pendingOrder: boolean;
  /** The venue's cart holds lines. */
  hasLines: boolean;
}

/** What the page opens on load: the checkout step, the cart, or nothing. */
export type ResumeTarget = 'checkout' | 'cart' | null;

export function resumeTarget(facts: ResumeFacts): ResumeTarget {
  if (facts.pendingOrder) return 'checkout';
  if ((facts.askedInUrl || facts.draftResume) && facts.hasLines) return 'checkout';
  if (facts.cartInUrl) return 'cart';
  return null;
}

/** The address without the one-off `checkout`/`carrito` parameters (null when there were none). */
export function withoutResumeParams(href: string): string | null {
  const url = new URL(href);
  if (!url.searchParams.has('checkout') && !url.searchParams.has('carrito')) return null;
  url.searchParams.delete('checkout');
  url.searchParams.delete('carrito');
  return url.pathname + url.search + url.hash;
}
