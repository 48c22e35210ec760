/** The diner's language choice and whether they turned the suggestion down, kept on the device (docs/architecture.md#languages). */
import { persistentStore } from '../lib/persist.ts';
import { isUiLanguage, type UiLanguage } from '../contract/languages.ts';

export const $chosenLanguage = persistentStore<UiLanguage | null>(
  'language',
  null,
  (v): v is UiLanguage | null => v === null || isUiLanguage(v),
);
export const $suggestionDismissed = persistentStore<boolean>(
  'languageSuggestionDismissed',
  false,
  (v): v is boolean => typeof v === 'boolean',
);
