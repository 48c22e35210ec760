/**
 * Every interface language's catalogue, for the build only (a page inlines its own; see
 * src/lib/i18n.ts). Spanish is the base, defined beside the features that use it.
 */
import type { ComponentsJSON } from '@nanostores/i18n';
import type { UiLanguage } from '../contract/languages.ts';
import en from './en.json';
import fr from './fr.json';
import de from './de.json';
import it from './it.json';
import pt from './pt.json';
import ca from './ca.json';

export const CATALOGUES: Record<Exclude<UiLanguage, 'es'>, ComponentsJSON> = { en, fr, de, it, pt, ca };
