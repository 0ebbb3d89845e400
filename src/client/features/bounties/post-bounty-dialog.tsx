import { Coins } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { BOUNTY_MAX_DAYS, BOUNTY_MAX_SOL, BOUNTY_MIN_HOURS, BOUNTY_MIN_SOL, CreateBountySchema } from '../../../shared/bounties/bounties';
import { paths } from '../../../shared/platform/routes';
import { DESCRIPTION_MAX, TITLE_MAX } from '../../../shared/videos/video-rules';
import { CategorySelect } from '../../ui/category-select';
import { Textarea } from '../../ui/textarea';
import { ApiError } from '../../lib/api';
import { Button } from '../../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../ui/dialog';
import { errorProps, fieldErrors, FormError, FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { usePostBounty } from './queries';

const HOUR = 3_600_000;
/** A `datetime-local` value for a moment, in the browser's own time zone. */
function localInput(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Post a bounty: what to make, the reward in SOL, the deadline and the category. Opens the new bounty's page. */
export function PostBountyDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const id = useId();
  const navigate = useNavigate();
  const postBounty = usePostBounty();
  // When the form was opened: the deadline's default and its earliest and latest choices.
  const [now] = useState(() => Date.now());
  const [form, setForm] = useState(() => ({ title: '', description: '', rewardSol: '', deadline: localInput(now + 7 * 24 * HOUR), category: '' }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const set = (field: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [field]: e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (postBounty.isPending) return;
    const deadline = form.deadline ? new Date(form.deadline) : null;
    const parsed = CreateBountySchema.safeParse({ ...form, deadline: deadline && !Number.isNaN(deadline.getTime()) ? deadline.toISOString() : '' });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setFormError(undefined);
    postBounty.mutate(
      { ...form, deadline: parsed.data.deadline },
      {
        onSuccess: (bounty) => {
          toast.success('Bounty posted', { description: `${bounty.rewardSol} SOL for “${bounty.title}”` });
          onOpenChange(false);
          void navigate(paths.bounty(bounty.id));
        },
        onError: (error) => {
          if (error instanceof ApiError && Object.keys(error.fields).length) setErrors({ ...error.fields });
          else setFormError(error.message);
        },
      },
    );
  };

  const field = (name: string) => ({ id: `${id}-${name}`, error: errors[name] });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Post a bounty</DialogTitle>
          <DialogDescription>Say what you want made. You pay the reward from Phantom when you approve a creator’s claim.</DialogDescription>
        </DialogHeader>
        <form aria-label="Post a bounty" className="flex flex-col gap-4" onSubmit={submit} noValidate>
          <FormField {...field('title')} label="Title">
            <Input
              id={`${id}-title`}
              value={form.title}
              onChange={set('title')}
              maxLength={TITLE_MAX}
              placeholder="Explain impermanent loss in 60 seconds"
              {...errorProps(`${id}-title`, errors.title)}
            />
          </FormField>
          <FormField {...field('description')} label="Description">
            <Textarea
              id={`${id}-description`}
              value={form.description}
              onChange={set('description')}
              maxLength={DESCRIPTION_MAX}
              rows={4}
              placeholder="What should the video, short or stream show? How will you pick the winner?"
              {...errorProps(`${id}-description`, errors.description)}
            />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField {...field('rewardSol')} label="Reward (SOL)">
              <div className="relative">
                <Coins aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
                <Input
                  id={`${id}-rewardSol`}
                  value={form.rewardSol}
                  onChange={set('rewardSol')}
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder="0.5"
                  className="pl-9"
                  aria-description={`From ${BOUNTY_MIN_SOL} to ${BOUNTY_MAX_SOL} SOL`}
                  {...errorProps(`${id}-rewardSol`, errors.rewardSol)}
                />
              </div>
            </FormField>
            <FormField {...field('deadline')} label="Deadline">
              <Input
                id={`${id}-deadline`}
                type="datetime-local"
                value={form.deadline}
                onChange={set('deadline')}
                min={localInput(now + BOUNTY_MIN_HOURS * HOUR)}
                max={localInput(now + BOUNTY_MAX_DAYS * 24 * HOUR)}
                {...errorProps(`${id}-deadline`, errors.deadline)}
              />
            </FormField>
          </div>
          <FormField {...field('category')} label="Category">
            <CategorySelect id={`${id}-category`} value={form.category} onChange={set('category')} {...errorProps(`${id}-category`, errors.category)} />
          </FormField>
          <FormError message={formError} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="brand" disabled={postBounty.isPending}>
              {postBounty.isPending ? 'Posting…' : 'Post bounty'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
