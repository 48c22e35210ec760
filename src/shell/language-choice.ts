/**
 * The diner's language (docs/architecture.md#languages): the header's switcher links
 * (`a[data-lang-switch]`) keep the table link's query and the place on the page, and remember the
 * choice; on a first visit, a browser that does not read the page's language but reads one the
 * page has gets a small suggestion (never a redirect).
 */
import { $chosenLanguage, $suggestionDismissed } from './language-store.ts';
import { isUiLanguage, languageOf, type UiLanguage } from '../contract/languages.ts';

/** The page's other languages, from its `hreflang` alternates. */
export function pageAlternates(doc: Document): Map<UiLanguage, string> {
  const out = new Map<UiLanguage, string>();
  for (const link of doc.querySelectorAll<HTMLLinkElement>('link[rel="alternate"][hreflang]')) {
    if (isUiLanguage(link.hreflang)) out.set(link.hreflang, link.getAttribute('href') ?? '');
  }
  return out;
}

/** Which language to suggest, if any: the remembered choice, else the browser's first that the page has, when the browser does not read the page's. */
export function suggestedLanguage(
  page: string,
  browser: readonly string[],
  alternates: ReadonlyMap<UiLanguage, string>,
  chosen: UiLanguage | null,
): UiLanguage | null {
  if (chosen) return chosen !== page && alternates.has(chosen) ? chosen : null;
  const spoken = browser.map(languageOf);
  if (spoken.includes(page)) return null;
  return spoken.find((lang): lang is UiLanguage => isUiLanguage(lang) && alternates.has(lang)) ?? null;
}

/**
 * Where the diner is on a menu: the category section just under the sticky header and tabs; none
 * (the top of the page) while the table's card (`#table-slot`, first on the page: «Únete a la
 * mesa», the table bar) is on screen, so the new page opens with it in view.
 */
function placeOnPage(): string {
  const table = document.getElementById('table-slot');
  const header = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
  if (table?.firstElementChild && table.getBoundingClientRect().bottom > header) return '';
  const top =
    (document.querySelector('.category-nav') ?? document.querySelector('header'))?.getBoundingClientRect().bottom ?? 0;
  for (const section of document.querySelectorAll<HTMLElement>('section[data-category-id]')) {
    if (!section.hidden && section.getBoundingClientRect().bottom > top + 8) return `#${section.id}`;
  }
  return location.hash;
}

export function installLanguageChoice(): void {
  document.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[data-lang-switch]');
    if (!link) return;
    if (isUiLanguage(link.hreflang)) $chosenLanguage.set(link.hreflang);
    // The same link, with the table link's `?mesa=…&t=…` and the section the diner was reading.
    link.href = `${link.pathname}${location.search}${placeOnPage()}`;
  });
  const page = document.documentElement.lang;
  if ($suggestionDismissed.get()) return;
  const alternates = pageAlternates(document);
  const lang = suggestedLanguage(page, navigator.languages ?? [navigator.language], alternates, $chosenLanguage.get());
  if (lang)
    void import('./language-suggestion.ts').then(({ showLanguageSuggestion }) =>
      showLanguageSuggestion(lang, alternates.get(lang)!),
    );
}
