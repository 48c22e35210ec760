/**
 * The page's interface language and its inline catalogue (docs/architecture.md#languages), for the
 * scripts of a page's first load that need a few words without the i18n runtime (src/lib/i18n.ts).
 */
import type { ComponentsJSON } from '@nanostores/i18n';
import { isUiLanguage, UI_LANGUAGES, type UiLanguage } from '../contract/languages.ts';

/** `<html lang>` (Spanish on the server). */
export function pageLanguage(): UiLanguage {
  const lang = typeof document === 'undefined' ? 'es' : document.documentElement.lang;
  return isUiLanguage(lang) ? lang : 'es';
}

let catalogue: ComponentsJSON | null | undefined;

/** The page's catalogue (`#umenu-i18n`): none on a Spanish page (its words are in the code). */
export function pageCatalogue(): ComponentsJSON | null {
  if (catalogue !== undefined) return catalogue;
  catalogue = null;
  if (typeof document === 'undefined' || pageLanguage() === 'es') return catalogue;
  try {
    const text = document.getElementById('umenu-i18n')?.textContent;
    if (text) catalogue = JSON.parse(text) as ComponentsJSON;
  } catch {
    // unreadable: the Spanish words stay
  }
  return catalogue;
}

/** One component's words of the page's catalogue, as plain texts ({name} placeholders left in). */
export function pageWords(component: string): Record<string, string> | undefined {
  const words = pageCatalogue()?.[component];
  if (!words) return undefined;
  return Object.fromEntries(
    Object.entries(words).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** `fill('Hoy {hours}', { hours: '9–17' })`. */
export function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/**
 * A site path in the page's language (docs/architecture.md#languages): `/pedidos` on a Spanish
 * page, `/en/pedidos` on an English one. Paths that exist in one language only stay as they are.
 */
export function localPath(path: string, lang: UiLanguage = pageLanguage()): string {
  if (lang === 'es' || !path.startsWith('/')) return path;
  return path === '/' ? `/${lang}/` : `/${lang}${path}`;
}

/** The path without its interface language prefix: `/en/pedidos/ver` → `/pedidos/ver`. */
export function withoutLanguage(path: string): string {
  const match = /^\/([a-z]{2})(\/.*)?$/.exec(path);
  if (!match || !isUiLanguage(match[1]) || match[1] === 'es') return path;
  return match[2] ?? '/';
}

/** The same page in every interface language (`/pedidos`, `/en/pedidos`, …): a layout's `alternates`. */
export function languageAlternates(path: string): Record<UiLanguage, string> {
  return Object.fromEntries(UI_LANGUAGES.map((lang) => [lang, localPath(path, lang)])) as Record<UiLanguage, string>;
}

/** `getStaticPaths` of a `/{lang}/…` page: every interface language but Spanish (the unprefixed page). */
export function otherLanguagePaths(): { params: { lang: UiLanguage }; props: { lang: UiLanguage } }[] {
  return UI_LANGUAGES.filter((lang) => lang !== 'es').map((lang) => ({ params: { lang }, props: { lang } }));
}
