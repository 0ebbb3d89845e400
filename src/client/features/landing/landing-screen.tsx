import { ArrowRight, Coins, Play, Radio, Rocket, Smartphone, Target, Zap, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../../shared/platform/product';
import { ContentCards } from '../home/content-cards';
import { useNow } from '../../lib/use-now';
import { useStreams } from '../streams/queries';
import { Button } from '../../ui/button';

const FEATURES: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: Radio,
    title: 'Live streams',
    text: 'Go live from OBS or straight from your browser, with live chat and replays when you end.',
  },
  {
    icon: Smartphone,
    title: 'Shorts',
    text: 'Vertical videos up to three minutes, made to be watched one swipe at a time.',
  },
  {
    icon: Coins,
    title: 'Tips in SOL',
    text: 'Viewers tip from their Phantom wallet. The SOL goes straight to yours, checked on-chain.',
  },
  {
    icon: Target,
    title: 'Bounties',
    text: 'Post a SOL reward for the content you want to see; creators claim it with their video.',
  },
  {
    icon: Rocket,
    title: 'Pump Streams',
    text: 'Launching a token? Stream the launch with its token shown beside you.',
  },
  {
    icon: Zap,
    title: 'Pay-per-view with X402',
    text: 'Put a price in USDC on a video; viewers pay once and watch, no subscription.',
  },
];

/** /: what Glint is, and the way in. The native app skips it for /app (the route's loader). */
export default function LandingScreen() {
  return (
    <div>
      <section className="relative overflow-hidden border-b">
        <div aria-hidden className="pointer-events-none absolute inset-0">
          <div className="absolute -top-40 left-1/2 h-[32rem] w-[56rem] -translate-x-1/2 rounded-full bg-violet-600/25 blur-3xl dark:bg-violet-600/30" />
          <div className="absolute top-24 -right-40 h-80 w-80 rounded-full bg-cyan-400/25 blur-3xl" />
          <div className="absolute inset-0 bg-[linear-gradient(to_right,color-mix(in_oklch,var(--color-foreground)_6%,transparent)_1px,transparent_1px),linear-gradient(to_bottom,color-mix(in_oklch,var(--color-foreground)_6%,transparent)_1px,transparent_1px)] [mask-image:radial-gradient(ellipse_at_top,black_30%,transparent_75%)] bg-[size:48px_48px]" />
        </div>
        <div className="relative mx-auto flex max-w-4xl flex-col items-center gap-7 px-4 py-20 text-center sm:px-6 md:py-28">
          <span className="inline-flex items-center gap-2 rounded-full border bg-background/60 px-3 py-1 text-xs font-medium text-muted-foreground backdrop-blur">
            <span className="size-1.5 rounded-full bg-live" /> Live streams · Shorts · SOL tips
          </span>
          <h1 className="text-4xl leading-[1.05] font-extrabold tracking-tight text-balance sm:text-6xl md:text-7xl">
            Share streams, <span className="text-gradient">earn crypto rewards</span>
          </h1>
          <p className="max-w-2xl text-base text-pretty text-muted-foreground sm:text-lg">
            {PRODUCT_NAME} is where crypto creators go live, post videos and shorts, and get tipped in SOL straight to their wallet. Watch as a guest; sign up
            with email, Google or Phantom when you want to join in.
          </p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button variant="brand" size="lg" asChild className="rounded-full">
              <Link to="/app">
                <Play aria-hidden className="fill-current" /> Start Watching
              </Link>
            </Button>
            <Button variant="outline" size="lg" asChild className="rounded-full bg-background/50 backdrop-blur">
              <Link to="/bounties">
                Browse Bounties <ArrowRight aria-hidden />
              </Link>
            </Button>
          </div>
        </div>
      </section>

      <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 md:py-20">
        <div className="mb-10 flex flex-col gap-2 text-center">
          <h2 id="features-heading" className="text-3xl font-bold tracking-tight">
            Built for crypto creators
          </h2>
          <p className="text-muted-foreground">Everything you need to stream, post and get paid, in one place.</p>
        </div>
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map((f) => (
            <li key={f.title} className="group flex flex-col gap-3 rounded-2xl border bg-card p-6 transition-colors hover:border-primary/40">
              <span className="flex size-11 items-center justify-center rounded-xl bg-brand text-white shadow-lg shadow-violet-500/20">
                <f.icon aria-hidden className="size-5" />
              </span>
              <h3 className="text-lg font-semibold">{f.title}</h3>
              <p className="text-sm text-muted-foreground">{f.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <ComingUp />

      <section className="mx-auto max-w-6xl px-4 pb-20 sm:px-6">
        <div className="relative overflow-hidden rounded-3xl bg-brand px-6 py-12 text-center text-white shadow-2xl shadow-violet-500/20 sm:px-12">
          <div aria-hidden className="absolute inset-0 bg-[radial-gradient(circle_at_20%_0%,rgba(255,255,255,0.25),transparent_50%)]" />
          <div className="relative flex flex-col items-center gap-4">
            <h2 className="text-3xl font-bold tracking-tight text-balance">Your audience is already on-chain</h2>
            <p className="max-w-xl text-white/85">Start watching now, no account needed. Create one when you are ready to go live.</p>
            <Button size="lg" asChild className="rounded-full bg-white text-violet-700 hover:bg-white/90">
              <Link to="/app">
                Explore {PRODUCT_NAME} <ArrowRight aria-hidden />
              </Link>
            </Button>
          </div>
        </div>
      </section>
    </div>
  );
}

/** The next scheduled streams, straight from the schedule; hidden while there are none. */
function ComingUp() {
  const upcoming = useStreams({ status: 'scheduled' });
  const now = useNow();
  const streams = upcoming.data?.slice(0, 3) ?? [];
  if (streams.length === 0) return null;
  return (
    <section aria-labelledby="coming-up-heading" className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
      <div className="mb-6 flex items-end justify-between gap-4">
        <h2 id="coming-up-heading" className="text-2xl font-bold tracking-tight">
          Coming up on {PRODUCT_NAME}
        </h2>
        <Button variant="ghost" size="sm" asChild>
          <Link to="/upcoming">
            See all <ArrowRight aria-hidden />
          </Link>
        </Button>
      </div>
      <ContentCards of="streams" items={streams} now={now} className="lg:grid-cols-3 2xl:grid-cols-3" />
    </section>
  );
}
