/**
 * Run by `npm run lint`: the code cites only what is in the repository
 * (docs/architecture.md#comments). Every `docs/<file>.md#<heading>` must name an existing
 * file and one of its headings; so must every README heading cited, as `README.md#<anchor>` or
 * `README "<heading>"` (also `README, "…"`, `«…»`; `server/README.md` for the API's README, the
 * site's README.md otherwise), and nothing may cite an outside document (product.md,
 * architecture.md, toolchain.md outside docs/), an issue number or a section sign (an RFC's
 * section, `RFC 7519 §4.1.7`, is a public standard and allowed). Exits 1 with every problem.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(import.meta.dirname, '..');
const ROOTS = ['src', 'server', 'agent', 'scripts', 'tests', 'docs'];
const EXTENSIONS = /\.(?:ts|tsx|astro|mjs|cjs|js|css|md)$/;
const ROOT_FILES = [
  'README.md',
  'astro.config.mjs',
  'eslint.config.js',
  'knip.config.ts',
  'playwright.config.ts',
  'tailwind.config.ts',
  'vitest.config.ts',
  '.dependency-cruiser.cjs',
];

const OUTSIDE: ReadonlyArray<{ pattern: RegExp; what: string }> = [
  { pattern: /\bproduct\.md\b/, what: 'product.md (cite docs/rules.md#<heading>)' },
  {
    pattern: /(?<!docs\/)\barchitecture\.md\b/,
    what: 'architecture.md outside docs/ (cite docs/architecture.md#<heading>)',
  },
  { pattern: /\btoolchain\.md\b/, what: 'toolchain.md' },
  { pattern: /\bissues? #?\d+/i, what: 'an issue number (cite the rule in docs/)' },
  { pattern: /(?<!RFC \d+ )§/, what: 'a section sign (cite docs/<file>.md#<heading>)' },
];

function filesUnder(dir: string): string[] {
  if (!existsSync(join(root, dir))) return [];
  return readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && EXTENSIONS.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

/** GitHub's anchor for a Markdown heading. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

const headingsCache = new Map<string, string[] | undefined>();
/** The headings of a Markdown file of the repository (outside fenced code), or undefined when there is no such file. */
function headingsOf(file: string): string[] | undefined {
  if (!headingsCache.has(file)) {
    const path = join(root, file);
    let fenced = false;
    headingsCache.set(
      file,
      existsSync(path)
        ? readFileSync(path, 'utf8')
            .split('\n')
            .filter((line) => {
              if (/^\s*```/.test(line)) fenced = !fenced;
              return !fenced && /^#{1,6} /.test(line);
            })
            .map((line) => line.replace(/^#+ /, '').trim())
        : undefined,
    );
  }
  return headingsCache.get(file);
}
const anchorsOf = (file: string): Set<string> | undefined => {
  const headings = headingsOf(file);
  return headings && new Set(headings.map(slug));
};

/** `server/README.md#x`, `README.md#x`, `README "X"`, `server/README.md, "X"`, `README («X»)`, across a comment's line break. */
const README_CITATION = /(server\/)?README(?:\.md)?(?:#([\w-]+)|,?(?:\s|\*|\/\/)*\(?(?:docs: )?["«“]([^"»”\n]+)["»”])/g;

const problems: string[] = [];
const files = [...ROOTS.flatMap(filesUnder), ...ROOT_FILES.filter((file) => existsSync(join(root, file)))];
const self = relative(root, import.meta.filename);
for (const file of files) {
  if (file === self) continue;
  const text = readFileSync(join(root, file), 'utf8');
  for (const match of text.matchAll(README_CITATION)) {
    const [cited, server, anchor, heading] = match as unknown as [
      string,
      string | undefined,
      string | undefined,
      string | undefined,
    ];
    const readme = server ? 'server/README.md' : 'README.md';
    const line = text.slice(0, match.index).split('\n').length;
    const shown = cited.replace(/\s*\n\s*(\*|\/\/)?\s*/g, ' ');
    if (anchor && !anchorsOf(readme)!.has(anchor))
      problems.push(`${file}:${line}: ${shown}: no such heading in ${readme}`);
    if (heading && !headingsOf(readme)!.includes(heading.trim()))
      problems.push(`${file}:${line}: ${shown}: no such heading in ${readme}`);
  }
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    for (const match of line.matchAll(/docs\/([\w-]+\.md)(?:#([\w-]+))?/g)) {
      const [cited, doc, anchor] = match as unknown as [string, string, string | undefined];
      const known = anchorsOf(`docs/${doc}`);
      if (!known) problems.push(`${file}:${index + 1}: ${cited}: no such file in docs/`);
      else if (anchor && !known.has(anchor))
        problems.push(`${file}:${index + 1}: ${cited}: no such heading in docs/${doc}`);
    }
    for (const { pattern, what } of OUTSIDE) {
      if (pattern.test(line)) problems.push(`${file}:${index + 1}: cites ${what}`);
    }
  });
}

if (problems.length) {
  console.log(problems.join('\n'));
  process.exit(1);
}
console.log(`${files.length} files cite only docs/ and README headings that exist`);
