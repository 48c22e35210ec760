/**
 * scripts/check-problem-wording.ts (docs/architecture.md#problem-wording): what it reports as a sentence a
 * client reads written inline in server code, and what it leaves alone.
 */
import { describe, expect, it } from 'vitest';
import { inlineSentences, isSpanishSentence } from '../../../scripts/check-problem-wording.ts';

const found = (source: string) => inlineSentences('server/features/x/routes.ts', source).map((f) => f.text);

describe('check-problem-wording', () => {
  it('reports a Spanish detail, a field error and a sentence kept in a constant', () => {
    expect(
      found("throw problem('notFound', 404, 'Ese local no existe.', { errors: { id: ['Local no encontrado'] } });"),
    ).toEqual(['Ese local no existe.', 'Local no encontrado']);
    expect(
      found('const tooMany = (wait: string) => `Has hecho demasiados pedidos. Podrás pedir de nuevo en ${wait}.`;'),
    ).toEqual(['Has hecho demasiados pedidos. Podrás pedir de nuevo en X.']);
    expect(found("add('payment', 'Elige cómo vas a pagar.');")).toEqual(['Elige cómo vas a pagar.']);
  });

  it('leaves alone messages for whoever runs the server, HTML, identifiers and English', () => {
    expect(found("throw new Error('la portada no tiene la lista de locales');")).toEqual([]);
    expect(found('throw new Error(`UMENU_X no es válido: «${value}»`);')).toEqual([]);
    expect(found('console.warn(`[umenu] no se pudo regenerar la página ${id}`);')).toEqual([]);
    expect(
      found('const page = `<main><h1>Preparando umenu…</h1><p>Estamos construyendo el sitio.</p></main>`;'),
    ).toEqual([]);
    expect(found("throw problem('notFound', 404, ORDER_MESSAGES.orderNotFound);")).toEqual([]);
    expect(found("summary: 'The venue\\'s printers with their state and `alert` «Impresora sin conexión»',")).toEqual(
      [],
    );
    expect(found('// No encontramos el local: a comment is not an answer.')).toEqual([]);
  });

  it('tells a Spanish sentence from a name or an English one', () => {
    expect(isSpanishSentence('Estado no válido')).toBe(true);
    expect(isSpanishSentence('Revisa los campos marcados.')).toBe(true);
    expect(isSpanishSentence('Cocina')).toBe(false);
    expect(isSpanishSentence('isla del menú')).toBe(false);
    expect(isSpanishSentence('No such venue, or the table has no open session')).toBe(false);
  });
});
