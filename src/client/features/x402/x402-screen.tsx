import { ArrowRight, BadgeDollarSign, Bot, CircleCheck, FileLock2, Send, ShieldCheck, Timer, Wallet, Zap, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../../shared/platform/product';
import { paths } from '../../../shared/platform/routes';
import { Prose } from '../legal/legal-page';
import { serverUrl } from '../../lib/native/api-origin';
import { Button } from '../../ui/button';
import { useX402Info } from './queries';

const P = PRODUCT_NAME;

const STEPS: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: Send,
    title: 'Ask for the video',
    text: 'The player asks for the paid video’s playlist like any other file.',
  },
  {
    icon: FileLock2,
    title: '402 Payment Required',
    text: 'Without a purchase, the server answers 402 and a PAYMENT-REQUIRED header: the exact price in USDC, the network, the creator’s wallet and how long the offer holds.',
  },
  {
    icon: Wallet,
    title: 'Sign and retry',
    text: 'Phantom signs a USDC transfer of exactly that amount to the creator, and the request is sent again with it in a PAYMENT-SIGNATURE header.',
  },
  {
    icon: CircleCheck,
    title: 'Settle and watch',
    text: `${P} checks the payment, submits it to Solana and, once it is confirmed, answers 200 with the video and a PAYMENT-RESPONSE receipt. The purchase stays on your account.`,
  },
];

const WHY: { icon: LucideIcon; title: string; text: string }[] = [
  { icon: BadgeDollarSign, title: 'Pay per video', text: 'No subscription and no credit card: pay only for what you watch, even a few cents.' },
  { icon: Timer, title: 'Settles in seconds', text: `Solana confirms the payment quickly; ${P} pays the fraction of a cent in fees.` },
  { icon: ShieldCheck, title: 'Straight to the creator', text: `The USDC goes to the creator’s wallet. ${P} never holds the money.` },
  { icon: Bot, title: 'Open and programmable', text: 'It is plain HTTP, so apps, scripts and AI agents can pay the same way people do.' },
];

