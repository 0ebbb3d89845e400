import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../../ui/card';

/** One titled card of the settings screen; a region named by its title. */
export function SettingsSection({
  id,
  icon: Icon,
  title,
  description,
  children,
  badge,
}: {
  id: string;
  icon: LucideIcon;
  title: string;
  description: ReactNode;
  children: ReactNode;
  badge?: ReactNode;
}) {
  return (
    <Card>
      <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4 p-5 sm:p-6" data-settings-section={id}>
        <div className="flex items-start gap-3">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
            <Icon aria-hidden className="size-4.5" />
          </span>
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <h2 id={`${id}-title`} className="font-semibold">
                {title}
              </h2>
              {badge}
            </div>
            <p className="mt-0.5 text-sm text-muted-foreground">{description}</p>
          </div>
        </div>
        {children}
      </section>
    </Card>
  );
}
