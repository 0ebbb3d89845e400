import { useEffect, useRef } from 'react';
import { AreaSeries, ColorType, createChart, type IChartApi, type ISeriesApi, type UTCTimestamp } from 'lightweight-charts';
import type { Candle } from '../../../shared/tokens/tokens';

/** Matches the box's height, so nothing moves when the chart arrives. */
export const PRICE_CHART_HEIGHT = 160;

/**
 * A theme colour (a custom property such as `--primary`, in any CSS colour syntax) as `rgba()`, which
 * the chart library parses: it reads colours back through the browser, which keeps oklch as oklch.
 */
function rgbaOf(variable: string, alpha = 1): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(variable).trim() || 'gray';
  const ctx = document.createElement('canvas').getContext('2d');
  if (!ctx) return `rgba(128, 128, 128, ${alpha})`;
  ctx.fillStyle = value;
  ctx.fillRect(0, 0, 1, 1);
  const [r, g, b] = ctx.getImageData(0, 0, 1, 1).data;
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

/** Enough decimals to show three significant digits of the smallest price (a meme coin's 0.0000042). */
export function pricePrecision(smallest: number): number {
  if (!Number.isFinite(smallest) || smallest <= 0) return 2;
  return Math.min(12, Math.max(2, Math.ceil(-Math.log10(smallest)) + 2));
}

/**
 * The token's price over the last day, drawn by TradingView's lightweight-charts (this module and
 * the library load only with a token's panel). New candles are drawn into the same chart as the
 * panel reads the market again. The canvas is a picture to assistive technology: the panel says
 * the figures in words and offers them as a table.
 */
export default function PriceChart({ candles }: { candles: Candle[] }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<ISeriesApi<'Area'> | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const c = createChart(el, {
      height: PRICE_CHART_HEIGHT,
      autoSize: true,
      layout: { background: { type: ColorType.Solid, color: 'rgba(0, 0, 0, 0)' }, textColor: rgbaOf('--muted-foreground'), attributionLogo: false },
      grid: { vertLines: { visible: false }, horzLines: { color: rgbaOf('--border') } },
      rightPriceScale: { borderVisible: false },
      timeScale: { borderVisible: false, timeVisible: true, secondsVisible: false },
      handleScroll: false,
      handleScale: false,
    });
    series.current = c.addSeries(AreaSeries, {
      lineColor: rgbaOf('--primary'),
      topColor: rgbaOf('--primary', 0.35),
      bottomColor: rgbaOf('--primary', 0),
      lineWidth: 2,
    });
    chart.current = c;
    return () => {
      c.remove();
      chart.current = null;
      series.current = null;
    };
  }, []);

  useEffect(() => {
    const precision = pricePrecision(Math.min(...candles.map((k) => k.close).filter((v) => v > 0)));
    series.current?.applyOptions({ priceFormat: { type: 'price', precision, minMove: 10 ** -precision } });
    series.current?.setData(candles.map((k) => ({ time: k.time as UTCTimestamp, value: k.close })));
    chart.current?.timeScale().fitContent();
  }, [candles]);

  return <div ref={box} aria-hidden="true" className="w-full" style={{ height: PRICE_CHART_HEIGHT }} data-testid="price-chart" />;
}
