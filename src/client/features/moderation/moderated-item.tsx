import { ExternalLink, FileVideo, MessageCircle, MessageSquare, Radio, ShieldAlert, ShieldCheck, User } from 'lucide-react';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import {
  isContentTarget,
  MODERATION_ACTION_LABELS,
  MODERATION_NOTE_MAX,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  SUSPENSION_CHOICES_HOURS,
  type ModeratedItem,
  type ModerationAction,
  type ReportReason,
  type ReportTarget,
} from '../../../shared/moderation/moderation';
import { timeAgo, timeUntil } from '../../lib/time';
import { Textarea } from '../../ui/textarea';
import { formatDateTime } from '../../lib/format';
import { useNow } from '../../lib/use-now';
import { cn } from '../../lib/utils';
import { UserAvatar } from '../../ui/avatar';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { FormError, FormField } from '../../ui/form-field';
import { useHls } from '../videos/use-hls';
import { useDecision } from './queries';
import { mediaUrl } from '../../lib/native/api-origin';

export const TARGET_LABELS: Record<ReportTarget, string> = {
  video: 'Video',
  stream: 'Stream',
  comment: 'Comment',
  chat_message: 'Chat message',
  user: 'Profile',
};
const TARGET_ICONS: Record<ReportTarget, typeof FileVideo> = {
  video: FileVideo,
  stream: Radio,
  comment: MessageCircle,
  chat_message: MessageSquare,
  user: User,
};

export const selectClass =
  'flex h-9 w-full rounded-md border border-input bg-background/60 px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40';

/** 'Video', 'Short', 'Live stream'…: what the item is, in a word or two. */
export function kindLabel(item: Pick<ModeratedItem, 'targetType' | 'kind'>): string {
  if (item.targetType === 'video') return item.kind === 'short' ? 'Short' : 'Video';
  if (item.targetType === 'stream') return item.kind === 'live' ? 'Live stream' : item.kind === 'scheduled' ? 'Upcoming stream' : 'Stream';
  return TARGET_LABELS[item.targetType];
}

/** The item's state in badges: removed, and its owner suspended or banned. */
export function StatusBadges({ item, now }: { item: ModeratedItem; now: number }) {
  // A profile is its owner: 'Banned', not 'Owner banned'.
  const whose = item.targetType === 'user' ? '' : 'Owner ';
  return (
    <>
      {item.removedAt ? (
        <Badge variant="amber" title={`Removed ${formatDateTime(item.removedAt)}`}>
          <ShieldAlert aria-hidden /> Removed
        </Badge>
      ) : null}
      {item.ownerSanction?.kind === 'ban' ? <Badge variant="amber">{whose ? 'Owner banned' : 'Banned'}</Badge> : null}
      {item.ownerSanction?.kind === 'suspension' && item.ownerSanction.until ? (
        <Badge variant="cyan">
          {whose ? 'Owner suspended' : 'Suspended'}, ends {timeUntil(item.ownerSanction.until, now)}
        </Badge>
      ) : null}
    </>
  );
}

/** One line for a list: icon, kind, title or words, owner and state. */
export function ItemSummary({ item, children }: { item: ModeratedItem; children?: ReactNode }) {
  const now = useNow(30_000);
  const Icon = TARGET_ICONS[item.targetType];
  return (
    <div className="flex min-w-0 flex-1 items-start gap-3">
      <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground">
        <Icon aria-hidden className="size-4" />
      </span>
      <span className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
          <span className="font-medium text-foreground">{kindLabel(item)}</span>
          {item.owner ? <span>· @{item.owner.username}</span> : null}
          <StatusBadges item={item} now={now} />
        </span>
        <span className="line-clamp-2 text-sm font-medium break-words">
          {item.targetType === 'comment' || item.targetType === 'chat_message' ? `“${item.text}”` : item.title}
        </span>
        {children}
      </span>
    </div>
  );
}

