import { Square } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../ui/button';
import { ConfirmDialog, confirmedRequest } from '../../ui/confirm-dialog';
import { useEndStream } from './queries';

/**
 * The creator ends their live stream now, whatever streams it (OBS or a browser), after a
 * confirmation: on the stream's page and its studio page.
 */
export function EndStreamButton({ streamId, className }: { streamId: string; className?: string }) {
  const end = useEndStream(streamId);
  const [open, setOpen] = useState(false);
  return (
    <div className={className}>
      <Button variant="destructive" className="rounded-full" onClick={() => setOpen(true)}>
        <Square aria-hidden /> End stream
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="End this stream now?"
        description="Viewers see it end at once and what was recorded becomes its replay. Stop streaming in OBS too: if it reconnects, it goes live again on your next stream."
        keepLabel="Keep streaming"
        confirmLabel="End stream"
        pendingLabel="Ending…"
        pending={end.isPending}
        onConfirm={confirmedRequest(end, () => setOpen(false), { done: 'Stream ended', failed: 'The stream was not ended' })}
        holdWhilePending
        stacked
      />
    </div>
  );
}
