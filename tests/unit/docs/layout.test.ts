/**
 * docs/architecture.md#layout names every folder of the code's first levels: each folder under
 * `src/`, each feature under `src/features/` and each feature under `server/features/`. A folder
 * added, renamed or removed without the page saying so fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');
const folders = (dir: string) =>
  readdirSync(join(root, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();

/** The Layout section's tree, as lines. */
function layoutTree(): string[] {
  const page = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
  const section = page.split(/^## /m).find((part) => part.startsWith('Layout\n'));
  if (!section) throw new Error('docs/architecture.md has no "## Layout" section');
  const tree = /```\n([\s\S]*?)```/.exec(section)?.[1];
  if (!tree) throw new Error('the Layout section has no tree');
  return tree.split('\n');
}

/** The lines of a top-level entry (`src/`, `server/`) down to the next top-level one. */
function block(lines: string[], top: string): string[] {
  const start = lines.findIndex((line) => line.startsWith(`${top}/`));
  if (start < 0) return [];
  const end = lines.findIndex((line, i) => i > start && /^\S/.test(line));
  return lines.slice(start + 1, end < 0 ? undefined : end);
}

/** The text of a second-level entry (`  features/ …`) with its continuation lines. */
function entry(lines: string[], name: string): string {
  const start = lines.findIndex((line) => line.startsWith(`  ${name}/`));
  if (start < 0) return '';
  const end = lines.findIndex((line, i) => i > start && /^ {2}\S/.test(line));
  return lines
    .slice(start, end < 0 ? undefined : end)
    .join(' ')
    .slice(`  ${name}/`.length);
}

/** A name in a list («menu, cart, checkout»): a whole word, not part of another (`table` in `table-sessions`). */
const names = (text: string, name: string) =>
  new RegExp(`(^|[\\s,(])${name.replace(/[-]/g, '\\-')}(?=[\\s,:)]|$)`).test(text);

describe('docs/architecture.md#layout', () => {
  const tree = layoutTree();
  const src = block(tree, 'src');
  const server = block(tree, 'server');

  it.each(folders('src'))('names src/%s/', (folder) => {
    expect(
      src.some((line) => line.startsWith(`  ${folder}/`)),
      `src/${folder}/ is not in the Layout tree`,
    ).toBe(true);
  });

  it.each(folders('src/features'))('names the site feature %s', (feature) => {
    expect(
      names(entry(src, 'features'), feature),
      `src/features/${feature} is not in the Layout tree's src/features/ line`,
    ).toBe(true);
  });

  it.each(folders('server/features'))('names the server feature %s', (feature) => {
    expect(
      names(entry(server, 'features'), feature),
      `server/features/${feature} is not in the Layout tree's server/features/ line`,
    ).toBe(true);
  });
});