/** /x402-explained: what the X402 payment protocol is, exactly how Glint uses it for paid videos, and a live request. */
export default function X402Screen() {
  return (
    <div>
      <section className="relative overflow-hidden border-b">
        <div aria-hidden className="pointer-events-none absolute -top-32 left-1/2 h-96 w-[48rem] -translate-x-1/2 rounded-full bg-cyan-500/20 blur-3xl" />
        <div className="relative mx-auto flex max-w-3xl flex-col items-center gap-5 px-4 py-16 text-center sm:px-6 md:py-20">
          <span className="inline-flex items-center gap-1.5 rounded-full border border-cyan-500/40 bg-cyan-500/10 px-3 py-1 text-xs font-bold text-cyan-800 dark:text-cyan-300">
            <Zap aria-hidden className="size-3.5" /> X402 Protocol
          </span>
          <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
            X402, <span className="text-gradient">explained</span>
          </h1>
          <p className="max-w-2xl text-lg text-pretty text-muted-foreground">
            X402 is an open payment protocol built on a status code the web reserved decades ago: <strong>402 Payment Required</strong>. It lets a website ask
            for a small payment in a stablecoin and deliver the content the moment it is paid. On {P}, creators use it to sell videos pay-per-view in USDC.
          </p>
        </div>
      </section>

      <section aria-labelledby="how-heading" className="mx-auto max-w-5xl px-4 py-14 sm:px-6">
        <h2 id="how-heading" className="text-center text-2xl font-bold tracking-tight sm:text-3xl">
          How a payment works
        </h2>
        <ol className="mt-10 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((s, i) => (
            <li key={s.title} className="relative flex flex-col gap-3 rounded-2xl border bg-card p-5">
              <span className="flex items-center gap-3">
                <span className="flex size-10 items-center justify-center rounded-xl bg-brand text-white">
                  <s.icon aria-hidden className="size-5" />
                </span>
                <span className="text-sm font-bold text-muted-foreground">Step {i + 1}</span>
              </span>
              <h3 className="font-semibold">{s.title}</h3>
              <p className="text-sm text-muted-foreground">{s.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="why-heading" className="mx-auto max-w-5xl px-4 pb-14 sm:px-6">
        <h2 id="why-heading" className="text-center text-2xl font-bold tracking-tight sm:text-3xl">
          Why X402
        </h2>
        <ul className="mt-10 grid grid-cols-1 gap-4 sm:grid-cols-2">
          {WHY.map((w) => (
            <li key={w.title} className="flex gap-4 rounded-2xl border bg-card p-5">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-cyan-500/10 text-cyan-600 dark:text-cyan-300">
                <w.icon aria-hidden className="size-5" />
              </span>
              <div>
                <h3 className="font-semibold">{w.title}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{w.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="wire-heading" className="mx-auto max-w-3xl px-4 pb-6 sm:px-6">
        <Prose>
          <h2 id="wire-heading">What it looks like on the wire</h2>
          <p>
            {P} speaks version 2 of the x402 protocol, with the <code>exact</code> payment scheme on Solana. Asking for a paid video’s playlist without having
            bought it gets a <code>402</code>. The requirements travel base64-encoded in the <code>PAYMENT-REQUIRED</code> header; {P} repeats them in the JSON
            body so they are easy to read. Amounts are in USDC’s smallest unit (6 decimals), so <code>250000</code> is $0.25.
          </p>
        </Prose>
        <CodeBlock
          label="The server’s answer"
          code={`GET /api/videos/<id>/paid/master.m3u8

HTTP/1.1 402 Payment Required
PAYMENT-REQUIRED: eyJ4NDAyVmVyc2lvbiI6Mi… (base64 of the JSON below)
Cache-Control: no-store

{
  "x402Version": 2,
  "error": "Payment required",
  "resource": {
    "url": "https://<this site>/api/videos/<id>/paid/master.m3u8",
    "description": "Watch “<title>” on <this site>",
    "mimeType": "application/vnd.apple.mpegurl"
  },
  "accepts": [{
    "scheme": "exact",
    "network": "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
    "asset": "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
    "amount": "250000",
    "payTo": "<the creator's wallet>",
    "maxTimeoutSeconds": 60,
    "extra": {
      "feePayer": "<${P}'s fee payer>",
      "recentBlockhash": "<a recent Solana blockhash>",
      "lastValidBlockHeight": "<until when it is valid>"
    }
  }]
}`}
        />
        <Prose>
          <p>
            The <code>network</code> names the Solana cluster (mainnet here; devnet on test servers) and the <code>asset</code> is its USDC mint. The payment is
            a Solana transaction that your wallet builds and signs but does not send: a compute budget, one USDC <code>TransferChecked</code> of exactly{' '}
            <code>amount</code> to the creator’s USDC account, and a memo. Its fee payer is {P}’s <code>feePayer</code>, so you need no SOL for fees. The client
            repeats the request with the signed payment:
          </p>
        </Prose>
        <CodeBlock
          label="The paid retry"
          code={`GET /api/videos/<id>/paid/master.m3u8
PAYMENT-SIGNATURE: <base64 JSON: x402Version 2, the accepted requirements,
                    and payload.transaction, the signed transaction in base64>`}
        />
        <Prose>
          <p>
            {P} acts as the facilitator: it checks that the transaction pays exactly the price, in USDC, to the creator, with nothing else attached, and that it
            was not presented before; it simulates it, adds the fee payer’s signature, sends it and waits until Solana confirms it. Then it records your
            purchase and answers <code>200 OK</code> with the playlist. The <code>PAYMENT-RESPONSE</code> header carries the receipt: the transaction signature,
            the network and the paying wallet, which anyone can look up on a Solana explorer.
          </p>
        </Prose>
        <CodeBlock
          label="The receipt"
          code={`HTTP/1.1 200 OK
Content-Type: application/vnd.apple.mpegurl
PAYMENT-RESPONSE: <base64 JSON>

{ "success": true, "transaction": "<signature>", "network": "solana:…", "payer": "<your wallet>" }`}
        />
        <Prose>
          <h2>X402 on {P}</h2>
          <ul>
            <li>
              Creators can put a price in USDC on any of their videos and shorts, from $0.01 to $1,000, when they upload or later. Everything else stays free.
            </li>
            <li>
              Paid videos show their price on a lock badge. Viewers see the price before they pay, approve one transaction in Phantom, and the video plays.
            </li>
            <li>
              A purchase belongs to your account: watch again on any device without paying twice. Paying again for a video you own is refused, with nothing
              charged.
            </li>
            <li>Creators watch their own videos free, and see each video’s sales in Settings; you find what you unlocked there too.</li>
            <li>The USDC goes directly to the creator’s wallet. {P} pays the network fee and never holds the money.</li>
            <li>
              Scripts and AI agents pay the same way, over plain HTTP, with any x402 v2 client (for example <code>@x402/fetch</code> with <code>@x402/svm</code>
              ); without an account, the playlist they get carries links valid for 6 hours.
            </li>
            <li>Like every on-chain payment, an X402 payment is final once it settles.</li>
          </ul>
        </Prose>
      </section>

      <LiveDemo />

      <section className="mx-auto max-w-3xl px-4 pb-6 sm:px-6">
        <Prose>
          <h2>Questions</h2>
          <h3>What do I need?</h3>
          <p>
            A {P} account and a Phantom wallet holding USDC on Solana. {P} pays the network fee.
          </p>
          <h3>Is this the same as tipping?</h3>
          <p>No. Tips are voluntary SOL gifts to a creator, on a stream, video, short or profile. X402 is a price you pay once to unlock one video.</p>
          <h3>Can I get a refund?</h3>
          <p>
            On-chain payments cannot be reversed by {P}. If something went wrong, contact the creator or ask in the support chat. See our{' '}
            <Link to="/terms-of-service">Terms of Service</Link>.
          </p>
        </Prose>
      </section>

      <section className="mx-auto max-w-3xl px-4 pt-8 pb-20 text-center sm:px-6">
        <Button variant="brand" size="lg" asChild className="rounded-full">
          <Link to="/app">
            Start Watching <ArrowRight aria-hidden />
          </Link>
        </Button>
      </section>
    </div>
  );
}

type DemoState =
  | { at: 'idle' }
  | { at: 'asking' }
  | { at: 'answered'; status: number; required: string | null; receipt: string | null; body: string }
  | { at: 'failed'; message: string };

/** A header of base64 JSON, decoded and indented for reading. */
function decodeHeader(value: string | null): string | null {
  if (!value) return null;
  try {
    const bytes = Uint8Array.from(atob(value), (c) => c.charCodeAt(0));
    return JSON.stringify(JSON.parse(new TextDecoder().decode(bytes)), null, 2);
  } catch {
    return value;
  }
}

/** The live demo: a real request for the demo's paid video, its real answer, and where to unlock it. */
function LiveDemo() {
  const info = useX402Info();
  const [state, setState] = useState<DemoState>({ at: 'idle' });
  const demoId = info.data?.demoVideoId ?? null;
  const url = demoId ? `/api/videos/${demoId}/paid/master.m3u8` : null;

  const ask = async () => {
    if (!url) return;
    setState({ at: 'asking' });
    try {
      const res = await fetch(serverUrl(url), { credentials: 'same-origin' });
      const body = await res.text();
      setState({
        at: 'answered',
        status: res.status,
        required: decodeHeader(res.headers.get('PAYMENT-REQUIRED')),
        receipt: decodeHeader(res.headers.get('PAYMENT-RESPONSE')),
        body: body.length > 600 ? `${body.slice(0, 600)}…` : body,
      });
    } catch {
      setState({ at: 'failed', message: 'The request did not get an answer. Try again.' });
    }
  };

  return (
    <section aria-labelledby="demo-heading" className="mx-auto max-w-3xl px-4 pt-8 pb-6 sm:px-6" data-testid="x402-demo">
      <Prose>
        <h2 id="demo-heading">Try it: a live request</h2>
        {info.isPending ? (
          <p>Loading…</p>
        ) : !info.data?.enabled ? (
          <p>Pay-per-view is not switched on on this server, so there is nothing to buy here right now.</p>
        ) : !demoId ? (
          <p>The demo’s paid video is not ready yet (demo videos are made when a new server first starts). Come back in a minute.</p>
        ) : (
          <p>
            This button asks this server for the playlist of a small paid demo video, exactly as a player or a script would, and shows the real answer. Network{' '}
            <code>{info.data.network}</code>, asset <code>{info.data.asset}</code>, settled by{' '}
            {info.data.facilitator === 'glint' ? `${P} itself` : 'an external facilitator'}.
          </p>
        )}
      </Prose>
      {url ? (
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <Button variant="brand" className="rounded-full" disabled={state.at === 'asking'} onClick={() => void ask()}>
            <Send aria-hidden /> {state.at === 'asking' ? 'Asking…' : `GET ${url}`}
          </Button>
          <Button variant="outline" asChild className="rounded-full">
            <Link to={paths.video({ id: demoId! })}>Open the demo video</Link>
          </Button>
        </div>
      ) : null}
      {state.at === 'failed' ? (
        <p role="alert" className="mt-4 text-sm text-destructive">
          {state.message}
        </p>
      ) : null}
      {state.at === 'answered' ? (
        <div aria-live="polite">
          <CodeBlock
            label={`HTTP ${state.status}${state.status === 402 ? ' Payment Required: PAYMENT-REQUIRED, decoded' : state.status === 200 ? ' OK: you own it' : ''}`}
            code={state.required ?? state.receipt ?? state.body}
          />
          <Prose>
            <p>
              {state.status === 402 ? (
                <>
                  That is the offer. To accept it, open the demo video and press <strong>Unlock</strong>: Phantom signs the payment and the video plays.
                </>
              ) : state.status === 200 ? (
                <>You can already watch this video (you bought it, or it is yours), so the server answered with the playlist and no charge.</>
              ) : (
                <>The server refused the request; the answer above says why.</>
              )}
            </p>
          </Prose>
        </div>
      ) : null}
    </section>
  );
}

function CodeBlock({ label, code }: { label: string; code: string }) {
  return (
    <figure className="mt-6 overflow-hidden rounded-xl border bg-zinc-950 text-zinc-100 shadow-lg">
      <figcaption className="border-b border-white/10 px-4 py-2 text-xs font-medium text-zinc-400">{label}</figcaption>
      {/* Focusable, so a long line scrolls from the keyboard too (WCAG 2.1.1). */}
      <pre
        tabIndex={0}
        aria-label={label}
        className="overflow-x-auto p-4 text-[13px] leading-6 scrollbar-thin outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
      >
        <code>{code}</code>
      </pre>
    </figure>
  );
}
