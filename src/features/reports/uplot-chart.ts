/**
 * Draws one chart with uPlot (docs/architecture.md#reports): loaded by Chart.tsx with a dynamic import, so uPlot and its
 * stylesheet reach only the reports page, and only after its figures are on screen. The x axis is a list of positions
 * (hours, days) named by `xTick`; the y axis starts at 0. The canvas is a picture (`role="img"`) with a summary in
 * words; the numbers themselves are in the chart's table view.
 */
import uPlot from 'uplot';
import css from 'uplot/dist/uPlot.min.css?inline';
import { injectStyles } from '../../styles/inject.ts';

injectStyles('umenu-uplot-styles', css);

export interface ChartSeries {
  label: string;
  values: (number | null)[];
  kind: 'bars' | 'line';
  /** Drawn dotted (the previous period). */
  dashed?: boolean;
  /** A CSS colour (a daisyUI variable's value). */
  color: string;
}

export interface ChartSpec {
  /** The x positions (an hour, a day's index…). */
  x: number[];
  xTick: (x: number) => string;
  yTick: (y: number) => string;
  xLabel: string;
  yLabel: string;
  series: ChartSeries[];
  /** What the picture shows, in words (the canvas's aria-label). */
  summary: string;
}

export interface DrawnChart {
  resize(width: number, height: number): void;
  destroy(): void;
}

const FONT = '12px "Inter Variable", "Inter Fallback", system-ui, sans-serif';

function textColor(root: HTMLElement): string {
  return getComputedStyle(root).color || '#222';
}

export function drawChart(target: HTMLElement, spec: ChartSpec, width: number, height: number): DrawnChart {
  const ink = textColor(target);
  const grid = 'rgba(127,127,127,0.25)';
  const bars = spec.series.some((s) => s.kind === 'bars');
  const xs = spec.x;
  const [xMin, xMax] = xs.length ? [xs[0]!, xs[xs.length - 1]!] : [0, 1];
  const axisSize = (_: uPlot, values: string[] | null) =>
    values?.length ? Math.max(...values.map((v) => v.length)) * 7 + 16 : 40;
  const opts: uPlot.Options = {
    width,
    height,
    legend: { show: false },
    cursor: { drag: { x: false, y: false }, points: { size: 8 } },
    scales: {
      x: {
        time: false,
        range: bars ? [xMin - 0.6, xMax + 0.6] : [xMin, xMax === xMin ? xMin + 1 : xMax],
      },
      y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
    },
    axes: [
      {
        label: spec.xLabel,
        labelFont: FONT,
        font: FONT,
        stroke: ink,
        grid: { show: false },
        ticks: { stroke: grid },
        // Whole positions only, at most one label per ~44 px so a phone's axis stays readable.
        splits: (u) => {
          const room = Math.max(1, Math.floor(u.bbox.width / devicePixelRatio / 44));
          const step = Math.max(1, Math.ceil(xs.length / room));
          return xs.filter((_, i) => i % step === 0);
        },
        values: (_u, splits) => splits.map((x) => spec.xTick(x)),
      },
      {
        label: spec.yLabel,
        labelFont: FONT,
        font: FONT,
        stroke: ink,
        grid: { stroke: grid, width: 1 },
        ticks: { stroke: grid },
        size: axisSize,
        space: 24,
        values: (_u, splits) => splits.map((y) => spec.yTick(y)),
      },
    ],
    series: [
      {},
      ...spec.series.map((s): uPlot.Series => ({
        label: s.label,
        stroke: s.color,
        width: s.kind === 'bars' ? 0 : 2,
        ...(s.kind === 'bars'
          ? { fill: s.color, paths: uPlot.paths.bars!({ size: [0.7, 48] }), points: { show: false } }
          : { points: { show: xs.length <= 31, size: 5, fill: s.color } }),
        ...(s.dashed ? { dash: [2, 5], width: 2.5 } : {}),
      })),
    ],
  };
  const plot = new uPlot(opts, [xs, ...spec.series.map((s) => s.values)] as uPlot.AlignedData, target);
  const canvas = plot.ctx.canvas;
  canvas.setAttribute('role', 'img');
  canvas.setAttribute('aria-label', spec.summary);
  return {
    resize: (w, h) => plot.setSize({ width: w, height: h }),
    destroy: () => plot.destroy(),
  };
}
