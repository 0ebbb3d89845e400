import { Volume2, VolumeX } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { formatCount } from '../../lib/format';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { QualityMenu } from '../videos/player-parts';
import { useHls } from '../videos/use-hls';

/**
 * A live stream playing close to its live edge. It starts muted (browsers refuse sound before a
 * click) with an Unmute button; the browser's own controls give volume and full screen. When the
 * server encodes a ladder, a quality menu offers each rendition beside Auto.
 */
export function LivePlayer({ src, viewers, title }: { src: string; viewers: number; title: string }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const source = useHls(videoRef, src, { live: true });
  const [muted, setMuted] = useState(true);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const onVolume = () => setMuted(video.muted);
    video.addEventListener('volumechange', onVolume);
    return () => video.removeEventListener('volumechange', onVolume);
  }, []);

  return (
    <div className="relative overflow-hidden rounded-xl bg-black" data-testid="live-player">
      <video
        ref={videoRef}
        className="aspect-video w-full"
        autoPlay
        muted
        playsInline
        controls
        aria-label={`${title}, live`}
        onLoadedMetadata={(e) => void e.currentTarget.play().catch(() => undefined)}
      />
      <div className="pointer-events-none absolute top-3 left-3 flex items-center gap-2">
        <Badge variant="live">
          <span className="size-1.5 animate-pulse rounded-full bg-white" /> Live
        </Badge>
        <Badge variant="muted" className="bg-black/60 text-white">
          {formatCount(viewers)} watching
        </Badge>
      </div>
      <div className="absolute top-3 right-3 flex items-center gap-2">
        {source.levels.length > 1 ? (
          <div className="rounded-md bg-black/60">
            <QualityMenu source={source} container={null} />
          </div>
        ) : null}
        {muted ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              const video = videoRef.current;
              if (!video) return;
              video.muted = false;
              void video.play().catch(() => undefined);
            }}
          >
            <VolumeX aria-hidden /> Unmute
          </Button>
        ) : (
          <span className="sr-only">
            <Volume2 aria-hidden /> Sound on
          </span>
        )}
      </div>
      {source.error ? (
        <p role="alert" className="absolute inset-x-0 bottom-12 mx-auto w-fit rounded-md bg-black/70 px-3 py-2 text-sm text-white">
          {source.error}
        </p>
      ) : null}
    </div>
  );
}
