import { expect, test } from './fixtures.ts';

/**
 * Search and filters on the 500-product venue answer a keystroke in under
 * 50 ms (measured in the browser). Needs the server started with
 * UMENU_SEED_LARGE=1 (mercado-grande), which the browser tests' server always has.
 */
test('mercado-grande: search and filter keystrokes answer in under 50 ms', async ({ page, request }, testInfo) => {
  const venue = await request.get('/api/venues/mercado-grande');
  expect(venue.status(), 'mercado-grande is seeded for the browser tests (scripts/site-build.ts)').toBe(200);
  await page.goto('/mercado-grande');
  await expect(page.locator('[data-product-id]')).toHaveCount(520);
  // The first tap into the search box wakes the menu's island (`client:touch`).
  const search = page.getByRole('searchbox', { name: 'Buscar en el menú' });
  await search.click();
  await page.waitForFunction(() => window.__umenuMenuReady === true);
  await page.evaluate(() => {
    (window as unknown as { __events: number[] }).__events = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        if (e.name !== 'pointerover' && e.name !== 'pointerenter' && e.name !== 'mouseover')
          (window as unknown as { __events: string[] }).__events.push(`${e.name}:${e.duration}`);
    }).observe({ type: 'event', durationThreshold: 16, buffered: false } as PerformanceObserverInit);
  });

  const keystrokes: number[] = [];
  for (const key of 'croqueta'.split('').concat(['Backspace', 'Backspace', 'Backspace'])) {
    await page.evaluate(() => {
      window.__umenuKeystrokeMs = undefined;
    });
    await page.keyboard.press(key);
    await page.waitForFunction(() => window.__umenuKeystrokeMs !== undefined);
    keystrokes.push(await page.evaluate(() => window.__umenuKeystrokeMs!));
  }
  await page.getByRole('button', { name: 'Filtros', exact: true }).click();
  for (const name of ['Vegano', 'Sin gluten', 'Sin lácteos']) {
    await page.evaluate(() => {
      window.__umenuKeystrokeMs = undefined;
    });
    await page.getByRole('checkbox', { name }).click();
    await page.waitForFunction(() => window.__umenuKeystrokeMs !== undefined);
    keystrokes.push(await page.evaluate(() => window.__umenuKeystrokeMs!));
  }
  // Event-timing entries are delivered after the next paint: two frames.
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
  const raw = await page.evaluate(() => (window as unknown as { __events: string[] }).__events);
  const events = raw.map((e) => Number(e.split(':')[1]));
  console.log(
    'inputs',
    keystrokes.map((k) => k.toFixed(1)).join(' '),
    '| slow events',
    raw.filter((e) => Number(e.split(':')[1]) >= 50).join(' '),
  );
  const max = Math.max(...keystrokes);
  const median = [...keystrokes].sort((a, b) => a - b)[Math.floor(keystrokes.length / 2)]!;
  const figure =
    `keystroke → cards updated: median ${median.toFixed(1)} ms, max ${max.toFixed(1)} ms over ${keystrokes.length} inputs; ` +
    `event-timing (input → next paint, only ≥16 ms reported): ${events.length ? `max ${Math.max(...events)} ms of ${events.length}` : 'none ≥16 ms'}`;
  console.log(`[${testInfo.project.name}] ${figure}`);
  testInfo.annotations.push({ type: 'latency', description: figure });
  // The median is asserted: on a shared 2-core CI box a single sample can be
  // delayed by other processes (the max is printed above for the report).
  expect(median).toBeLessThan(50);
});
