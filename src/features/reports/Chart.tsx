/**
 * A uPlot chart in the page (docs/architecture.md#reports): uPlot is imported when the first chart mounts, never with
 * the page's own code, and the chart follows its box's width (a phone's 390 px as a desktop's column).
 */
import { useEffect, useRef, useState } from 'react';
import type { ChartSpec, DrawnChart } from './uplot-chart.ts';

let library: Promise<typeof import('./uplot-chart.ts')> | undefined;
const loadLibrary = () => {
  library ??= import('./uplot-chart.ts');
  library.catch(() => {
    library = undefined;
  });
  return library;
};

/** The chart's height for its width: lower on a phone, so several fit on a screen. */
const heightFor = (width: number) => (width < 500 ? 200 : 240);

export function Chart({ spec, testId }: { spec: ChartSpec; testId?: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let drawn: DrawnChart | undefined;
    let live = true;
    let observer: ResizeObserver | undefined;
    loadLibrary().then(
      ({ drawChart }) => {
        if (!live) return;
        const width = Math.max(200, Math.floor(el.clientWidth));
        drawn = drawChart(el, spec, width, heightFor(width));
        let last = width;
        observer = new ResizeObserver(() => {
          const w = Math.max(200, Math.floor(el.clientWidth));
          if (w === last) return;
          last = w;
          drawn?.resize(w, heightFor(w));
        });
        observer.observe(el);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
      observer?.disconnect();
      drawn?.destroy();
    };
  }, [spec]);

  if (failed) return <p className="text-sm">No pudimos dibujar el gráfico: «Ver tabla» muestra sus cifras.</p>;
  return <div ref={box} className="report-chart w-full" data-testid={testId} />;
}
