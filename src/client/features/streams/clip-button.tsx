import { useState, type FormEvent } from 'react';
import { Scissors } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { CLIP_LENGTHS, CreateClipSchema } from '../../../shared/live/live';
import { TITLE_MAX } from '../../../shared/videos/video-rules';
import { useAuthDialog } from '../auth/auth-dialog-context';
import { useSession } from '../auth/session';
import { ApiError } from '../../lib/api';
import { Button } from '../../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../ui/dialog';
import { errorProps, fieldErrors, FormError, FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { useCreateClip } from './queries';

/**
 * "Clip" on a live stream: the last 15, 30 or 60 seconds become a short linked to the stream. The
 * short is the stream creator's, credited to the viewer who clipped it ("Clipped by"); on their own
 * stream (`creator` null) it is the creator's as any upload. A guest is asked to sign in; an account
 * must have confirmed its email, as for any upload.
 */
export function ClipButton({ streamId, streamTitle, creator }: { streamId: string; streamTitle: string; creator: string | null }) {
  const { user, status } = useSession();
  const { openAuthDialog } = useAuthDialog();
  const [open, setOpen] = useState(false);
  if (status === 'loading') return null;
  const onClick = () => {
    if (!user) openAuthDialog('login');
    else if (status === 'unverified') toast.error('Confirm your email to make clips', { description: 'Use the link we emailed you, then try again.' });
    else setOpen(true);
  };
  return (
    <>
      <Button variant="outline" className="rounded-full" onClick={onClick}>
        <Scissors aria-hidden /> Clip
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-w-md">
          <DialogHeader>
            <DialogTitle>Clip this stream</DialogTitle>
            <DialogDescription>
              {creator
                ? `The last seconds become a short on @${creator}’s profile, linked to this stream and credited to you.`
                : 'The last seconds become a short on your profile, linked to this stream.'}
            </DialogDescription>
          </DialogHeader>
          {open ? <ClipForm streamId={streamId} streamTitle={streamTitle} creator={creator} onDone={() => setOpen(false)} /> : null}
        </DialogContent>
      </Dialog>
    </>
  );
}

function ClipForm({ streamId, streamTitle, creator, onDone }: { streamId: string; streamTitle: string; creator: string | null; onDone: () => void }) {
  const navigate = useNavigate();
  const create = useCreateClip(streamId);
  const [seconds, setSeconds] = useState<number>(30);
  const [title, setTitle] = useState(`${streamTitle} clip`.slice(0, TITLE_MAX));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = CreateClipSchema.safeParse({ seconds, title });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: () => {
        onDone();
        if (creator) {
          // The clip is the creator's: it shows on their profile, credited to the clipper.
          toast.success('Your clip is being made', { description: `It appears in Shorts and on @${creator}’s profile once it is ready.` });
          return;
        }
        // Its progress shows with the rest of the creator's uploads.
        toast.success('Your clip is being made', {
          description: 'It appears in Shorts once it is ready.',
          action: { label: 'Your uploads', onClick: () => void navigate('/submit') },
        });
      },
      onError: (error) => setErrors(error instanceof ApiError && Object.keys(error.fields).length ? error.fields : { form: error.message }),
    });
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} aria-label="Clip this stream" noValidate>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">Length</legend>
        <div className="flex gap-2" role="radiogroup" aria-label="Length">
          {CLIP_LENGTHS.map((s) => (
            <Button
              key={s}
              type="button"
              role="radio"
              aria-checked={seconds === s}
              variant={seconds === s ? 'brand' : 'outline'}
              className="flex-1"
              onClick={() => setSeconds(s)}
            >
              Last {s} s
            </Button>
          ))}
        </div>
      </fieldset>
      <FormField id="clip-title" label="Title" error={errors.title}>
        <Input id="clip-title" value={title} onChange={(e) => setTitle(e.target.value)} maxLength={TITLE_MAX} {...errorProps('clip-title', errors.title)} />
      </FormField>
      <FormError message={errors.form ?? errors.seconds} />
      <Button type="submit" variant="brand" disabled={create.isPending}>
        <Scissors aria-hidden /> {create.isPending ? 'Clipping…' : 'Publish clip'}
      </Button>
    </form>
  );
}