/** A video or stream playing in place, for the moderator to judge (priced ones play free for them). */
function InPlacePlayer({ src, title }: { src: string; title: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  const source = useHls(ref, src);
  return (
    <div className="overflow-hidden rounded-xl bg-black">
      <video ref={ref} className="aspect-video w-full" controls playsInline muted aria-label={`${title}, for review`} />
      {source.error ? <p className="bg-background p-2 text-xs text-destructive">{source.error}</p> : null}
    </div>
  );
}

/** The reported item as it is in the app: the player, the words of a comment, or the profile. */
export function ItemInPlace({ item }: { item: ModeratedItem }) {
  const now = useNow(30_000);
  return (
    <div className="flex flex-col gap-3" data-testid="item-in-place">
      {item.hlsUrl ? (
        <InPlacePlayer key={item.hlsUrl} src={item.hlsUrl} title={item.title} />
      ) : item.thumbnailUrl && item.targetType !== 'user' ? (
        <img src={mediaUrl(item.thumbnailUrl)} alt="" className="aspect-video w-full rounded-xl object-cover" />
      ) : null}
      <div className="flex flex-wrap items-center gap-1.5">
        <Badge variant="outline">{kindLabel(item)}</Badge>
        <StatusBadges item={item} now={now} />
      </div>
      {item.targetType === 'user' ? (
        <div className="flex items-center gap-3">
          <UserAvatar name={item.title} seed={item.context ?? item.targetId} src={item.thumbnailUrl} className="size-14" />
          <div className="min-w-0">
            <p className="truncate text-lg font-semibold">{item.title}</p>
            <p className="text-sm text-muted-foreground">{item.context}</p>
          </div>
        </div>
      ) : item.targetType === 'comment' || item.targetType === 'chat_message' ? (
        <div className="flex flex-col gap-1">
          <blockquote className="rounded-lg border-l-4 border-primary/60 bg-muted/50 px-4 py-3 text-sm break-words whitespace-pre-wrap">{item.text}</blockquote>
          {item.context ? <p className="text-xs text-muted-foreground">On “{item.context}”</p> : null}
        </div>
      ) : (
        <h3 className="text-lg font-semibold break-words">{item.title}</h3>
      )}
      {item.targetType !== 'comment' && item.targetType !== 'chat_message' && item.text ? (
        <p className="line-clamp-6 text-sm break-words whitespace-pre-line text-muted-foreground">{item.text}</p>
      ) : null}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
        {item.owner && item.targetType !== 'user' ? (
          <span className="flex items-center gap-1.5">
            <UserAvatar name={item.owner.displayName} seed={item.owner.username} src={item.owner.avatarUrl} className="size-5" />
            {item.owner.displayName} @{item.owner.username}
          </span>
        ) : null}
        {item.createdAt ? (
          <time dateTime={item.createdAt} title={formatDateTime(item.createdAt)}>
            {item.targetType === 'user' ? 'joined' : 'posted'} {timeAgo(item.createdAt, now)}
          </time>
        ) : null}
        {item.href ? (
          <Link to={item.href} target="_blank" rel="noopener" className="flex items-center gap-1 text-primary hover:underline">
            Open in Glint <ExternalLink aria-hidden className="size-3" />
          </Link>
        ) : null}
      </div>
    </div>
  );
}

const HOURS_LABEL: Record<number, string> = { 24: '1 day', 72: '3 days', 168: '7 days', 720: '30 days' };

/**
 * A moderator's decision on an item: remove it, warn, suspend (for how long) or ban its owner,
 * or (on reports) dismiss; the rule it broke and a note for the audit log. With `fromReports`
 * every open report of the item is decided at once.
 */
export function DecisionForm({
  item,
  fromReports,
  defaultReason,
  onDecided,
}: {
  item: ModeratedItem;
  fromReports: boolean;
  defaultReason?: ReportReason;
  onDecided?: (action: ModerationAction) => void;
}) {
  const decide = useDecision();
  const content = isContentTarget(item.targetType);
  const actions = (['remove', 'warn', 'suspend', 'ban', 'dismiss'] as const).filter(
    (a) => (a !== 'remove' || (content && !item.removedAt)) && (a !== 'dismiss' || fromReports),
  );
  const [action, setAction] = useState<ModerationAction>(actions[0]!);
  const [reason, setReason] = useState<ReportReason>(defaultReason ?? 'other');
  const [hours, setHours] = useState<number>(SUSPENSION_CHOICES_HOURS[0]);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();
  const owner = item.owner ? `@${item.owner.username}` : 'the owner';
  const id = `decision-${item.targetType}-${item.targetId}`;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    decide.mutate(
      {
        type: item.targetType,
        id: item.targetId,
        fromReports,
        decision: { action, reason, note, ...(action === 'suspend' ? { hours } : {}) },
      },
      {
        onSuccess: (r) => {
          const done: Record<ModerationAction, string> = {
            remove: 'Removed: the owner is told',
            warn: `${owner} is warned`,
            suspend: `${owner} is suspended for ${HOURS_LABEL[hours] ?? `${hours} hours`}`,
            ban: `${owner} is banned and signed out everywhere`,
            dismiss: 'Reports dismissed',
          };
          toast.success(done[action], { description: fromReports ? `${r.resolvedReports} report${r.resolvedReports === 1 ? '' : 's'} closed` : undefined });
          setNote('');
          onDecided?.(action);
        },
        onError: (err) => setError(err.message),
      },
    );
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" aria-label="Decision" data-testid="decision-form">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">Decision</legend>
        <div className="flex flex-wrap gap-2">
          {actions.map((a) => (
            <label
              key={a}
              className={cn(
                'flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-1.5 text-sm transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                action === a
                  ? a === 'ban'
                    ? 'border-destructive bg-destructive/10 font-medium'
                    : 'border-primary bg-primary/5 font-medium'
                  : 'hover:bg-accent/50',
              )}
            >
              <input type="radio" name={`${id}-action`} value={a} checked={action === a} onChange={() => setAction(a)} className="accent-primary" />
              {MODERATION_ACTION_LABELS[a]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-reason`} label="Rule broken">
          <select id={`${id}-reason`} className={selectClass} value={reason} onChange={(e) => setReason(e.target.value as ReportReason)}>
            {REPORT_REASONS.map((r) => (
              <option key={r} value={r}>
                {REPORT_REASON_LABELS[r]}
              </option>
            ))}
          </select>
        </FormField>
        {action === 'suspend' ? (
          <FormField id={`${id}-hours`} label="Suspend for">
            <select id={`${id}-hours`} className={selectClass} value={hours} onChange={(e) => setHours(Number(e.target.value))}>
              {SUSPENSION_CHOICES_HOURS.map((h) => (
                <option key={h} value={h}>
                  {HOURS_LABEL[h]}
                </option>
              ))}
            </select>
          </FormField>
        ) : null}
      </div>
      <FormField id={`${id}-note`} label="Note for the audit log (optional)">
        <Textarea id={`${id}-note`} rows={2} maxLength={MODERATION_NOTE_MAX} value={note} onChange={(e) => setNote(e.target.value)} />
      </FormField>
      <p className="text-xs text-muted-foreground">
        {action === 'remove'
          ? 'The item disappears from lists and search at once; its page says it was removed. It can be restored from Moderation.'
          : action === 'warn'
            ? `${owner} gets a warning in their notifications.`
            : action === 'suspend'
              ? `${owner} can still sign in, but cannot post, comment, chat or stream until the suspension ends.`
              : action === 'ban'
                ? `${owner} is signed out everywhere at once, cannot sign in again, and everything they posted is hidden.`
                : 'The reports are closed; nothing changes for the owner.'}
        {fromReports && action !== 'dismiss' ? ' The reporters hear the outcome.' : fromReports ? ' The reporters are told.' : ''}
      </p>
      <FormError message={error} />
      <div className="flex justify-end">
        <Button type="submit" variant={action === 'ban' || action === 'remove' ? 'destructive' : 'default'} disabled={decide.isPending}>
          {decide.isPending ? 'Saving…' : action === 'dismiss' ? 'Dismiss reports' : MODERATION_ACTION_LABELS[action]}
        </Button>
      </div>
    </form>
  );
}

/** A placeholder for a screen a role cannot use: the server refuses it anyway. */
export function StaffOnlyNotice() {
  return (
    <div className="flex items-center gap-2 rounded-xl border border-dashed p-6 text-sm text-muted-foreground">
      <ShieldCheck aria-hidden className="size-4" /> Only moderators and admins can see this screen.
    </div>
  );
}
