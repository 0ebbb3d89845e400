import { Ban, LoaderCircle } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { CHAT_FILTER_TERMS_MAX, ChannelChatFilterSchema, type ChannelChatFilter } from '../../../shared/chat/chat-filter';
import { ApiError } from '../../lib/api';
import { Button } from '../../ui/button';
import { ErrorState } from '../../ui/error-state';
import { Skeleton } from '../../ui/skeleton';
import { TextareaField } from '../../ui/textarea-field';
import { useChannelChatFilter, usePlatformChatFilter, useSaveChannelChatFilter, useSavePlatformChatFilter } from './queries';

const linesOf = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/** The first error of a list's parse or the server's answer, naming the line it is about. */
function listError(fields: Record<string, string>, lines: string[]): string | undefined {
  for (const [key, message] of Object.entries(fields)) {
    const index = /^terms\.(\d+)$/.exec(key)?.[1];
    if (index !== undefined) return `“${lines[Number(index)] ?? ''}”: ${message}`;
    return message;
  }
  return undefined;
}

/**
 * A list of blocked words, one per line (`*` for any letters inside a word), and for a channel
 * whether a match is held for a moderator or refused. `scope` says whose list it is.
 */
function BlockedWordsForm({
  initial,
  hold: holdChoice,
  saving,
  onSave,
}: {
  initial: string[];
  /** A channel's choice (held or refused); the platform's list always refuses. */
  hold: boolean | null;
  saving: boolean;
  onSave: (input: ChannelChatFilter, done: (fields: Record<string, string> | null) => void) => void;
}) {
  const [text, setText] = useState(initial.join('\n'));
  const [hold, setHold] = useState(holdChoice ?? false);
  const [error, setError] = useState<string>();
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const lines = linesOf(text);
    const parsed = ChannelChatFilterSchema.safeParse({ terms: lines, hold });
    if (!parsed.success) {
      setError(listError(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message])), lines));
      return;
    }
    setError(undefined);
    onSave(parsed.data, (fields) => {
      if (fields) setError(listError(fields, lines) ?? 'Something went wrong. Please try again.');
      else setText(parsed.data.terms.join('\n'));
    });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
      <TextareaField
        id={`${id}-terms`}
        label="Blocked words, one per line"
        placeholder={'free sol\nairdrop*'}
        rows={5}
        value={text}
        onValueChange={(v) => {
          setText(v);
          if (error) setError(undefined);
        }}
        maxLength={CHAT_FILTER_TERMS_MAX * 41}
        counter={false}
        error={error}
      />
      <p className="-mt-1 text-xs text-muted-foreground">Whole words, any case. Use * for any letters inside a word: airdrop* also blocks “airdrops”.</p>
      {holdChoice !== null ? (
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" className="mt-0.5 size-4 accent-primary" checked={hold} onChange={(e) => setHold(e.target.checked)} />
          <span>
            <span className="font-medium">Hold for review instead of refusing</span>
            <span className="block text-xs text-muted-foreground">A moderator approves or deletes it; until then only its author sees it.</span>
          </span>
        </label>
      ) : null}
      <Button type="submit" className="self-start" disabled={saving}>
        {saving ? <LoaderCircle aria-hidden className="animate-spin" /> : <Ban aria-hidden />}
        Save blocked words
      </Button>
    </form>
  );
}

const done = (cb: (fields: Record<string, string> | null) => void) => ({
  onSuccess: () => {
    toast.success('Blocked words saved');
    cb(null);
  },
  onError: (err: unknown) =>
    cb(err instanceof ApiError ? (Object.keys(err.fields).length ? err.fields : { form: err.message }) : { form: 'Something went wrong. Please try again.' }),
});

/** The creator's own chats' blocked words. */
export function ChannelBlockedWords() {
  const filter = useChannelChatFilter();
  const save = useSaveChannelChatFilter();
  if (filter.isPending) return <Skeleton className="h-40 rounded-lg" />;
  if (filter.isError) return <ErrorState compact error={filter.error} onRetry={() => void filter.refetch()} title="Couldn’t load your blocked words" />;
  return <BlockedWordsForm initial={filter.data.terms} hold={filter.data.hold} saving={save.isPending} onSave={(input, cb) => save.mutate(input, done(cb))} />;
}

/** The platform's blocked words, refused in every chat (platform moderators and admins). */
export function PlatformBlockedWords() {
  const filter = usePlatformChatFilter();
  const save = useSavePlatformChatFilter();
  if (filter.isPending) return <Skeleton className="h-40 rounded-lg" />;
  if (filter.isError) return <ErrorState compact error={filter.error} onRetry={() => void filter.refetch()} title="Couldn’t load the blocked words" />;
  return (
    <BlockedWordsForm initial={filter.data.terms} hold={null} saving={save.isPending} onSave={(input, cb) => save.mutate({ terms: input.terms }, done(cb))} />
  );
}
