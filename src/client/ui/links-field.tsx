import { Link2, Plus, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { LINK_MAX_LENGTH, LINKS_MAX } from '../../shared/profiles/profiles';
import { Button } from './button';
import { errorProps } from './form-field';
import { Input } from './input';
import { Label } from './label';

/**
 * A list of web addresses to edit, up to LINKS_MAX: one input a link, each with its error line,
 * a button to remove it and one to add another. With `alwaysRemovable`, the last link's button
 * empties it; otherwise the last one has none.
 */
export function LinksField({
  id,
  legend,
  links,
  onChange,
  errorAt,
  error,
  alwaysRemovable = false,
}: {
  /** Each input's id is `${id}-${index}`. */
  id: string;
  legend: ReactNode;
  links: readonly string[];
  onChange: (update: (links: string[]) => string[]) => void;
  /** The error of the link at `index`. */
  errorAt: (index: number) => string | undefined;
  /** An error about the list as a whole. */
  error?: string | undefined;
  alwaysRemovable?: boolean;
}) {
  const remove = (i: number) => onChange((ls) => (ls.length === 1 ? [''] : ls.filter((_, j) => j !== i)));
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 flex w-full items-center justify-between text-sm font-medium">
        {legend} <span className="text-xs font-normal text-muted-foreground">Up to {LINKS_MAX}</span>
      </legend>
      {links.map((link, i) => {
        const inputId = `${id}-${i}`;
        const linkError = errorAt(i);
        return (
          <div key={i} className="flex flex-col gap-1">
            <div className="flex items-center gap-2">
              <Label htmlFor={inputId} className="sr-only">
                Link {i + 1}
              </Label>
              <Link2 aria-hidden className="size-4 shrink-0 text-muted-foreground" />
              <Input
                id={inputId}
                type="url"
                inputMode="url"
                value={link}
                onChange={(e) => {
                  const value = e.target.value;
                  onChange((ls) => ls.map((l, j) => (j === i ? value : l)));
                }}
                placeholder="https://"
                maxLength={LINK_MAX_LENGTH}
                {...errorProps(inputId, linkError)}
              />
              {alwaysRemovable || links.length > 1 ? (
                <Button type="button" variant="ghost" size="icon-sm" aria-label={`Remove link ${i + 1}`} onClick={() => remove(i)}>
                  <X aria-hidden />
                </Button>
              ) : null}
            </div>
            {linkError ? (
              <p id={`${inputId}-error`} role="alert" className="pl-6 text-xs font-medium text-destructive">
                {linkError}
              </p>
            ) : null}
          </div>
        );
      })}
      {error ? (
        <p role="alert" className="text-xs font-medium text-destructive">
          {error}
        </p>
      ) : null}
      {links.length < LINKS_MAX ? (
        <Button type="button" variant="outline" size="sm" className="self-start" onClick={() => onChange((ls) => [...ls, ''])}>
          <Plus aria-hidden /> Add link
        </Button>
      ) : null}
    </fieldset>
  );
}
