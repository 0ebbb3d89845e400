import { lazy, Suspense } from 'react';
import { TrendingDown, TrendingUp } from 'lucide-react';
import type { TokenMarket } from '../../../shared/tokens/tokens';
import { cn } from '../../lib/utils';
import { Skeleton } from '../../ui/skeleton';
import { useTokenMarket } from './queries';

// The chart library loads with the first token panel, never with the app.
const PriceChart = lazy(() => import('./price-chart'));

const usdCompact = new Intl.NumberFormat('en', { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 2 });

/** A price in dollars with three significant digits however small ("$0.00000423"), two decimals from a dollar up. */
export function formatPrice(usd: number): string {
  if (usd >= 1) return new Intl.NumberFormat('en', { style: 'currency', currency: 'USD', maximumFractionDigits: 2 }).format(usd);
  return new Intl.NumberFormat('en', { style: 'currency', currency: 'USD', maximumSignificantDigits: 3 }).format(usd);
}

/** "+5.2%" or "−12.5%" (a true minus sign). */
export function formatChange(pct: number): string {
  const abs = Math.abs(pct).toFixed(Math.abs(pct) < 10 ? 2 : 1);
  return `${pct > 0 ? '+' : pct < 0 ? '−' : ''}${abs}%`;
}

const timeOf = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/**
 * The token's price, market cap and 24 h change, with its last day charted, read again every 15 s
 * while the page is open. Nothing at all when no market data source is configured (the panel
 * then shows the chain's facts only).
 */
export function TokenMarketFigures({ mint }: { mint: string }) {
  const market = useTokenMarket(mint);
  if (market.isPending) {
    return (
      <div className="flex flex-col gap-2" role="status" aria-label="Loading the price">
        <Skeleton className="h-7 w-1/2" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (market.isError || !market.data.configured) return null;
  const m = market.data;
  if (m.priceUsd === null) return <p className="text-sm text-muted-foreground">The price is not available right now.</p>;
  return (
    <div className="flex flex-col gap-2" data-testid="token-market">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="text-2xl font-bold tabular-nums" data-testid="token-price">
          {formatPrice(m.priceUsd)}
        </span>
        {m.change24hPct !== null ? <Change pct={m.change24hPct} /> : null}
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm">
        <dt className="text-muted-foreground">Market cap</dt>
        <dd className="text-right tabular-nums">{m.marketCapUsd !== null ? usdCompact.format(m.marketCapUsd) : '–'}</dd>
      </dl>
      {m.candles.length > 1 ? <PriceHistory market={m} /> : null}
      {m.asOf ? <p className="text-xs text-muted-foreground">Updated {timeOf(m.asOf)}</p> : null}
    </div>
  );
}

function Change({ pct }: { pct: number }) {
  const up = pct >= 0;
  const Icon = up ? TrendingUp : TrendingDown;
  return (
    <span className={cn('flex items-center gap-1 text-sm font-medium tabular-nums', up ? 'text-success' : 'text-destructive')}>
      <Icon aria-hidden className="size-4" />
      {formatChange(pct)}
      <span className="text-muted-foreground">24h</span>
    </span>
  );
}

/** The chart, and the same figures in words and as a table (hourly) for whoever cannot see it. */
function PriceHistory({ market }: { market: TokenMarket }) {
  const first = market.candles[0]!;
  const last = market.candles[market.candles.length - 1]!;
  const hourly = market.candles.filter((c, i, all) => c.time % 3600 === 0 || i === all.length - 1);
  const hour = (t: number) => new Date(t * 1000).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  return (
    <figure className="flex flex-col gap-1">
      <Suspense fallback={<Skeleton className="h-40 w-full" />}>
        <PriceChart candles={market.candles} />
      </Suspense>
      <figcaption className="sr-only">
        Price over the last day: {formatPrice(first.close)} at {hour(first.time)}, {formatPrice(last.close)} at {hour(last.time)}.
      </figcaption>
      <details className="text-xs">
        <summary className="cursor-pointer text-muted-foreground">Prices as a table</summary>
        <div
          tabIndex={0}
          role="region"
          aria-label="Prices by hour"
          className="mt-1 max-h-48 overflow-auto rounded outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <table className="w-full text-left tabular-nums">
            <thead>
              <tr>
                <th scope="col" className="py-0.5 font-medium text-muted-foreground">
                  Time
                </th>
                <th scope="col" className="py-0.5 text-right font-medium text-muted-foreground">
                  Price
                </th>
              </tr>
            </thead>
            <tbody>
              {hourly.map((c) => (
                <tr key={c.time}>
                  <td className="py-0.5">{hour(c.time)}</td>
                  <td className="py-0.5 text-right">{formatPrice(c.close)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
