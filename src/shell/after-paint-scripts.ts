/**
 * Build step (an Astro integration, run before the service worker is generated): every page's
 * module scripts — the shell (`shell/main.ts`) and page scripts — are asked for only after the
 * page's first contentful paint, like the `client:paint` islands. The built HTML's
 * `<script type="module" src="…">` becomes a small inline script handing `import("…")` to
 * `umenuAfterPaint` (defined inline in the layout's `<head>`), so on a first visit the network
 * carries the page alone until the menu is on screen, and the first paint never waits for a script.
 * Module scripts already ran after parsing and never blocked rendering; this moves them one step
 * later (the shell copes with running before or after `DOMContentLoaded`).
 */
import type { AstroIntegration } from 'astro';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const MODULE_SCRIPT = /<script type="module" src="([^"<>]+)"><\/script>/g;

/** The page with its module scripts loaded after the first paint; `count` = how many were rewritten. */
export function deferModuleScripts(html: string): { html: string; count: number } {
  let count = 0;
  const out = html.replace(MODULE_SCRIPT, (_match, src: string) => {
    count++;
    // Without the layout's helper (a page not built on it), load at once, as before.
    return `<script>(window.umenuAfterPaint||function(f){f()})(function(){import(${JSON.stringify(src)})})</script>`;
  });
  return { html: out, count };
}

async function htmlFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await htmlFiles(full)));
    else if (entry.name.endsWith('.html')) out.push(full);
  }
  return out;
}

export function afterPaintScripts(): AstroIntegration {
  return {
    name: 'umenu:after-paint-scripts',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        let pages = 0;
        for (const file of await htmlFiles(fileURLToPath(dir))) {
          const { html, count } = deferModuleScripts(await readFile(file, 'utf8'));
          if (count === 0) continue;
          await writeFile(file, html);
          pages++;
        }
        // Every page carries the shell's script: none found means the markup changed under this step.
        if (pages === 0) throw new Error('after-paint-scripts: no <script type="module" src> found in the built pages');
        logger.info(`module scripts load after the first paint on ${pages} pages`);
      },
    },
  };
}
