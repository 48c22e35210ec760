import { describe, expect, it } from 'vitest';
import { cleanText, hasLetterOrDigit, TEXT_MESSAGES } from '../../../src/contract/text.ts';
import { ParticipantName } from '../../../src/contract/table.ts';
import { OrderInput, OrderLineInput } from '../../../src/contract/order.ts';

const RLO = '\u202E';
const acute = '\u0301';
const marks = (text: string) => [...text].filter((c) => /\p{M}/u.test(c)).length;

describe('cleanText (src/contract/text.ts)', () => {
  it('removes direction overrides, embeddings and isolates', () => {
    expect(cleanText(`${RLO}Luis, Marta`)).toBe('Luis, Marta');
    expect(cleanText('\u202DAna\u202C')).toBe('Ana');
    expect(cleanText('\u2067Luis\u2069 y \u2066Ana\u2069')).toBe('Luis y Ana');
    expect(cleanText('\u200FMarta\u200E')).toBe('Marta');
  });

  it('removes zero-width spaces and non-joiners, the BOM, soft hyphens and control characters', () => {
    expect(cleanText('\u200BLu\u200Bis\u200C')).toBe('Luis');
    expect(cleanText('\uFEFFAna\uFEFF')).toBe('Ana');
    expect(cleanText('Mar\u00ADta')).toBe('Marta');
    expect(cleanText('A\u0000n\u0007a\u001B[31m')).toBe('Ana[31m');
    expect(cleanText('\u200B\u200C\u200D\u2060\uFEFF')).toBe('');
    expect(cleanText('\u3164')).toBe('');
  });

  it('keeps the zero-width joiner of an emoji sequence, and a flag with tags', () => {
    expect(cleanText('Ana 👩‍💻')).toBe('Ana 👩‍💻');
    expect(cleanText('👨‍👩‍👧 Familia')).toBe('👨‍👩‍👧 Familia');
    expect(cleanText('Ana ❤️‍🔥')).toBe('Ana ❤️‍🔥');
    const scotland = '\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}';
    expect(cleanText(`Iain ${scotland}`)).toBe(`Iain ${scotland}`);
    // Tags hiding text after a letter are removed.
    expect(cleanText('Ana\u{E0068}\u{E0069}')).toBe('Ana');
    // A joiner with nothing to join is removed.
    expect(cleanText('\u200DAna\u200D\u200D \u200Dy Luis\u200D')).toBe('Ana y Luis');
  });

  it('keeps at most two stacked marks after a character', () => {
    const zalgo = `x${acute.repeat(39)}`;
    expect(cleanText(zalgo)).toBe(`x${acute}${acute}`);
    expect(cleanText(`Ana${'\u0336\u0335\u0334'.repeat(13)} López`)).toBe('Ana\u0336\u0335 López');
    expect(cleanText(`e${acute.repeat(39)}`)).toBe(`é${acute}`);
    expect(marks(cleanText(`e${acute.repeat(39)}`).normalize('NFD'))).toBe(2);
    expect(cleanText(`é${acute.repeat(5)}`)).toBe(`é${acute}`);
    // Vietnamese and Thai keep theirs; a spacing mark (Burmese) is not stacked.
    expect(cleanText('Nguyễn Thị Ngọc')).toBe('Nguyễn Thị Ngọc');
    expect(cleanText('กุ้ง')).toBe('กุ้ง');
    expect(cleanText('ကြိုး')).toBe('ကြိုး');
  });

  it('composes to NFC', () => {
    expect(cleanText(`Jose${acute}`)).toBe('José');
    expect(cleanText(`Jose${acute}`)).toHaveLength(4);
    expect(cleanText('Ñ'.normalize('NFD'))).toBe('Ñ');
    // A removed invisible character between a letter and its accent lets them compose.
    expect(cleanText(`Jose\u200B${acute}`)).toBe('José');
  });

  it('turns line breaks and tabs into spaces on one line; a note keeps its line breaks', () => {
    expect(cleanText('Ana\nMarta\tLuis')).toBe('Ana Marta Luis');
    expect(cleanText('sin cebolla\r\nbien hecha\u2028sin sal', { multiline: true })).toBe(
      'sin cebolla\nbien hecha\nsin sal',
    );
    expect(cleanText('  \n sin\u202E cebolla \n  ', { multiline: true })).toBe('sin cebolla');
    expect(cleanText('piso 3\tpuerta B\u0007', { multiline: true })).toBe('piso 3 puerta B');
  });

  it('replaces lone surrogates and trims', () => {
    expect(cleanText('  Ana\uD800  ')).toBe('Ana\uFFFD');
    expect(cleanText('   ')).toBe('');
  });

  it('cleaning twice changes nothing', () => {
    for (const text of [
      `${RLO}Luis, Marta`,
      `x${acute.repeat(39)}`,
      '\u200DAna\u200D\u200D \u200Dy 👩‍💻',
      ' a\r\n\u2028 b ',
      `Jose\u200B${acute}`,
    ]) {
      for (const multiline of [false, true]) {
        const once = cleanText(text, { multiline });
        expect(cleanText(once, { multiline }), JSON.stringify(text)).toBe(once);
      }
    }
  });

  it('a name has a letter or a digit', () => {
    expect(hasLetterOrDigit('Ana')).toBe(true);
    expect(hasLetterOrDigit('李')).toBe(true);
    expect(hasLetterOrDigit('محمد')).toBe(true);
    expect(hasLetterOrDigit('7')).toBe(true);
    expect(hasLetterOrDigit('🙂 !!')).toBe(false);
    expect(hasLetterOrDigit('')).toBe(false);
  });
});

describe('the contract schemas clean what they parse', () => {
  it('a participant name is cleaned, and one without a letter or digit gets the Spanish message', () => {
    expect(ParticipantName.parse(`  ${RLO}Luis, Marta  `)).toBe('Luis, Marta');
    expect(ParticipantName.parse(`Marta${acute.repeat(39)}`)).toBe(`Martá${acute}`);
    for (const name of ['\u200B\u200B\u200B', '\u200D', '🙂', '...']) {
      const result = ParticipantName.safeParse(name);
      expect(result.success, JSON.stringify(name)).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toEqual([TEXT_MESSAGES.nameNeedsLetters]);
    }
    expect(TEXT_MESSAGES.nameNeedsLetters).toBe('Escribe un nombre con letras o números.');
    // The length counts the cleaned name: 30 letters and 39 accents fit in 40.
    expect(ParticipantName.safeParse(`${'a'.repeat(30)}${acute.repeat(39)}`).success).toBe(true);
  });

  it('an order cleans the customer, the note and each line note', () => {
    const parsed = OrderInput.parse({
      venueId: 'v',
      mode: 'delivery',
      customer: { name: `${RLO}Ana`, phone: '\u202A+34 600 000 000\u202C', address: 'Calle 1\u200B\npiso 2' },
      note: `${RLO}sin\u200B prisa\ngracias`,
      tip: { percent: 0 },
      payment: 'cash',
      expectedTotal: 0,
      lines: [{ productId: 'p', optionIds: [], quantity: 1, note: `sin${acute.repeat(39)} sal` }],
    });
    expect(parsed.customer).toEqual({ name: 'Ana', phone: '+34 600 000 000', address: 'Calle 1\npiso 2' });
    expect(parsed.note).toBe('sin prisa\ngracias');
    expect(parsed.lines[0]?.note).toBe(`siń${acute} sal`);
    expect(OrderLineInput.parse({ productId: 'p', optionIds: [], quantity: 1, note: '\u200B' }).note).toBe('');
  });
});
