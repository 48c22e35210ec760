/** Addresses in the page's language (src/lib/page-language.ts, docs/architecture.md#languages). */
import { describe, expect, it } from 'vitest';
import { languageAlternates, localPath, otherLanguagePaths, withoutLanguage } from '../../../src/lib/page-language.ts';
import { isSamePage } from '../../../src/features/auth/redirect.ts';

describe("addresses in the page's language", () => {
  it('prefixes a site path with another language, leaves Spanish and outside addresses as they are', () => {
    expect(localPath('/pedidos/ver?id=1', 'en')).toBe('/en/pedidos/ver?id=1');
    expect(localPath('/', 'fr')).toBe('/fr/');
    expect(localPath('/login', 'es')).toBe('/login');
    expect(localPath('https://example.com/x', 'de')).toBe('https://example.com/x');
  });

  it('takes the language off a path, and only a known other language', () => {
    expect(withoutLanguage('/en/pedidos/ver')).toBe('/pedidos/ver');
    expect(withoutLanguage('/ca')).toBe('/');
    expect(withoutLanguage('/es/login')).toBe('/es/login');
    expect(withoutLanguage('/xx/login')).toBe('/xx/login');
    expect(withoutLanguage('/taqueria-el-guero')).toBe('/taqueria-el-guero');
  });

  it('knows the login page in every language', () => {
    expect(isSamePage('/en/login?next=1', '/login')).toBe(true);
    expect(isSamePage('/en/pedidos', '/login')).toBe(false);
  });

  it("lists a page in every language, and the prefixed languages' pages", () => {
    expect(languageAlternates('/pedidos')).toEqual({
      es: '/pedidos',
      en: '/en/pedidos',
      fr: '/fr/pedidos',
      de: '/de/pedidos',
      it: '/it/pedidos',
      pt: '/pt/pedidos',
      ca: '/ca/pedidos',
    });
    expect(otherLanguagePaths().map((p) => p.params.lang)).toEqual(['en', 'fr', 'de', 'it', 'pt', 'ca']);
  });
});
