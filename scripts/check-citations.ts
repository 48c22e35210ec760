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
const ROOTS = ['src', 'server', 'scripts', 'tests'];
const EXTENSIONS = /\.(?:ts|tsx|astro|mjs|cjs|js|css|md)$/;
const ROOT_FILES = ['README.md', 'astro.config.mjs', 'eslint.config.js', 'knip.config.ts', 'playwright.config.ts', 'tailwind.config.ts', 'vitest.config.ts', '.dependency-cruiser.cjs'];

const OUTSIDE: ReadonlyArray<{ pattern: RegExp; what: string }> = [
  { pattern: /\bproduct\.md\b/, what: 'product.md (cite docs/rules.md#<heading>)' },
  { pattern: /(?<!docs\/)\barchitecture\.md\b/, what: 'architecture.md outside docs/ (cite docs/architecture.md#<heading>)' },
  { pattern: /\btoolchain\.md\b/, what: 'toolchain.md' },
  { pattern: /\bissues? #?\d+/i, what: 'an issue number (cite the rule in docs/)' },
  { pattern: /(?<!RFC \d+ )§/, what: 'a section sign (cite docs/<file>.md#<heading>)' },
];

/**
 * TEMPORARY: files edited on other branches that still cite outside documents; the lead
 * rewrites their comments after merging and deletes each entry (a stale entry fails too).
 */
const NOT_YET: ReadonlySet<string> = new Set([
  'src/contract/money.ts',
  'src/features/auth/account-menu.ts',
  'src/features/auth/scope.ts',
  'src/features/cart/cart.ts',
  'src/features/checkout/CheckoutForm.tsx',
  'src/features/checkout/submit-core.ts',
  'src/features/checkout/validate.ts',
  'src/features/manage/MenuEditor.tsx',
  'src/features/manage/NewVenue.tsx',
  'src/features/manage/TableSheet.tsx',
  'src/features/manage/api.ts',
  'src/features/manage/model.ts',
  'src/features/manage/scope.ts',
  'src/features/menu/live-venue.ts',
  'src/features/menu/media-srcset.ts',
  'src/features/orders/api.ts',
  'src/features/orders/status.ts',
  'src/features/staff/SoldOutList.tsx',
  'src/features/staff/TablesSection.tsx',
  'src/features/staff/api.ts',
  'src/features/staff/tables.ts',
  'src/features/table/api.ts',
  'src/features/table/index.ts',
  'src/features/table/store.ts',
  'server/pricing.ts',
  'server/routes/auth.ts',
  'server/routes/manage.ts',
  'server/routes/table-sessions.ts',
  'server/routes/tables.ts',
  'server/routes/venues.ts',
  'server/table-sessions.ts',
  'tests/e2e/manage-menu.spec.ts',
  'tests/e2e/manage-new-venue.spec.ts',
  'tests/e2e/manage-sold-out.spec.ts',
  'tests/e2e/manage-tables.spec.ts',
  'tests/e2e/menu-images.spec.ts',
  'tests/e2e/menu-live.spec.ts',
  'tests/e2e/menu.spec.ts',
  'tests/e2e/order-flow.spec.ts',
  'tests/e2e/table-helpers.ts',
  'tests/e2e/table-resilience.spec.ts',
  'tests/e2e/table-session.spec.ts',
  'tests/e2e/table-staff-phone.spec.ts',
  'tests/e2e/table-staff.spec.ts',
]);

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
  let outside = false;
  lines.forEach((line, index) => {
    for (const match of line.matchAll(/docs\/([\w-]+\.md)(?:#([\w-]+))?/g)) {
      const [cited, doc, anchor] = match as unknown as [string, string, string | undefined];
      const known = anchorsOf(doc);
      if (!known) problems.push(`${file}:${index + 1}: ${cited}: no such file in docs/`);
      else if (anchor && !known.has(anchor)) problems.push(`${file}:${index + 1}: ${cited}: no such heading in docs/${doc}`);
    }
    for (const { pattern, what } of OUTSIDE) {
      if (!pattern.test(line)) continue;
      outside = true;
      if (!NOT_YET.has(file)) problems.push(`${file}:${index + 1}: cites ${what}`);
    }
  });
  if (NOT_YET.has(file) && !outside) problems.push(`${file}: cites nothing outside any more: delete it from NOT_YET in ${self}`);
}
for (const file of NOT_YET) if (!files.includes(file)) problems.push(`${file}: no such file: delete it from NOT_YET in ${self}`);

if (problems.length) {
  console.log(problems.join('\n'));
  process.exit(1);
}
console.log(`${files.length} files cite only docs/ headings that exist`);
