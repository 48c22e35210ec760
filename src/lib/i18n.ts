/**
 * The interface's words in the page's language (docs/architecture.md#languages), with
 * `@nanostores/i18n`: each feature defines its Spanish messages (the base) with `messages()`;
 * a page in another language carries that language's catalogue inline (`#umenu-i18n`, written by
 * the layout), so a page ships its own language's strings only and nothing is downloaded later.
 * During the build every catalogue is in the cache and the page sets its language first.
 */
import { atom } from 'nanostores';
import { createI18n, type Components, type ComponentsJSON } from '@nanostores/i18n';
import type { UiLanguage } from '../contract/languages.ts';
import { pageCatalogue, pageLanguage } from './page-language.ts';

export { count, params } from '@nanostores/i18n';

function inlineCatalogue(lang: UiLanguage): Record<string, ComponentsJSON> {
  const catalogue = pageCatalogue();
  return catalogue ? { [lang]: catalogue } : {};
}

/** The page's interface language: `<html lang>` in the browser, set by the page during the build. */
export const $language = atom<UiLanguage>(pageLanguage());

export const i18n = createI18n($language, {
  baseLocale: 'es',
  // The library's type wants every locale; only this page's is ever here.
  cache: inlineCatalogue($language.get()) as unknown as Record<UiLanguage, Components>,
  // Every catalogue a page needs is already inline (or in the build's cache): nothing to fetch.
  get: () => Promise.resolve({}),
  isSSR: import.meta.env.SSR,
});

/**
 * A feature's messages: `messages('cart', { empty: 'Tu carrito está vacío' })`, read with
 * `useStore(store)` in a component or `store.get()` elsewhere. During the build each store stays
 * subscribed, so setting the page's language re-translates it at once.
 */
/* @__NO_SIDE_EFFECTS__ */
export function messages<Body extends Parameters<typeof i18n>[1]>(component: string, base: Body) {
  const store = i18n(component, base);
  if (import.meta.env.SSR) store.listen(() => {});
  return store;
}

/** The build: a page in `lang` (every catalogue loaded once), before anything renders its words. */
export function setBuildLanguage(lang: UiLanguage, catalogue: ComponentsJSON | undefined): void {
  if (catalogue && lang !== 'es') (i18n.cache as Record<string, unknown>)[lang] = catalogue;
  $language.set(lang);
}
