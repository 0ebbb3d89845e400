import { BadgeCheck } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { toast } from 'sonner';
import { timeAgo } from '../../lib/time';
import {
  BADGE_NAME,
  BADGES,
  VERIFICATION_MESSAGE_MAX,
  VERIFICATION_TEXT,
  VerificationRequestInputSchema,
  type Badge as BadgeKind,
  type MyVerification,
  type VerificationRequest,
} from '../../../shared/verification/verification';
import type { SessionUser } from '../auth/session';
import { LinksField } from '../../ui/links-field';
import { TextareaField } from '../../ui/textarea-field';
import { formatDateTime } from '../../lib/format';
import { cn } from '../../lib/utils';
import { VerificationBadge } from '../profiles/verification-badge';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { errorProps, FormError } from '../../ui/form-field';
import { Skeleton } from '../../ui/skeleton';
import { Spinner } from '../../ui/spinner';
import { useFileVerification, useMyVerification, useWithdrawVerification } from '../verification/queries';
import { SettingsSection } from './settings-section';

const errorText = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.');

/**
 * Verification (docs/product.md "Verification"): your badge, your latest request and what became
 * of it (with an admin's reason), and the form to ask for the blue or the red badge.
 */
export function VerificationSection({ user }: { user: SessionUser }) {
  const query = useMyVerification();
  const ref = useRef<HTMLDivElement>(null);
  const { hash } = useLocation();
  const loaded = !query.isPending;
  // `/settings#verification` (from a toast) brings the section into view once it is there.
  useEffect(() => {
    if (hash === '#verification' && loaded) ref.current?.scrollIntoView({ block: 'start' });
  }, [hash, loaded]);

  const mine = query.data;
  const status = mine?.request?.status;
  return (
    <div id="verification" ref={ref} className="scroll-mt-20">
      <SettingsSection
        id="verification-settings"
        icon={BadgeCheck}
        title="Verification"
        description="Ask for a badge beside your name: blue when we have confirmed who you are, red when you have earned it on Glint."
        badge={
          mine && mine.verificationType !== 'none' ? (
            <Badge variant="outline">
              <VerificationBadge type={mine.verificationType} className="size-3.5" /> {BADGE_NAME[mine.verificationType]}
            </Badge>
          ) : status === 'pending' ? (
            <Badge variant="amber">Pending</Badge>
          ) : null
        }
      >
        {query.isPending ? (
          <Skeleton className="h-32 rounded-lg" />
        ) : query.isError ? (
          <div className="flex flex-col items-start gap-2">
            <p role="alert" className="text-sm text-destructive">
              Couldn’t load your verification. {errorText(query.error)}
            </p>
            <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <VerificationBody mine={query.data} user={user} />
        )}
      </SettingsSection>
    </div>
  );
}

function VerificationBody({ mine, user }: { mine: MyVerification; user: SessionUser }) {
  const request = mine.request;
  const current = mine.verificationType;
  // Either badge can still be asked for unless you hold both… which nobody can: one at a time.
  const askable = BADGES.filter((b) => b !== current);
  return (
    <div className="flex flex-col gap-4">
      {current !== 'none' ? (
        <p className="flex items-start gap-2 rounded-lg border bg-muted/30 px-4 py-3 text-sm">
          <VerificationBadge type={current} className="mt-0.5 size-4" />
          <span>
            You have the <strong>{BADGE_NAME[current].toLowerCase()}</strong>: {VERIFICATION_TEXT[current]}.
          </span>
        </p>
      ) : null}
      {request ? <LatestRequest request={request} /> : null}
      {request?.status === 'pending' ? null : user.emailVerified ? (
        <RequestForm badges={askable} holding={current} />
      ) : (
        <p className="text-sm text-muted-foreground">Confirm your email to ask for verification.</p>
      )}
    </div>
  );
}

const STATUS_TEXT: Record<VerificationRequest['status'], string> = {
  pending: 'Waiting for an admin',
  granted: 'Granted',
  rejected: 'Declined',
  withdrawn: 'Withdrawn',
  revoked: 'Badge removed',
};
const STATUS_VARIANT = { pending: 'amber', granted: 'success', rejected: 'outline', withdrawn: 'secondary', revoked: 'outline' } as const;

