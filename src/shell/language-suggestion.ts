/**
 * "Read this menu in English?": the suggestion under the header, in the language it offers
 * (loaded only when there is one to show; docs/architecture.md#languages).
 */
import type { UiLanguage } from '../contract/languages.ts';
import { $chosenLanguage, $suggestionDismissed } from './language-store.ts';

const WORDS: Record<UiLanguage, { menu: string; page: string; no: string }> = {
  es: { menu: '¿Leer este menú en español?', page: '¿Ver esta página en español?', no: 'No, gracias' },
  en: { menu: 'Read this menu in English?', page: 'View this page in English?', no: 'No, thanks' },
  fr: { menu: 'Lire cette carte en français ?', page: 'Afficher cette page en français ?', no: 'Non, merci' },
  de: { menu: 'Diese Speisekarte auf Deutsch lesen?', page: 'Diese Seite auf Deutsch anzeigen?', no: 'Nein, danke' },
  it: { menu: 'Leggere questo menù in italiano?', page: 'Vedere questa pagina in italiano?', no: 'No, grazie' },
  pt: { menu: 'Ler este menu em português?', page: 'Ver esta página em português?', no: 'Não, obrigado' },
  ca: { menu: 'Vols llegir aquesta carta en català?', page: 'Vols veure aquesta pàgina en català?', no: 'No, gràcies' },
};

export function showLanguageSuggestion(lang: UiLanguage, href: string): void {
  const box = document.getElementById('umenu-lang-suggest');
  if (!box) return;
  const words = WORDS[lang];
  const link = document.createElement('a');
  link.href = href;
  link.hreflang = lang;
  link.dataset.langSwitch = '';
  link.className = 'link font-semibold inline-flex min-h-11 items-center';
  link.textContent = document.getElementById('venue-facts') ? words.menu : words.page;
  link.addEventListener('click', () => $chosenLanguage.set(lang));
  const no = document.createElement('button');
  no.type = 'button';
  no.className = 'btn btn-ghost btn-sm min-h-11';
  no.textContent = words.no;
  no.addEventListener('click', () => {
    $suggestionDismissed.set(true);
    box.hidden = true;
  });
  box.lang = lang;
  box.replaceChildren(link, no);
  box.hidden = false;
}
