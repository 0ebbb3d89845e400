import { Lock, Radio } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { paths } from '../../shared/platform/routes';
import { EMBED_ENDED, EMBED_UNAVAILABLE, EMBED_UNAVAILABLE_STREAM, EMBED_UNLOCK, type EmbedOptions } from '../../shared/sharing/sharing-rules';
import type { EmbedItem } from '../../shared/sharing/sharing';
import { VideoPlayer } from '../features/videos/video-player';
import { useHls } from '../features/videos/use-hls';
import { countView, playbackReporter } from '../features/videos/playback-reports';

/** Links leave the frame: Glint opens in a new tab. */
const out = { target: '_blank', rel: 'noopener' } as const;

/** The embeddable player: the item alone, its title and creator linking back to Glint. */
export function EmbedApp({ item, options }: { item: EmbedItem | null; options: EmbedOptions }) {
  if (!item || item.state === 'unavailable') {
    return <Notice title={item?.kind === 'stream' ? EMBED_UNAVAILABLE_STREAM : EMBED_UNAVAILABLE} link={{ href: '/app', label: 'Watch on Glint' }} />;
  }
  if (item.state === 'playable' && item.hlsUrl && item.live) return <LiveEmbed item={item} src={item.hlsUrl} options={options} />;
  if (item.state === 'playable' && item.hlsUrl) {
    return <EmbeddedVideo item={item} src={item.hlsUrl} options={options} />;
  }
  if (item.state === 'paid') {
    return (
      <Poster item={item}>
        <Lock aria-hidden className="size-8" />
        <p className="text-sm text-white/80">Pay-per-view{item.priceUsdc ? ` · $${item.priceUsdc}` : ''}</p>
        <a href={item.watchPath} {...out} className={action}>
          {EMBED_UNLOCK}
        </a>
      </Poster>
    );
  }
  if (item.state === 'scheduled') {
    return (
      <Poster item={item}>
        <Radio aria-hidden className="size-8" />
        <p className="text-sm text-white/80">
          {item.scheduledAt ? `Live ${new Date(item.scheduledAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}` : 'Live soon'}
        </p>
        <a href={item.watchPath} {...out} className={action}>
          Get reminded on Glint
        </a>
      </Poster>
    );
  }
  return (
    <Poster item={item}>
      <p className="text-base font-medium">{EMBED_ENDED}</p>
      <a href={item.watchPath} {...out} className={action}>
        Watch on Glint
      </a>
    </Poster>
  );
}

const action =
  'rounded-full bg-white px-4 py-2 text-sm font-semibold text-black outline-none hover:bg-white/90 focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-black';

/** The title and the creator over the top of the player, each a link to Glint. */
function TitleBar({ item, live }: { item: EmbedItem; live?: boolean }) {
  return (
    <div className="pointer-events-none absolute inset-x-0 top-0 flex items-center gap-2 bg-linear-to-b from-black/75 to-transparent px-3 pt-2 pb-6 text-sm">
      {live ? (
        <span className="rounded bg-red-600 px-1.5 py-0.5 text-xs font-bold tracking-wide uppercase" data-testid="embed-live">
          Live
        </span>
      ) : null}
      <div className="min-w-0 flex-1">
        <a href={item.watchPath} {...out} className="pointer-events-auto block truncate font-semibold hover:underline">
          {item.title}
        </a>
        {item.creator ? (
          <a href={paths.profile(item.creator.username)} {...out} className="pointer-events-auto block truncate text-xs text-white/80 hover:underline">
            {item.creator.displayName}
          </a>
        ) : null}
      </div>
      <a href={item.watchPath} {...out} className="pointer-events-auto shrink-0 text-xs font-bold tracking-wide hover:underline" aria-label="Watch on Glint">
        Glint
      </a>
    </div>
  );
}

/** The poster, dimmed, with what the viewer can do instead of playing here. */
function Poster({ item, children }: { item: EmbedItem; children: ReactNode }) {
  return (
    <div className="relative h-full w-full" data-testid="embed">
      {item.poster ? <img src={item.poster} alt="" className="absolute inset-0 size-full object-cover opacity-40" /> : null}
      <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 p-4 text-center">{children}</div>
      <TitleBar item={item} />
    </div>
  );
}

function Notice({ title, link }: { title: string; link: { href: string; label: string } }) {
  return (
    <div className="flex h-full w-full flex-col items-center justify-center gap-3 p-4 text-center" data-testid="embed">
      <p className="text-base font-medium" role="status">
        {title}
      </p>
      <a href={link.href} {...out} className="text-sm text-white/80 underline">
        {link.label}
      </a>
    </div>
  );
}

/** A live stream at its live edge: the browser's own controls, a Live badge; muted until the viewer unmutes unless asked. */
function LiveEmbed({ item, src, options }: { item: EmbedItem; src: string; options: EmbedOptions }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const source = useHls(videoRef, src, { live: true });
  const [started, setStarted] = useState(false);
  useEffect(() => {
    const el = videoRef.current;
    if (!el || !source.engine || started) return;
    setStarted(true);
    el.muted = options.muted || options.autoplay;
    if (options.autoplay) void el.play().catch(() => undefined);
  }, [source.engine, started, options.autoplay, options.muted]);
  return (
    <div className="relative h-full w-full" data-testid="embed">
      <video
        ref={videoRef}
        className="size-full object-contain"
        poster={item.poster ?? undefined}
        controls
        playsInline
        data-testid="embed-live-video"
        aria-label={`${item.title}, live`}
      />
      <TitleBar item={item} live />
      {source.error ? (
        <p role="alert" className="absolute inset-x-0 bottom-12 mx-auto w-fit rounded-md bg-black/70 px-3 py-2 text-sm">
          {source.error}
        </p>
      ) : null}
    </div>
  );
}

/** A playable video in the frame: its view counts as from an embed, its playback reports like the watch page's. */
function EmbeddedVideo({ item, src, options }: { item: EmbedItem; src: string; options: EmbedOptions }) {
  const onReport = useMemo(() => playbackReporter(item.id), [item.id]);
  const onFirstPlay = useCallback(() => void countView(item.id, 'embed').catch(() => undefined), [item.id]);
  return (
    <div className="relative h-full w-full" data-testid="embed">
      <VideoPlayer
        video={{
          id: item.id,
          title: item.title,
          hlsUrl: src,
          thumbnailUrl: item.poster,
          sprite: null,
          durationSeconds: item.durationSeconds,
          resumeAt: null,
          captions: item.captions,
        }}
        onFirstPlay={onFirstPlay}
        onReport={onReport}
        autoplay={options.autoplay}
        startMuted={options.muted}
        startAt={options.start}
        className="aspect-auto h-full rounded-none"
      />
      <TitleBar item={item} />
    </div>
  );
}
