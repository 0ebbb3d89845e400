import { Copy, Eye, EyeOff, KeyRound, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { copyWithToast } from '../../lib/clipboard';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Input } from '../../ui/input';
import { Skeleton } from '../../ui/skeleton';
import { useFreshStreamKey, useNewStreamKey, useStreamKey } from './queries';

/**
 * Streaming from OBS: the server address and the stream key as OBS asks for them (Settings →
 * Stream → Custom). The key is shown once, right after it is made; a new one replaces the old.
 */
export function StreamKeyPanel() {
  const info = useStreamKey();
  const make = useNewStreamKey();
  const key = useFreshStreamKey();
  const [shown, setShown] = useState(false);

  const [confirming, setConfirming] = useState(false);
  const generate = () =>
    make.mutate(undefined, {
      onSuccess: () => {
        setShown(true);
        setConfirming(false);
      },
      onError: (e) => {
        setConfirming(false);
        toast.error(e.message);
      },
    });

  return (
    <section aria-labelledby="obs-heading" className="flex flex-col gap-3 rounded-xl border bg-card p-4">
      <h2 id="obs-heading" className="flex items-center gap-2 font-semibold">
        <KeyRound aria-hidden className="size-4 text-primary" /> Stream from OBS
      </h2>
      {info.isPending ? (
        <Skeleton className="h-20 w-full" />
      ) : info.isError ? (
        <p className="text-sm text-destructive">{info.error.message}</p>
      ) : !info.data.server ? (
        <p className="text-sm text-muted-foreground">Streaming from OBS is not available on this server. Go live from the browser instead.</p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            In OBS, open Settings → Stream, choose Custom, and paste these. Start streaming and your stream goes live.
          </p>
          <label className="flex flex-col gap-1 text-sm font-medium">
            Server
            <div className="flex gap-2">
              <Input readOnly value={info.data.server} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
              <Button type="button" variant="outline" size="icon" aria-label="Copy server" onClick={() => void copyWithToast(info.data.server, 'Server')}>
                <Copy aria-hidden />
              </Button>
            </div>
          </label>
          {key ? (
            <label className="flex flex-col gap-1 text-sm font-medium">
              Stream key
              <div className="flex gap-2">
                <Input
                  readOnly
                  type={shown ? 'text' : 'password'}
                  value={key}
                  className="font-mono text-xs"
                  data-testid="stream-key"
                  onFocus={(e) => e.currentTarget.select()}
                />
                <Button type="button" variant="outline" size="icon" aria-label={shown ? 'Hide key' : 'Show key'} onClick={() => setShown((v) => !v)}>
                  {shown ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
                </Button>
                <Button type="button" variant="outline" size="icon" aria-label="Copy stream key" onClick={() => void copyWithToast(key, 'Stream key')}>
                  <Copy aria-hidden />
                </Button>
              </div>
              <span className="text-xs font-normal text-muted-foreground">Shown only now. Keep it secret: anyone with it can stream as you.</span>
            </label>
          ) : (
            <p className="text-sm text-muted-foreground">
              {info.data.hasKey
                ? 'You have a stream key. For your safety it is not shown again; make a new one if you lost it.'
                : 'Make a stream key to stream from OBS.'}
            </p>
          )}
          <Button
            type="button"
            variant={info.data.hasKey ? 'outline' : 'brand'}
            onClick={() => (info.data.hasKey ? setConfirming(true) : generate())}
            disabled={make.isPending}
            className="self-start"
          >
            <RefreshCw aria-hidden /> {info.data.hasKey ? 'Make a new key' : 'Make a stream key'}
          </Button>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title="Make a new stream key?"
            description="The current key stops working at once: OBS streaming with it is cut off. The new key is shown once."
            confirmLabel="Make a new key"
            pendingLabel="Making a key…"
            pending={make.isPending}
            onConfirm={generate}
            holdWhilePending
          />
        </>
      )}
    </section>
  );
}
