import { ArrowLeft, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';

/** The centred card of the password screens. */
export function AuthCard({ icon: Icon, title, description, children }: { icon: LucideIcon; title: string; description: string; children: ReactNode }) {
  return (
    <div className="flex justify-center px-4 py-14 sm:py-20">
      <Card className="w-full max-w-md p-6 sm:p-8">
        <div className="mb-6 flex flex-col items-center gap-3 text-center">
          <span className="flex size-12 items-center justify-center rounded-xl bg-brand text-white shadow-lg shadow-violet-500/20">
            <Icon aria-hidden className="size-5" />
          </span>
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          <p className="text-sm text-muted-foreground">{description}</p>
        </div>
        {children}
      </Card>
    </div>
  );
}

/** The way out of the password screens. */
export function BackHomeButton() {
  return (
    <Button variant="ghost" asChild className="w-full">
      <Link to="/app">
        <ArrowLeft aria-hidden /> Back to Home
      </Link>
    </Button>
  );
}
