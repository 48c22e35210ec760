import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { deferModuleScripts } from '../../../src/shell/after-paint-scripts.ts';

describe('module scripts asked for after the first paint (build step)', () => {
  it('turns each module script tag into an import handed to umenuAfterPaint, and leaves other scripts alone', () => {
    const page =
      '<head><script>inline()</script><script type="application/json" id="d">{"a":1}</script></head>' +
      '<body><p>menu</p><script type="module" src="/_astro/a.B1.js"></script><script type="module" src="/_astro/b.C2.js"></script></body>';
    const { html, count } = deferModuleScripts(page);
    expect(count).toBe(2);
    expect(html).not.toContain('type="module"');
    expect(html).toContain(
      '<script>(window.umenuAfterPaint||function(f){f()})(function(){import("/_astro/a.B1.js")})</script>',
    );
    expect(html).toContain('import("/_astro/b.C2.js")');
    expect(html).toContain('<script>inline()</script><script type="application/json" id="d">{"a":1}</script>');
  });

  it('runs the imports after the paint when the layout defines the helper, at once without it', () => {
    const { html } = deferModuleScripts('<script type="module" src="/x.js"></script>');
    const body = /<script>([\s\S]*)<\/script>/.exec(html)![1]!.replace('import(', 'load(');
    const loaded: string[] = [];
    const queued: Array<() => void> = [];
    const run = (win: { umenuAfterPaint?: (f: () => void) => void }) =>
      runInNewContext(body, { window: win, load: (url: string) => loaded.push(url) });
    run({});
    expect(loaded).toEqual(['/x.js']);
    run({ umenuAfterPaint: (f) => queued.push(f) });
    expect(loaded).toEqual(['/x.js']);
    queued[0]!();
    expect(loaded).toEqual(['/x.js', '/x.js']);
  });
});
