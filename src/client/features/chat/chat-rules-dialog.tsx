import { Coins } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { PutChatRulesSchema, type ChatRulesView } from '../../../shared/chat/chat';
import { ApiError } from '../../lib/api';
import { Button } from '../../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '../../ui/dialog';
import { InputField } from '../../ui/form-field';
import { useSetChatRules } from './queries';

/**
 * For the creator of a Pump Stream: holders-only chat, from a minimum balance of the stream's
 * token, or open to anyone signed in. Viewers see the rule and, when they fall short, why.
 */
export function ChatRulesDialog({ streamId, symbol, rules }: { streamId: string; symbol: string | null; rules: ChatRulesView | undefined }) {
  const [open, setOpen] = useState(false);
  const set = useSetChatRules(streamId);
  const current = rules?.holdersOnly ?? null;
  const [holdersOnly, setHoldersOnly] = useState(!!current);
  const [minimum, setMinimum] = useState(current?.minimum ?? '1');
  const [error, setError] = useState<string>();
  const checkboxId = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const input = { holdersOnly: holdersOnly ? { minimum } : null };
    const parsed = PutChatRulesSchema.safeParse(input);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    set.mutate(parsed.data, {
      onSuccess: (saved) => {
        setOpen(false);
        toast.success(
          saved.holdersOnly ? `Chat is for holders of at least ${saved.holdersOnly.minimum} ${symbol ? `$${symbol}` : 'tokens'}` : 'Chat is open to everyone',
        );
      },
      onError: (err) => setError(err instanceof ApiError ? (err.fields['holdersOnly.minimum'] ?? err.message) : 'Something went wrong. Please try again.'),
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setHoldersOnly(!!current);
          setMinimum(current?.minimum ?? '1');
          setError(undefined);
        }
      }}
    >
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" className="h-7 px-2 text-muted-foreground hover:text-foreground">
          <Coins aria-hidden /> Holders
        </Button>
      </DialogTrigger>
      <DialogContent className="gap-4 p-4 sm:p-6" data-testid="chat-rules">
        <DialogHeader className="pr-8 text-left">
          <DialogTitle>Who can chat</DialogTitle>
          <DialogDescription>
            Holders-only chat lets in the viewers whose linked wallets hold enough {symbol ? `$${symbol}` : 'of the stream’s token'}. Everyone can still read
            it.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="flex flex-col gap-4">
          <label htmlFor={checkboxId} className="flex items-center gap-2 text-sm font-medium">
            <input id={checkboxId} type="checkbox" checked={holdersOnly} onChange={(e) => setHoldersOnly(e.target.checked)} /> Holders only
          </label>
          {holdersOnly ? (
            <InputField
              id={`${checkboxId}-minimum`}
              label={`Minimum balance${symbol ? ` ($${symbol})` : ''}`}
              inputMode="decimal"
              value={minimum}
              onChange={(e) => setMinimum(e.target.value)}
              error={error}
            />
          ) : error ? (
            <p role="alert" className="text-sm text-destructive">
              {error}
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
