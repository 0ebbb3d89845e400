import { Clapperboard, Film, Radio, Smartphone, Wallet } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { CLAIM_NO_WALLET, CLAIM_NOT_YOURS, CLAIM_NOTE_MAX, type ClaimableContent, type ClaimContentType } from '../../../shared/bounties/bounties';
import { useSession } from '../auth/session';
import { Textarea } from '../../ui/textarea';
import { Thumbnail } from '../../ui/thumbnail';
import { cn } from '../../lib/utils';
import { Button } from '../../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../ui/dialog';
import { FormError, FormField } from '../../ui/form-field';
import { Skeleton } from '../../ui/skeleton';
import { useClaimableContent, useClaimBounty } from './queries';

export const CONTENT_KIND: Record<ClaimContentType, { label: string; icon: typeof Film }> = {
  glint_video: { label: 'Video', icon: Film },
  short_video: { label: 'Short', icon: Smartphone },
  livestream: { label: 'Stream', icon: Radio },
};

/**
 * Claim a bounty: pick one of your own ready videos, shorts or streams, add a note for the poster.
 * A creator without a linked wallet is told why one is needed, and can link Phantom right here.
 */
export function ClaimDialog({ bountyId, open, onOpenChange }: { bountyId: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const id = useId();
  const { user, actions } = useSession();
  const hasWallet = !!user?.publicWalletAddress;
  const content = useClaimableContent(bountyId, open && hasWallet);
  const claim = useClaimBounty(bountyId);
  const [picked, setPicked] = useState<ClaimableContent | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();
  const [linking, setLinking] = useState(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (claim.isPending) return;
    if (!picked) {
      setError(CLAIM_NOT_YOURS);
      return;
    }
    if (note.trim().length > CLAIM_NOTE_MAX) {
      setError(`A note can be at most ${CLAIM_NOTE_MAX} characters`);
      return;
    }
    setError(undefined);
    claim.mutate(
      { content: { type: picked.type, id: picked.id }, note },
      {
        onSuccess: () => {
          toast.success('Claim sent', { description: 'The poster has been told. You will hear when they decide.' });
          setPicked(null);
          setNote('');
          onOpenChange(false);
        },
        onError: (err) => setError(err.message),
      },
    );
  };

  const linkWallet = async () => {
    setLinking(true);
    try {
      await actions.connectPhantom?.();
    } finally {
      setLinking(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Claim this bounty</DialogTitle>
          <DialogDescription>Submit one of your own videos, shorts or streams. The poster reviews claims and approves one.</DialogDescription>
        </DialogHeader>
        {!hasWallet ? (
          <div className="flex flex-col gap-3 rounded-lg border border-amber-500/40 bg-amber-500/10 p-4 text-sm" role="status">
            <p className="flex items-start gap-2">
              <Wallet aria-hidden className="mt-0.5 size-4 shrink-0" />
              {CLAIM_NO_WALLET}
            </p>
            <Button variant="brand" size="sm" className="self-start" onClick={() => void linkWallet()} disabled={linking || !actions.connectPhantom}>
              {linking ? 'Connecting…' : 'Link Phantom wallet'}
            </Button>
          </div>
        ) : (
          <form aria-label="Claim this bounty" className="flex flex-col gap-4" onSubmit={submit}>
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-2 text-sm font-medium">Your content</legend>
              {content.isPending ? (
                <div className="flex flex-col gap-2">
                  <Skeleton className="h-16" />
                  <Skeleton className="h-16" />
                </div>
              ) : content.isError ? (
                <FormError message={content.error.message} />
              ) : content.data.length === 0 ? (
                <div className="flex flex-col items-start gap-2 rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
                  <Clapperboard aria-hidden className="size-5" />
                  <p>You have no ready videos, shorts or streams yet. Make one for this bounty, then claim it with it.</p>
                  <Button variant="outline" size="sm" asChild>
                    <Link to="/submit">Create content</Link>
                  </Button>
                </div>
              ) : (
                <ul className="flex max-h-72 flex-col gap-2 overflow-y-auto pr-1 scrollbar-thin">
                  {content.data.map((c) => {
                    const kind = CONTENT_KIND[c.type];
                    const checked = picked?.id === c.id;
                    return (
                      <li key={c.id}>
                        <label
                          className={cn(
                            'flex cursor-pointer items-center gap-3 rounded-lg border p-2 transition-colors has-focus-visible:ring-2 has-focus-visible:ring-ring',
                            checked ? 'border-primary bg-primary/10' : 'hover:bg-accent',
                            c.claimed && 'cursor-not-allowed opacity-60',
                          )}
                        >
                          <input
                            type="radio"
                            name={`${id}-content`}
                            value={c.id}
                            checked={checked}
                            disabled={c.claimed}
                            onChange={() => setPicked(c)}
                            className="sr-only"
                          />
                          <Thumbnail src={c.thumbnailUrl} seed={c.id} icon={kind.icon} className="w-20 shrink-0 rounded-md" />
                          <span className="flex min-w-0 flex-col">
                            <span className="truncate text-sm font-medium">{c.title}</span>
                            <span className="text-xs text-muted-foreground">
                              {kind.label}
                              {c.claimed ? ' · already claims this bounty' : ''}
                            </span>
                          </span>
                        </label>
                      </li>
                    );
                  })}
                </ul>
              )}
            </fieldset>
            <FormField id={`${id}-note`} label="Note for the poster (optional)">
              <Textarea
                id={`${id}-note`}
                value={note}
                onChange={(e) => setNote(e.target.value)}
                maxLength={CLAIM_NOTE_MAX}
                rows={3}
                placeholder="What you made and how it answers the bounty"
              />
            </FormField>
            <FormError message={error} />
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" variant="brand" disabled={claim.isPending || !content.data?.length}>
                {claim.isPending ? 'Sending…' : 'Send claim'}
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
