import { Check, Hourglass, LoaderCircle, ShieldCheck, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { formatDateTime } from '../../lib/format';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '../../ui/dialog';
import { EmptyState } from '../../ui/empty-state';
import { Skeleton } from '../../ui/skeleton';
import { ChatBody } from './chat-body';
import { useApproveHeld, useHeldMessages, useRejectHeld } from './queries';

const errorText = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong. Please try again.');

/**
 * For those who moderate the chat, when the channel holds messages with blocked words: the
 * messages waiting, each approved into the chat or deleted. The button appears while some wait,
 * with how many.
 */
export function HeldMessagesDialog({ streamId }: { streamId: string }) {
  const held = useHeldMessages(streamId, true);
  const approve = useApproveHeld(streamId);
  const reject = useRejectHeld(streamId);
  const messages = held.data ?? [];
  const [open, setOpen] = useState(false);
  const act = (action: Promise<unknown>, done: string) =>
    action.then(
      () => toast.success(done),
      (error: unknown) => toast.error(errorText(error)),
    );
  // Shown only while something waits (or while the list is open, as its last message is answered).
  if (!open && messages.length === 0) return null;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" className="h-7 px-2 text-muted-foreground hover:text-foreground">
          <Hourglass aria-hidden /> Held
          {messages.length ? (
            <Badge variant="amber" className="px-1.5 py-0 text-[10px]" data-testid="held-count">
              {messages.length}
            </Badge>
          ) : null}
          <span className="sr-only">{messages.length === 1 ? ' (1 message waits)' : ` (${messages.length} messages wait)`}</span>
        </Button>
      </DialogTrigger>
      <DialogContent className="gap-3 p-4 sm:p-6" data-testid="held-messages">
        <DialogHeader className="pr-8 text-left">
          <DialogTitle>Held messages</DialogTitle>
          <DialogDescription>Blocked words held these. Approve one to show it to everyone, or delete it.</DialogDescription>
        </DialogHeader>
        {held.isPending ? (
          <div className="flex flex-col gap-2" role="status" aria-busy="true" aria-label="Loading held messages">
            <Skeleton className="h-10 w-full" />
          </div>
        ) : held.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Couldn’t load the held messages. {errorText(held.error)}
          </p>
        ) : messages.length === 0 ? (
          <EmptyState
            compact
            headingLevel="h3"
            icon={ShieldCheck}
            title="Nothing held"
            description="Messages with blocked words wait here."
            className="border-none"
          />
        ) : (
          <ul aria-label="Held messages" className="flex min-w-0 flex-col divide-y">
            {messages.map((m) => {
              const busy = (approve.isPending && approve.variables === m.id) || (reject.isPending && reject.variables === m.id);
              return (
                <li key={m.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center" data-testid="held-message">
                  <p className="min-w-0 flex-1 text-sm break-words">
                    <span className="font-semibold">{m.author.displayName}</span>{' '}
                    <time dateTime={m.createdAt} className="text-xs text-muted-foreground">
                      {formatDateTime(m.createdAt)}
                    </time>
                    <br />
                    <ChatBody body={m.body} />
                  </p>
                  <span className="flex shrink-0 gap-2">
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={busy}
                      aria-label={`Approve the message from ${m.author.displayName}`}
                      onClick={() => void act(approve.mutateAsync(m.id), 'Approved: everyone sees it now')}
                    >
                      {busy ? <LoaderCircle aria-hidden className="animate-spin" /> : <Check aria-hidden />} Approve
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={busy}
                      aria-label={`Delete the message from ${m.author.displayName}`}
                      onClick={() => void act(reject.mutateAsync(m.id), 'Message deleted')}
                    >
                      <Trash2 aria-hidden /> Delete
                    </Button>
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
