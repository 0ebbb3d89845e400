import { Coins, SlidersHorizontal } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { PutChatRulesSchema, SLOW_MODE_SECONDS, type ChatRulesView } from '../../../shared/chat/chat';
import { ApiError } from '../../lib/api';
import { Button } from '../../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '../../ui/dialog';
import { errorProps, FormField, InputField } from '../../ui/form-field';
import { useSetChatRules } from './queries';

interface Draft {
  slow: string;
  followers: boolean;
  followersMinutes: string;
  holders: boolean;
  minimum: string;
}

const draftOf = (rules: ChatRulesView | undefined): Draft => ({
  slow: rules?.slowSeconds ? String(rules.slowSeconds) : '',
  followers: rules?.followersMinutes !== null && rules?.followersMinutes !== undefined,
  followersMinutes: String(rules?.followersMinutes ?? 10),
  holders: !!rules?.holdersOnly,
  minimum: rules?.holdersOnly?.minimum ?? '1',
});

/**
 * For the stream's creator, their moderators and platform staff: its chat's modes. Slow mode (one message per chatter every so many
 * seconds), followers only (followed for at least so many minutes), and on a Pump Stream holders
 * only (a minimum balance of its token). Everyone still reads the chat; who cannot write is told why.
 */
export function ChatRulesDialog({
  streamId,
  symbol,
  hasToken,
  rules,
}: {
  streamId: string;
  symbol: string | null;
  hasToken: boolean;
  rules: ChatRulesView | undefined;
}) {
  const [open, setOpen] = useState(false);
  const set = useSetChatRules(streamId);
  const [draft, setDraft] = useState<Draft>(() => draftOf(rules));
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const id = useId();
  const change = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const input = {
      slowSeconds: draft.slow ? Number(draft.slow) : null,
      followersMinutes: draft.followers ? Number(draft.followersMinutes) : null,
      ...(hasToken ? { holdersOnly: draft.holders ? { minimum: draft.minimum } : null } : {}),
    };
    const parsed = PutChatRulesSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message])));
      return;
    }
    setErrors({});
    set.mutate(parsed.data, {
      onSuccess: () => {
        setOpen(false);
        toast.success('Chat modes saved');
      },
      onError: (err) =>
        setErrors(
          err instanceof ApiError
            ? { ...err.fields, form: Object.keys(err.fields).length ? undefined : err.message }
            : { form: 'Something went wrong. Please try again.' },
        ),
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setDraft(draftOf(rules));
          setErrors({});
        }
      }}
    >
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" className="h-7 px-2 text-muted-foreground hover:text-foreground">
          <SlidersHorizontal aria-hidden /> Modes
        </Button>
      </DialogTrigger>
      <DialogContent className="gap-4 p-4 sm:p-6" data-testid="chat-rules">
        <DialogHeader className="pr-8 text-left">
          <DialogTitle>Chat modes</DialogTitle>
          <DialogDescription>
            Everyone can still read the chat. Whoever a mode keeps out is told why; the creator, their moderators and platform moderators always write.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="flex flex-col gap-4">
          <FormField id={`${id}-slow`} label="Slow mode" error={errors.slowSeconds}>
            <select
              id={`${id}-slow`}
              value={draft.slow}
              onChange={(e) => change({ slow: e.target.value })}
              className="h-9 rounded-md border bg-background px-2 text-sm"
              {...errorProps(`${id}-slow`, errors.slowSeconds)}
            >
              <option value="">Off</option>
              {SLOW_MODE_SECONDS.map((s) => (
                <option key={s} value={s}>
                  One message every {s} seconds
                </option>
              ))}
            </select>
          </FormField>
          <ModeWithAmount
            mode="Followers only"
            on={draft.followers}
            onToggle={(followers) => change({ followers })}
            id={`${id}-followers`}
            label="Followed for at least (minutes; 0: any follower)"
            inputMode="numeric"
            value={draft.followersMinutes}
            onChange={(followersMinutes) => change({ followersMinutes })}
            error={errors.followersMinutes}
          />
          {hasToken ? (
            <ModeWithAmount
              mode="Holders only"
              on={draft.holders}
              onToggle={(holders) => change({ holders })}
              id={`${id}-minimum`}
              label={`Minimum balance${symbol ? ` ($${symbol})` : ''}`}
              inputMode="decimal"
              value={draft.minimum}
              onChange={(minimum) => change({ minimum })}
              error={errors['holdersOnly.minimum']}
            />
          ) : null}
          {errors.form ? (
            <p role="alert" className="text-sm text-destructive">
              {errors.form}
            </p>
          ) : null}
          <div className="flex justify-end">
            <Button type="submit" variant="brand" disabled={set.isPending}>
              Save
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** A mode turned on by a box, with the amount it asks for once on. */
function ModeWithAmount(p: {
  mode: string;
  on: boolean;
  onToggle: (on: boolean) => void;
  id: string;
  label: string;
  inputMode: 'numeric' | 'decimal';
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" checked={p.on} onChange={(e) => p.onToggle(e.target.checked)} /> {p.mode}
      </label>
      {p.on ? (
        <InputField id={p.id} label={p.label} inputMode={p.inputMode} value={p.value} onChange={(e) => p.onChange(e.target.value)} error={p.error} />
      ) : null}
    </fieldset>
  );
}

/** The modes in force, as the chat's header shows them to everyone. */
export function ChatModeBadges({ rules }: { rules: ChatRulesView | undefined }) {
  if (!rules) return null;
  const badges: { key: string; text: string; title: string }[] = [];
  if (rules.slowSeconds) badges.push({ key: 'slow', text: `Slow ${rules.slowSeconds}s`, title: `Slow mode: one message every ${rules.slowSeconds} seconds` });
  if (rules.followersMinutes !== null)
    badges.push({
      key: 'followers',
      text: 'Followers only',
      title: rules.followersMinutes ? `Followed for at least ${rules.followersMinutes} minutes` : 'Followers only',
    });
  if (rules.holdersOnly)
    badges.push({
      key: 'holders',
      text: 'Holders only',
      title: `Only holders of at least ${rules.holdersOnly.minimum} ${rules.holdersOnly.symbol ? `$${rules.holdersOnly.symbol}` : 'tokens'} can write`,
    });
  return (
    <>
      {badges.map((b) => (
        <span
          key={b.key}
          title={b.title}
          className="inline-flex items-center gap-1 rounded-full border border-violet-500/30 bg-violet-500/10 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-violet-700 dark:text-violet-300"
        >
          {b.key === 'holders' ? <Coins aria-hidden className="size-3" /> : null}
          {b.text}
        </span>
      ))}
    </>
  );
}
