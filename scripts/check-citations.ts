/**
 * Run by `npm run lint`: the code cites only what is in the repository
 * (docs/architecture.md#comments). Every `docs/<file>.md#<heading>` must name an existing
 * file and one of its headings, and nothing may cite an outside document (product.md,
 * architecture.md, toolchain.md outside docs/), an issue number or a section sign (an RFC's
 * section, `RFC 7519 §4.1.7`, is a public standard and allowed). Exits 1 with every problem.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(import.meta.dirname, '..');
const ROOTS = ['src', 'server', 'agent', 'scripts', 'tests'];
const EXTENSIONS = /\.(?:ts|tsx|astro|mjs|cjs|js|css|md)$/;
const ROOT_FILES = ['README.md', 'astro.config.mjs', 'eslint.config.js', 'knip.config.ts', 'playwright.config.ts', 'tailwind.config.ts', 'vitest.config.ts', '.dependency-cruiser.cjs'];

const OUTSIDE: ReadonlyArray<{ pattern: RegExp; what: string }> = [
  { pattern: /\bproduct\.md\b/, what: 'product.md (cite docs/rules.md#<heading>)' },
  { pattern: /(?<!docs\/)\barchitecture\.md\b/, what: 'architecture.md outside docs/ (cite docs/architecture.md#<heading>)' },
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
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, '').replace(/ /g, '-');
}

const anchors = new Map<string, Set<string>>();
function anchorsOf(doc: string): Set<string> | undefined {
  if (!anchors.has(doc)) {
    const path = join(root, 'docs', doc);
    if (!existsSync(path)) return undefined;
    const headings = readFileSync(path, 'utf8').split('\n').filter((line) => /^#{1,6} /.test(line));
    anchors.set(doc, new Set(headings.map((line) => slug(line.replace(/^#+ /, '')))));
  }
  return anchors.get(doc);
}

const problems: string[] = [];
const files = [...ROOTS.flatMap(filesUnder), ...ROOT_FILES.filter((file) => existsSync(join(root, file)))];
const self = relative(root, import.meta.filename);
for (const file of files) {
  if (file === self) continue;
  const lines = readFileSync(join(root, file), 'utf8').split('\n');
  lines.forEach((line, index) => {
    for (const match of line.matchAll(/docs\/([\w-]+\.md)(?:#([\w-]+))?/g)) {
      const [cited, doc, anchor] = match as unknown as [string, string, string | undefined];
      const known = anchorsOf(doc);
      if (!known) problems.push(`${file}:${index + 1}: ${cited}: no such file in docs/`);
      else if (anchor && !known.has(anchor)) problems.push(`${file}:${index + 1}: ${cited}: no such heading in docs/${doc}`);
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
console.log(`${files.length} files cite only docs/ headings that exist`);
