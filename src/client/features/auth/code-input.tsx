import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';
import { Input } from '../../ui/input';

export const CODE_LENGTH = 6;

/** Keeps only digits, at most six (docs/product.md §5 two-factor code). */
export const onlyDigits = (value: string) => value.replace(/\D/g, '').slice(0, CODE_LENGTH);

/** The six-digit authenticator code box: digits only, numeric keypad, one-time-code autofill. */
export function CodeInput({
  value,
  onValueChange,
  className,
  ...props
}: Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'type'> & { value: string; onValueChange: (code: string) => void }) {
  return (
    <Input
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={CODE_LENGTH}
      placeholder="000000"
      className={cn('h-12 text-center font-mono text-2xl tracking-[0.5em] tabular-nums placeholder:tracking-[0.5em]', className)}
      value={value}
      onChange={(e) => onValueChange(onlyDigits(e.target.value))}
      {...props}
    />
  );
}
