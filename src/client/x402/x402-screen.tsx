import { ArrowRight, BadgeDollarSign, Bot, CircleCheck, FileLock2, Send, ShieldCheck, Timer, Wallet, Zap, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../shared/product';
import { Prose } from '../legal/legal-page';
import { Button } from '../ui/button';

const P = PRODUCT_NAME;

const STEPS: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: Send,
    title: 'Ask for the video',
    text: 'Your browser requests the paid video like any other page or file.',
  },
  {
    icon: FileLock2,
    title: '402 Payment Required',
    text: 'The server answers with the status code 402 and its payment requirements: the price, the asset (USDC), the network, and the wallet to pay.',
  },
  {
    icon: Wallet,
    title: 'Pay and retry',
    text: 'Your wallet signs a USDC payment for exactly that amount, and the request is sent again with the signed payment in an X-PAYMENT header.',
  },
  {
    icon: CircleCheck,
    title: 'Watch',
    text: 'The server verifies and settles the payment on-chain, then answers 200 with the video and an X-PAYMENT-RESPONSE receipt.',
  },
];

const WHY: { icon: LucideIcon; title: string; text: string }[] = [
  { icon: BadgeDollarSign, title: 'Pay per video', text: 'No subscription and no credit card: pay only for what you watch, even a few cents.' },
  { icon: Timer, title: 'Settles in seconds', text: 'Solana confirms the payment quickly and for a fraction of a cent in fees.' },
  { icon: ShieldCheck, title: 'Straight to the creator', text: `The USDC goes to the creator’s wallet. ${P} never holds the money.` },
  { icon: Bot, title: 'Open and programmable', text: 'It is plain HTTP, so apps, scripts and AI agents can pay the same way people do.' },
];

/** /x402-explained: what the X402 payment protocol is and how Glint uses it for paid videos. */
export default function X402Screen() {
  return (
    <div>
      <section className="relative overflow-hidden border-b">
        <div aria-hidden className="pointer-events-none absolute -top-32 left-1/2 h-96 w-[48rem] -translate-x-1/2 rounded-full bg-cyan-500/20 blur-3xl" />
        <div className="relative mx-auto flex max-w-3xl flex-col items-center gap-5 px-4 py-16 text-center sm:px-6 md:py-20">
          <span className="inline-flex items-center gap-1.5 rounded-full border border-cyan-500/40 bg-cyan-500/10 px-3 py-1 text-xs font-bold text-cyan-700 dark:text-cyan-300">
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
            Asking for a paid video without paying gets a <code>402</code> answer. Its body lists the ways the server accepts payment; for {P} that is an exact
            amount of USDC on Solana, paid to the creator’s wallet. Amounts are in the asset’s smallest unit, so <code>250000</code> is 0.25 USDC.
          </p>
        </Prose>
        <CodeBlock
          label="The server’s answer"
          code={`HTTP/1.1 402 Payment Required
Content-Type: application/json

{
  "x402Version": 1,
  "error": "X-PAYMENT header is required",
  "accepts": [{
    "scheme": "exact",
    "network": "solana",
    "maxAmountRequired": "250000",
    "asset": "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
    "payTo": "<the creator's wallet address>",
    "resource": "<the address of the paid video>",
    "description": "Watch this video on ${P}",
    "maxTimeoutSeconds": 60
  }]
}`}
        />
        <Prose>
          <p>
            The <code>asset</code> is the USDC token on Solana. Your wallet builds and signs a transfer that matches these requirements, and the client repeats
            the request with it:
          </p>
        </Prose>
        <CodeBlock
          label="The paid retry"
          code={`GET <the address of the paid video>
X-PAYMENT: <the signed payment, base64-encoded JSON>`}
        />
        <Prose>
          <p>
            The server checks the payment (amount, asset, recipient, and that it was not used before), submits it to the network, and once it settles answers{' '}
            <code>200 OK</code> with the video. The <code>X-PAYMENT-RESPONSE</code> header carries the receipt: the transaction signature and the network, which
            anyone can look up on a Solana explorer.
          </p>

          <h2>X402 on {P}</h2>
          <ul>
            <li>Creators can put a price in USDC on any of their videos. Everything else on {P} stays free to watch.</li>
            <li>Viewers see the price before they pay, approve one transaction in Phantom, and the video plays.</li>
            <li>The USDC goes directly to the creator’s wallet. {P} does not take custody of it.</li>
            <li>Like every on-chain payment, an X402 payment is final once it settles.</li>
          </ul>

          <h2>Questions</h2>
          <h3>What do I need?</h3>
          <p>A Phantom wallet holding USDC on Solana, plus a little SOL for network fees.</p>
          <h3>Is this the same as tipping?</h3>
          <p>No. Tips are voluntary SOL gifts to a creator, on a stream, video, short or profile. X402 is a price you pay to unlock one video.</p>
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

function CodeBlock({ label, code }: { label: string; code: string }) {
  return (
    <figure className="mt-6 overflow-hidden rounded-xl border bg-zinc-950 text-zinc-100 shadow-lg">
      <figcaption className="border-b border-white/10 px-4 py-2 text-xs font-medium text-zinc-400">{label}</figcaption>
      <pre className="overflow-x-auto p-4 text-[13px] leading-6 scrollbar-thin">
        <code>{code}</code>
      </pre>
    </figure>
  );
}