/** The latest request: what was asked, its state, and the admin's reason when declined or revoked. */
function LatestRequest({ request }: { request: VerificationRequest }) {
  const withdraw = useWithdrawVerification();
  return (
    <div className="flex flex-col gap-2 rounded-lg border px-4 py-3 text-sm" data-testid="verification-request" data-status={request.status}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">Your request for the {BADGE_NAME[request.badge].toLowerCase()}</span>
        <Badge variant={STATUS_VARIANT[request.status]}>{STATUS_TEXT[request.status]}</Badge>
        <time dateTime={request.createdAt} title={formatDateTime(request.createdAt)} className="text-xs text-muted-foreground">
          filed {timeAgo(request.createdAt)}
        </time>
      </div>
      {request.status === 'granted' && request.grantedBadge && request.grantedBadge !== request.badge ? (
        <p className="text-muted-foreground">The admins gave you the {BADGE_NAME[request.grantedBadge].toLowerCase()} instead.</p>
      ) : null}
      {(request.status === 'rejected' || request.status === 'revoked') && request.reason ? (
        <p className="rounded-md bg-muted/50 px-3 py-2 break-words">
          <span className="font-medium">{request.status === 'rejected' ? 'Why it was declined' : 'Why it was removed'}:</span> {request.reason}
        </p>
      ) : null}
      {request.status === 'pending' ? (
        <>
          <p className="line-clamp-3 break-words text-muted-foreground">“{request.message}”</p>
          <p className="text-muted-foreground">You will see the decision here, and get a message if you are online. One request at a time.</p>
          <Button
            size="sm"
            variant="outline"
            className="self-start"
            disabled={withdraw.isPending}
            onClick={() =>
              withdraw.mutate(undefined, {
                onSuccess: () => toast.success('Request withdrawn'),
                onError: (error) => toast.error(errorText(error)),
              })
            }
          >
            {withdraw.isPending ? <Spinner className="size-4 text-current" label="Withdrawing" /> : null}
            Withdraw request
          </Button>
        </>
      ) : null}
    </div>
  );
}

type Errors = Partial<Record<'badge' | 'message' | 'form' | `links.${number}` | 'links', string>>;

function RequestForm({ badges, holding }: { badges: BadgeKind[]; holding: MyVerification['verificationType'] }) {
  const file = useFileVerification();
  const [badge, setBadge] = useState<BadgeKind | undefined>(badges.length === 1 ? badges[0] : undefined);
  const [links, setLinks] = useState<string[]>(['']);
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const kept = links.map((l, i) => ({ l: l.trim(), i })).filter((x) => x.l);
    const parsed = VerificationRequestInputSchema.safeParse({ badge, links: kept.map((x) => x.l), message });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const [field, index] = issue.path;
        // Link issues count the filled rows; map them back to the rows on screen.
        const key = (field === 'links' && typeof index === 'number' ? `links.${kept[index]?.i ?? index}` : String(field)) as keyof Errors;
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    file.mutate(parsed.data, {
      onSuccess: () => toast.success('Request sent', { description: 'An admin will look at it. You will see the decision here.' }),
      onError: (error) => setErrors({ form: errorText(error) }),
    });
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate aria-label="Request verification">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">{holding === 'none' ? 'Which badge?' : 'Ask for the other badge'}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {badges.map((b) => (
            <label
              key={b}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm transition-colors hover:bg-accent/40',
                'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                badge === b && 'border-primary bg-primary/5',
              )}
            >
              <input
                type="radio"
                name="verification-badge"
                value={b}
                checked={badge === b}
                onChange={() => setBadge(b)}
                className="sr-only"
                {...errorProps('verification-badge', errors.badge)}
              />
              <VerificationBadge type={b} className="mt-0.5 size-5" />
              <span className="flex flex-col gap-0.5">
                <span className="font-medium">{BADGE_NAME[b]}</span>
                <span className="text-muted-foreground">{VERIFICATION_TEXT[b]}</span>
              </span>
            </label>
          ))}
        </div>
        {errors.badge ? (
          <p id="verification-badge-error" role="alert" className="text-xs font-medium text-destructive">
            {errors.badge}
          </p>
        ) : null}
      </fieldset>

      <LinksField id="verification-link" legend="Links that back it" links={links} onChange={setLinks} errorAt={(i) => errors[`links.${i}`]} />

      <TextareaField
        id="verification-message"
        label="Message to the admins"
        error={errors.message}
        value={message}
        onValueChange={setMessage}
        maxLength={VERIFICATION_MESSAGE_MAX}
        rows={4}
        placeholder="Who you are, what you make, and where people know you from"
      />
      <FormError message={errors.form} />
      <Button type="submit" variant="brand" className="self-start" disabled={file.isPending}>
        {file.isPending ? <Spinner className="size-4 text-current" label="Sending" /> : null}
        Request verification
      </Button>
    </form>
  );
}
