/**
 * Text one person types and others read (docs/rules.md#limits-and-bad-input): names at a table,
 * customer names, addresses and notes. One rule for the browser and the server, applied by the
 * contract's schemas (`z.overwrite`), so what is stored and shown is the cleaned text:
 *
 * - lone UTF-16 surrogates become U+FFFD; the text is normalised to NFC;
 * - control characters (\p{Cc}) go: tabs and line breaks become a space (a note keeps its
 *   line breaks as `\n`), the others are removed;
 * - format characters (\p{Cf}: direction overrides and isolates, zero-width space and
 *   non-joiner, BOM, soft hyphen, tags…) are removed, except U+200D ZERO WIDTH JOINER inside a
 *   word (emoji sequences such as 👩‍💻) and the tags of a flag such as 🏴󠁧󠁢󠁳󠁣󠁴󠁿; the blank Hangul fillers too;
 * - at most 2 non-spacing combining marks (\p{Mn}, \p{Me}) follow one character, counted in
 *   the decomposed text (é is e + ´; ễ is e + ˆ + ˜): stacked accents cannot draw over the text
 *   around them (spacing marks, \p{Mc}, take room on the line like letters and stay);
 * - the ends are trimmed.
 *
 * A name must also keep at least one letter or digit (\p{L}, \p{N}).
 */
import * as z from 'zod/mini';

/** Non-spacing combining marks kept after one character. */
export const MAX_STACKED_MARKS = 2;

export const TEXT_MESSAGES = {
  /** A name with no letter or digit (only symbols, or only invisible characters). */
  nameNeedsLetters: 'Escribe un nombre con letras o números.',
} as const;

const ZWJ = '\u200D';
const LINE_BREAK = /\r\n?|[\n\v\f\u0085\u2028\u2029]/g;
/** A flag's tag sequence (kept), or a character that draws nothing or changes direction (removed). */
const INVISIBLE = /(\u{1F3F4}[\u{E0020}-\u{E007E}]{1,30}\u{E007F})|[\p{Cc}\p{Cf}\u115F\u1160\u3164\uFFA0]/gu;
const MARK_RUN = /\p{M}{3,}/gu;
const SPACING_MARK = /\p{Mc}/u;
/** A joiner with nothing to join on one side: at the ends, next to a space, or doubled. */
const LOOSE_JOINER = /(^|\s)\u200D+|\u200D+(?=\s|$)/g;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

export interface CleanOptions {
  /** A note or an address: keeps line breaks (as `\n`). */
  multiline?: boolean;
}

/** The text as kept and shown (see the rule above). */
export function cleanText(text: string, { multiline = false }: CleanOptions = {}): string {
  const breaks = text.toWellFormed().replace(LINE_BREAK, multiline ? '\n' : ' ');
  const visible = breaks
    .replace(INVISIBLE, (found: string, flag: string | undefined) => {
      if (flag) return flag;
      if (found === ZWJ || (found === '\n' && multiline)) return found;
      return found === '\t' ? ' ' : '';
    })
    .normalize('NFD');
  // Counted decomposed (é is e + ´): at most two accents are drawn over or under a letter.
  const capped = visible
    .replace(MARK_RUN, (run) => {
      let stacked = 0;
      return Array.from(run)
        .filter((mark) => SPACING_MARK.test(mark) || ++stacked <= MAX_STACKED_MARKS)
        .join('');
    })
    .normalize('NFC');
  return capped
    .replace(/\u200D{2,}/g, ZWJ)
    .replace(LOOSE_JOINER, '$1')
    .trim();
}

/** A name has at least one letter or digit (emoji or punctuation alone do not name anyone). */
export function hasLetterOrDigit(text: string): boolean {
  return LETTER_OR_DIGIT.test(text);
}

/** Schema check: replaces a one-line text (a name, a phone) by its cleaned form. */
export const cleanLine = () => z.overwrite<string>((text) => cleanText(text));

/** Schema check: replaces a note or an address by its cleaned form (line breaks kept). */
export const cleanNote = () => z.overwrite<string>((text) => cleanText(text, { multiline: true }));

/**
 * Schema check, before `cleanLine()`: a name that is not blank must have a letter or digit.
 * It stops the checks after it, so the person reads this one message (a blank name is
 * left to the length check).
 */
export const needsLetterOrDigit = (message: string = TEXT_MESSAGES.nameNeedsLetters) =>
  z.refine<string>((text) => text.trim() === '' || hasLetterOrDigit(cleanText(text)), { message, abort: true });
