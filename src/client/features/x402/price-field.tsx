import { BadgeDollarSign, Gift } from 'lucide-react';
import { formatUsdc, PRICE_MAX_USDC, PRICE_MIN_USDC } from '../../../shared/x402/x402-rules';
import { cn } from '../../lib/utils';
import { errorProps, FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';

/** What the price field holds: free, or a price being typed. */
export interface PriceChoice {
  paid: boolean;
  price: string;
}

const OPTIONS = [
  { paid: false, label: 'Free', hint: 'Everyone can watch it', icon: Gift },
  { paid: true, label: 'Pay-per-view', hint: 'Viewers unlock it once, in USDC', icon: BadgeDollarSign },
] as const;

/** Free or a price in USDC (X402 pay-per-view), as two radio cards and an amount. */
export function PriceField({ name, value, onChange, error }: { name: string; value: PriceChoice; onChange: (v: PriceChoice) => void; error?: string }) {
  const inputId = `${name}-amount`;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium">Price</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {OPTIONS.map((o) => (
          <label
            key={o.label}
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-lg border p-3 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
              value.paid === o.paid ? 'border-primary bg-primary/5' : 'hover:bg-accent/50',
            )}
          >
            <input type="radio" name={name} checked={value.paid === o.paid} onChange={() => onChange({ ...value, paid: o.paid })} className="sr-only" />
            <o.icon aria-hidden className={cn('mt-0.5 size-4 shrink-0', value.paid === o.paid ? 'text-primary' : 'text-muted-foreground')} />
            <span className="flex flex-col gap-0.5">
              <span className="text-sm font-medium">{o.label}</span>
              <span className="text-xs text-muted-foreground">{o.hint}</span>
            </span>
          </label>
        ))}
      </div>
      {value.paid ? (
        <FormField id={inputId} label="Price in USDC" error={error}>
          <div className="relative">
            <span aria-hidden className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-muted-foreground">
              $
            </span>
            <Input
              id={inputId}
              inputMode="decimal"
              placeholder="1.50"
              className="pl-6"
              value={value.price}
              onChange={(e) => onChange({ ...value, price: e.target.value })}
              {...errorProps(inputId, error)}
            />
          </div>
          <p className="text-xs text-muted-foreground">
            Viewers pay it with Phantom, straight to the wallet on your profile, and can watch again on any device. From {formatUsdc(PRICE_MIN_USDC)} to{' '}
            {formatUsdc(PRICE_MAX_USDC)}.
          </p>
        </FormField>
      ) : error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
