/**
 * Run by `npm run lint`: a sentence a client reads in a problem (its `detail`, a field error) lives in
 * the contract, in the feature's `*_MESSAGES` object in src/contract/ (docs/architecture.md#problem-wording),
 * not inline in server code. This reports every Spanish sentence written as a string in server/,
 * with these exceptions, which no client reads as an API answer:
 * - the demo data (server/demo/) and the stand-in sign-in provider's own pages (server/oidc-demo/);
 * - the argument of `new Error(…)` / `Error(…)` and of `console.*` (messages for whoever runs the
 *   server, in its log or at start-up);
 * - HTML (a template that starts with `<`) and event-stream comments (starting with `:`).
 * A string counts as a Spanish sentence when it starts with a capital letter (or `¿`, `¡`, `${…}`),
 * has two words or more, and more Spanish than English marks (accented letters, function words);
 * inside the arguments of `problem(…)`, as many.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const root = join(import.meta.dirname, '..');
const EXEMPT_DIRS = [/^server\/demo\//, /^server\/oidc-demo\//];

const SPANISH_WORDS = new Set(
  'el la los las del de que una un unos unas para con por esta este estos esa ese eso ya se tu tus su sus hay más al en es son y lo sin como pero tiene puede está están te has he hemos muy aquí otra otro solo sólo'.split(
    ' ',
  ),
);
const ENGLISH_WORDS = new Set(
  'the of and is are or an to with when its for on by from has not this that it be was were which'.split(' '),
);

/** The text of a literal, `${…}` parts as `X`. */
function textOf(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node))
    return node.head.text + node.templateSpans.map((span) => 'X' + span.literal.text).join('');
  return undefined;
}

export function isSpanishSentence(text: string, inProblem = false): boolean {
  const trimmed = text.trim();
  if (!/^[¿¡]?[\p{Lu}X]/u.test(trimmed) || trimmed.startsWith('<')) return false;
  const words = trimmed.toLowerCase().match(/[\p{L}]+/gu) ?? [];
  if (words.length < 2) return false;
  const accents = /[áéíóúñ¿¡]/i.test(trimmed) ? 1 : 0;
  const spanish = words.filter((word) => SPANISH_WORDS.has(word)).length + accents;
  const english = words.filter((word) => ENGLISH_WORDS.has(word)).length;
  // Inside a problem every sentence is for a client: one with no English marks counts as well.
  // (Not a header value such as `Bearer error="invalid_token"`.)
  return inProblem && !trimmed.includes('=') ? spanish >= english : spanish > english;
}

/** Inside the arguments of `problem(…)`, `validationProblem(…)` or `new HttpProblem(…)`. */
function inProblem(node: ts.Node): boolean {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if (
      (ts.isNewExpression(at) || ts.isCallExpression(at)) &&
      ts.isIdentifier(at.expression) &&
      /^(problem|validationProblem|HttpProblem)$/.test(at.expression.text)
    )
      return true;
  }
  return false;
}

/** Inside `new Error(…)`, `Error(…)` or `console.*(…)`. */
function forTheOperator(node: ts.Node): boolean {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if (
      (ts.isNewExpression(at) || ts.isCallExpression(at)) &&
      ts.isIdentifier(at.expression) &&
      /Error$/.test(at.expression.text)
    )
      return true;
    if (
      ts.isCallExpression(at) &&
      ts.isPropertyAccessExpression(at.expression) &&
      ts.isIdentifier(at.expression.expression) &&
      at.expression.expression.text === 'console'
    )
      return true;
  }
  return false;
}

function* serverFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) yield* serverFiles(path);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) yield path;
  }
}

interface Found {
  file: string;
  line: number;
  text: string;
}

export function inlineSentences(file: string, source: string): Found[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const found: Found[] = [];
  const visit = (node: ts.Node): void => {
    const text = textOf(node);
    if (text !== undefined) {
      if (isSpanishSentence(text, inProblem(node)) && !text.startsWith(':') && !forTheOperator(node)) {
        found.push({
          file,
          line: sf.getLineAndCharacterOfPosition(node.getStart()).line + 1,
          text: text.replace(/\s+/g, ' ').trim(),
        });
      }
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

const main = import.meta.filename === process.argv[1];
if (main) {
  const problems: string[] = [];
  let checked = 0;
  for (const file of serverFiles('server')) {
    if (EXEMPT_DIRS.some((pattern) => pattern.test(file))) continue;
    checked++;
    for (const { line, text } of inlineSentences(file, readFileSync(join(root, file), 'utf8')))
      problems.push(`${file}:${line}: «${text}»`);
  }
  if (problems.length) {
    console.log(
      `Sentences a client reads written inline (move them to the feature's *_MESSAGES in src/contract/):\n${problems.join('\n')}`,
    );
    process.exit(1);
  }
  console.log(`${checked} server files take the sentences of their problems from the contract`);
}
