import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';
import { Skeleton } from '../../ui/skeleton';

export interface ChartSeries {
  label: string;
  values: number[];
  /** A CSS color or a custom property of the theme (`--primary`). */
  color: string;
}

/** uPlot and its styles, loaded once, when the first chart is drawn (never with the app's first load). */
let uplotModule: Promise<typeof uPlot> | null = null;
const loadUplot = () => (uplotModule ??= Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([m]) => m.default));

/** A theme's custom property as a color the canvas can draw with. */
function resolveColor(color: string): string {
  if (!color.startsWith('--')) return color;
  return getComputedStyle(document.documentElement).getPropertyValue(color).trim() || 'currentColor';
}

/** Matches the box's `min-h-[220px]`, so nothing moves when the chart arrives. */
const HEIGHT = 220;

/**
 * A line chart drawn by uPlot on a canvas, as wide as its box. The canvas is a picture to
 * assistive technology: the same numbers are offered as a table beside it (`ChartFigure`).
 */
export function LineChart({
  x,
  series,
  xLabel,
  format,
  xFormat,
}: {
  /** The x values: seconds since 1970 for days, or plain numbers (percent of a video). */
  x: number[];
  series: ChartSeries[];
  xLabel: 'time' | 'number';
  format: (v: number) => string;
  xFormat?: (v: number) => string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let chart: uPlot | null = null;
    let gone = false;
    let observer: ResizeObserver | null = null;
    void loadUplot().then((UPlot) => {
      if (gone) return;
      const axisColor = resolveColor('--muted-foreground');
      const gridColor = resolveColor('--border');
      const opts: uPlot.Options = {
        width: Math.max(200, el.clientWidth),
        height: HEIGHT,
        legend: { show: series.length > 1 },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: xLabel === 'time' } },
        axes: [
          {
            stroke: axisColor,
            grid: { stroke: gridColor, width: 1 },
            ticks: { stroke: gridColor },
            ...(xFormat ? { values: (_u: uPlot, vals: number[]) => vals.map(xFormat) } : {}),
          },
          {
            stroke: axisColor,
            grid: { stroke: gridColor, width: 1 },
            ticks: { stroke: gridColor },
            size: 60,
            values: (_u: uPlot, vals: number[]) => vals.map(format),
          },
        ],
        series: [
          {},
          ...series.map((s) => {
            const stroke = resolveColor(s.color);
            return {
              label: s.label,
              stroke,
              width: 2,
              value: (_u: uPlot, v: number | null) => (v == null ? '–' : format(v)),
              points: { show: x.length <= 31 },
            };
          }),
        ],
      };
      chart = new UPlot(opts, [x, ...series.map((s) => s.values)], el);
      setReady(true);
      observer = new ResizeObserver(() => chart?.setSize({ width: Math.max(200, el.clientWidth), height: HEIGHT }));
      observer.observe(el);
    });
    return () => {
      gone = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [x, series, xLabel, format, xFormat]);

  return (
    <div className="relative min-h-[220px] w-full">
      {/* The canvas says nothing to a screen reader: the table under it does. */}
      <div ref={box} aria-hidden="true" className="w-full text-muted-foreground" data-testid="chart" />
      {ready ? null : <Skeleton className="absolute inset-0" />}
    </div>
  );
}
