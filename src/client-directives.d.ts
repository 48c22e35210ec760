/** Types for the custom client directive registered in astro.config.mjs. */
import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate right after the first paint (src/lib/after-paint-directive.ts). */
    'client:paint'?: boolean;
    /** Hydrate on the first interaction with the page, or when woken (src/lib/touch-directive.ts). */
    'client:touch'?: boolean;
  }
}
