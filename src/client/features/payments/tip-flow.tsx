import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Coins, Loader2, XCircle } from 'lucide-react';
import { ExplorerLink } from './explorer-link';
import { useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import {
  CreateTipSchema,
  TIP_LINK_WALLET,
  TIP_MESSAGE_MAX,
  TIP_NO_WALLET,
  TIP_PRESETS_SOL,
  tipWrongWallet,
  type Payment,
  type TipRecipient,
} from '../../../shared/payments/payments';
import { TextareaField } from '../../ui/textarea-field';
import { api, ApiError } from '../../lib/api';
import { Button } from '../../ui/button';
import { fieldErrors, FormError, InputField } from '../../ui/form-field';
import { useSession } from '../auth/session';
import { PayError } from './pay';
import { isPaying, type PayState } from './pay-machine';
import { usePayFlow } from './use-pay-flow';

import type { TipTarget } from './tip-button';

const recipientKey = (username: string) => ['tips', 'recipient', username.toLowerCase()] as const;

/** The tip dialog's content: the amount and message, then the payment's way to the chain. */
export function TipFlow({ target, onClose }: { target: TipTarget; onClose: () => void }) {
  const recipient = useQuery({
    queryKey: recipientKey(target.username),
    queryFn: () => api<TipRecipient>(`/api/tips/recipient/${encodeURIComponent(target.username)}`),
  });
  const [amount, setAmount] = useState<string>(TIP_PRESETS_SOL[1]);
  const [custom, setCustom] = useState(false);
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const tip = useRef<z.output<typeof CreateTipSchema> | null>(null);
  // A tip is paid from the tipper's linked wallet (the server refuses any other).
  const linked = useSession().user?.publicWalletAddress ?? null;
  const flow = usePayFlow({
    open: (wallet) => {
      if (linked && wallet !== linked) return Promise.reject(new PayError(tipWrongWallet(linked)));
      return api<Payment>('/api/tips', { method: 'POST', json: { ...tip.current!, fromWallet: wallet } });
    },
    onError: (error) => {
      if (error instanceof ApiError && Object.keys(error.fields).length) setErrors(error.fields);
    },
  });
  const { state } = flow;
  // Sent: the chain has it (or had it and failed); before that, a failure leaves the form as it was.
  const sent = 'payment' in state && !!state.payment && state.status !== 'signing' && state.payment.status !== 'created';

  if (recipient.isPending) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
        <Loader2 aria-hidden className="size-4 animate-spin" /> Checking the creator’s wallet…
      </p>
    );
  }
  if (recipient.isError) return <FormError message={recipient.error.message} />;
  if (!recipient.data.canTip) {
    return (
      <div className="flex flex-col gap-3 text-sm" role="status">
        <p className="font-medium">{recipient.data.reason}</p>
        {recipient.data.reason === TIP_NO_WALLET ? (
          <p className="text-muted-foreground">
            Creators link a wallet with Connect Wallet at the top of any page, using Phantom. Once they have, tips go straight to it.
          </p>
        ) : null}
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      </div>
    );
  }
  if (sent) return <Verifying state={state} onClose={onClose} onRetry={flow.reset} />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The wallet is not known yet: any valid address stands in for checking the rest of the form.
    const parsed = CreateTipSchema.safeParse({
      to: target.username,
      amountSol: amount,
      message,
      fromWallet: '11111111111111111111111111111111',
      content: target.content,
    });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    if (!linked) return setErrors({ form: TIP_LINK_WALLET });
    setErrors({});
    tip.current = parsed.data;
    flow.start();
  };

  const busy = isPaying(state);
  const formError = errors.form ?? (state.status === 'failed' && !Object.keys(errors).length ? state.reason : undefined);
  return (
    <form className="flex flex-col gap-4" onSubmit={submit} aria-label="Tip" noValidate>
      <fieldset className="flex flex-col gap-2" disabled={busy}>
        <legend className="mb-2 text-sm font-medium">Amount</legend>
        <div className="grid grid-cols-5 gap-2" role="radiogroup" aria-label="Amount">
          {TIP_PRESETS_SOL.map((sol) => (
            <Button
              key={sol}
              role="radio"
              aria-checked={!custom && amount === sol}
              variant={!custom && amount === sol ? 'brand' : 'outline'}
              onClick={() => {
                setCustom(false);
                setAmount(sol);
              }}
            >
              {sol}
            </Button>
          ))}
          <Button role="radio" aria-checked={custom} variant={custom ? 'brand' : 'outline'} onClick={() => setCustom(true)}>
            Other
          </Button>
        </div>
        {custom ? (
          <InputField
            id="tip-amount"
            label="Amount in SOL"
            error={errors.amountSol}
            inputMode="decimal"
            autoFocus
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        ) : errors.amountSol ? (
          <FormError message={errors.amountSol} />
        ) : null}
      </fieldset>
      <TextareaField
        id="tip-message"
        label="Message (optional)"
        error={errors.message}
        counterHidden
        value={message}
        disabled={busy}
        maxLength={TIP_MESSAGE_MAX}
        onValueChange={setMessage}
        placeholder="Say something to the creator"
      />
      <FormError message={formError} />
      <Button type="submit" variant="brand" disabled={busy}>
        {busy ? <Loader2 aria-hidden className="animate-spin" /> : <Coins aria-hidden />}
        {state.status === 'connecting' || state.status === 'opening'
          ? 'Connecting to Phantom…'
          : state.status === 'signing'
            ? 'Approve in Phantom…'
            : `Tip ${amount || '…'} SOL with Phantom`}
      </Button>
    </form>
  );
}

/** The tip on its way: waiting for the network, confirmed, then sent; or why it did not go through. */
function Verifying({ state, onClose, onRetry }: { state: PayState; onClose: () => void; onRetry: () => void }) {
  if (!('payment' in state) || !state.payment) return null;
  const payment = state.payment;
  const explorer = (
    <ExplorerLink href={payment.explorerUrl} className="inline-flex items-center gap-1 text-sm underline underline-offset-4">
      View the transaction
    </ExplorerLink>
  );
  if (payment.status === 'finalized') {
    return (
      <div className="flex flex-col items-center gap-3 text-center" role="status">
        <CheckCircle2 aria-hidden className="size-10 text-emerald-500" />
        <p className="font-semibold">
          Tip sent: {payment.amountSol} SOL to @{payment.payee.username}
        </p>
        <p className="text-sm text-muted-foreground">Verified on chain. Thank you for supporting creators.</p>
        {explorer}
        <Button variant="brand" onClick={onClose}>
          Done
        </Button>
      </div>
    );
  }
  if (payment.status === 'failed') {
    return (
      <div className="flex flex-col items-center gap-3 text-center" role="alert">
        <XCircle aria-hidden className="size-10 text-destructive" />
        <p className="font-semibold">The tip did not go through</p>
        <p className="text-sm text-muted-foreground">{payment.failure}</p>
        {explorer}
        <div className="flex gap-2">
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          <Button variant="brand" onClick={onRetry}>
            Try again
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className="flex flex-col items-center gap-3 text-center" role="status" aria-live="polite">
      <Loader2 aria-hidden className="size-10 animate-spin text-muted-foreground" />
      <p className="font-semibold">{payment.status === 'confirmed' ? 'Confirmed, waiting for finality…' : 'Waiting for the network to confirm…'}</p>
      <p className="text-sm text-muted-foreground">
        {payment.amountSol} SOL to @{payment.payee.username}. You can close this: the tip is recorded as soon as it is final.
      </p>
      {explorer}
      <Button variant="outline" onClick={onClose}>
        Close
      </Button>
    </div>
  );
}
