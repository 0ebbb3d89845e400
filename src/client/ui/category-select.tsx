import type { ComponentProps } from 'react';
import { CATEGORIES } from '../../shared/categories/categories';
import { cn } from '../lib/utils';

/** The 28 categories as a native select (value: the slug); empty until one is chosen. */
export function CategorySelect({ className, ...props }: Omit<ComponentProps<'select'>, 'children'>) {
  return (
    <select
      className={cn(
        'flex h-10 w-full rounded-md border border-input bg-background/60 px-3 py-2 text-sm shadow-xs outline-none transition-[border-color,box-shadow]',
        'focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 aria-invalid:border-destructive disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      {...props}
    >
      <option value="" disabled>
        Choose a category
      </option>
      {CATEGORIES.map((c) => (
        <option key={c.slug} value={c.slug}>
          {c.name}
        </option>
      ))}
    </select>
  );
}
