import { Link2, LoaderCircle } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { AllowedLinksSchema } from '../../../shared/chat/chat-filter';
import { ApiError } from '../../lib/api';
import { Button } from '../../ui/button';
import { ErrorState } from '../../ui/error-state';
import { Skeleton } from '../../ui/skeleton';
import { TextareaField } from '../../ui/textarea-field';
import { useAllowedLinks, useSaveAllowedLinks } from './queries';

/** The domains anyone may link to in the creator's chats, one per line. */
export function AllowedLinks() {
  const query = useAllowedLinks();
  if (query.isPending) return <Skeleton className="h-32 rounded-lg" />;
  if (query.isError) return <ErrorState compact error={query.error} onRetry={() => void query.refetch()} title="Couldn’t load your allowed links" />;
  return <AllowedLinksForm initial={query.data.domains} />;
}

function AllowedLinksForm({ initial }: { initial: string[] }) {
  const save = useSaveAllowedLinks();
  const [text, setText] = useState(initial.join('\n'));
  const [error, setError] = useState<string>();
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const lines = text
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    const parsed = AllowedLinksSchema.safeParse({ domains: lines });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const index = issue?.path[1];
      setError(typeof index === 'number' ? `“${lines[index]}”: ${issue?.message}` : issue?.message);
      return;
    }
    setError(undefined);
    save.mutate(parsed.data, {
      onSuccess: (saved) => {
        setText(saved.domains.join('\n'));
        toast.success('Allowed links saved');
      },
      onError: (err) => setError(err instanceof ApiError ? err.message : 'Something went wrong. Please try again.'),
    });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
      <TextareaField
        id={`${id}-domains`}
        label="Domains, one per line"
        placeholder={'example.com\ndocs.example.org'}
        rows={3}
        value={text}
        onValueChange={(v) => {
          setText(v);
          if (error) setError(undefined);
        }}
        maxLength={50 * 254}
        counter={false}
        error={error}
      />
      <Button type="submit" className="self-start" disabled={save.isPending}>
        {save.isPending ? <LoaderCircle aria-hidden className="animate-spin" /> : <Link2 aria-hidden />}
        Save allowed links
      </Button>
    </form>
  );
}
