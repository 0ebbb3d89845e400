import { Check, Circle } from 'lucide-react';
import { PASSWORD_CHECKLIST, passwordStrength, type PasswordStrengthLabel } from '../../../shared/auth/auth';
import { cn } from '../../lib/utils';

const TONE: Record<PasswordStrengthLabel, { bar: string; text: string }> = {
  Weak: { bar: 'bg-red-500', text: 'text-red-600 dark:text-red-500' },
  Fair: { bar: 'bg-amber-500', text: 'text-amber-700 dark:text-amber-500' },
  Good: { bar: 'bg-cyan-500', text: 'text-cyan-700 dark:text-cyan-500' },
  Strong: { bar: 'bg-emerald-500', text: 'text-emerald-700 dark:text-emerald-500' },
};

/** docs/product.md §5's strength meter (five points) and the checklist beneath it. */
export function PasswordStrength({ password }: { password: string }) {
  const { score, label } = passwordStrength(password);
  return (
    <div className="flex flex-col gap-2" data-testid="password-strength">
      {password ? (
        <div className="flex items-center gap-3">
          <div
            className="flex flex-1 gap-1"
            role="meter"
            aria-label="Password strength"
            aria-valuemin={0}
            aria-valuemax={5}
            aria-valuenow={score}
            aria-valuetext={label}
          >
            {Array.from({ length: 5 }, (_, i) => (
              <span key={i} className={cn('h-1.5 flex-1 rounded-full transition-colors', i < score ? TONE[label].bar : 'bg-muted')} />
            ))}
          </div>
          <span className={cn('w-14 text-right text-xs font-semibold', TONE[label].text)}>{label}</span>
        </div>
      ) : null}
      <ul className="grid grid-cols-1 gap-1 text-xs sm:grid-cols-2" aria-label="Password requirements">
        {PASSWORD_CHECKLIST.map((item) => {
          const met = item.met(password);
          return (
            <li
              key={item.label}
              className={cn('flex items-center gap-1.5', met ? 'text-emerald-700 dark:text-emerald-400' : 'text-muted-foreground')}
              data-met={met}
            >
              {met ? <Check aria-hidden className="size-3.5" /> : <Circle aria-hidden className="size-3" />}
              {item.label}
              <span className="sr-only">{met ? '(done)' : '(missing)'}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
