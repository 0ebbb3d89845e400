// A market data source for tests, speaking the Birdeye-style API Glint reads prices from
// (`/defi/token_overview`, `/defi/ohlcv`): every token costs `price` dollars, down 12.5% on the
// day, with a day of 15-minute candles rising to that price. Tests only.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LocalMarket {
  url: string;
  /** Each path asked, in order, with the API key sent (`/defi/ohlcv key`). */
  asked: string[];
  price: number;
  /** `fail` answers 500; `slow` answers after 8 s. */
  mode: 'ok' | 'fail' | 'slow';
  close(): Promise<void>;
}

export async function startLocalMarket(price = 0.0000123): Promise<LocalMarket> {
  const market: LocalMarket = { url: '', asked: [], price, mode: 'ok', close: async () => {} };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    market.asked.push(`${url.pathname} ${req.headers['x-api-key'] ?? ''}`.trim());
    if (market.mode === 'fail') return res.writeHead(500).end('{}');
    const json = (body: unknown) => {
      const send = () => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: true, data: body }));
      if (market.mode === 'slow') setTimeout(send, 8000);
      else send();
    };
    if (url.pathname === '/defi/token_overview') return json({ price: market.price, marketCap: market.price * 1e9, priceChange24hPercent: -12.5 });
    if (url.pathname === '/defi/ohlcv') {
      const to = Math.floor(Number(url.searchParams.get('time_to')) / 900) * 900;
      const items = Array.from({ length: 96 }, (_, i) => {
        const c = market.price * (0.8 + (0.2 * i) / 95) * (1 + 0.03 * Math.sin(i / 4));
        return { unixTime: to - (95 - i) * 900, o: c * 0.99, h: c * 1.02, l: c * 0.97, c };
      });
      return json({ items });
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  market.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  market.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return market;
}
