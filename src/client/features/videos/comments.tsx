import { ChevronDown, ChevronUp, Flag, Heart, MessageCircle, MoreVertical, Pencil, Pin, Reply, Trash2 } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { paths } from '../../../shared/platform/routes';
import { timeAgo } from '../../lib/time';
import { COMMENT_MAX } from '../../../shared/videos/video-rules';
import type { Comment } from '../../../shared/videos/videos';
import { useAuthDialog } from '../auth/auth-dialog-context';
import { useSession } from '../auth/session';
import { Textarea } from '../../ui/textarea';
import { formatDateTime } from '../../lib/format';
import { useNow } from '../../lib/use-now';
import { cn } from '../../lib/utils';
import { ReportDialog } from '../moderation/report-dialog';
import { VerificationBadge } from '../profiles/verification-badge';
import { UserAvatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../../ui/dropdown-menu';
import { EmptyState } from '../../ui/empty-state';
import { ErrorState } from '../../ui/error-state';
import { Skeleton } from '../../ui/skeleton';
import { useAddComment, useComments, useDeleteComment, useEditComment, useMarkComment, useReplies } from './queries';
import { LinkedText } from '../chat/chat-body';

const EMPTY_COMMENT = 'Write something first';

/**
 * Comments on a video or short: the box to add one, then the list (the pinned one first, then the
 * newest), each with its replies one level deep. The video's creator (`creatorId`) pins and hearts.
 */
export function CommentsPanel({ videoId, creatorId, className, autoFocus }: { videoId: string; creatorId?: string; className?: string; autoFocus?: boolean }) {
  const comments = useComments(videoId);
  const now = useNow();
  const { user } = useSession();
  const isCreator = !!user && user.id === creatorId;
  return (
    <div className={cn('flex flex-col gap-5', className)}>
      <CommentForm videoId={videoId} autoFocus={autoFocus} />
      {comments.isPending ? (
        <div className="flex flex-col gap-4" role="status" aria-busy="true" aria-label="Loading comments">
          {[0, 1, 2].map((i) => (
            <div key={i} className="flex gap-3">
              <Skeleton className="size-9 rounded-full" />
              <div className="flex flex-1 flex-col gap-2">
                <Skeleton className="h-3 w-32" />
                <Skeleton className="h-4 w-3/4" />
              </div>
            </div>
          ))}
        </div>
      ) : comments.isError ? (
        <ErrorState compact headingLevel="h3" error={comments.error} onRetry={() => void comments.refetch()} title="Couldn’t load comments" />
      ) : comments.data.length === 0 ? (
        <EmptyState compact headingLevel="h3" icon={MessageCircle} title="No comments yet" description="Be the first to say something." />
      ) : (
        <ul className="flex flex-col gap-5" aria-label="Comments">
          {comments.data.map((c) => (
            <CommentItem key={c.id} comment={c} videoId={videoId} now={now} isCreator={isCreator} />
          ))}
        </ul>
      )}
    </div>
  );
}

function CommentForm({
  videoId,
  autoFocus,
  parentId,
  onDone,
}: {
  videoId: string;
  autoFocus?: boolean;
  /** A reply to this comment (a smaller form that closes once sent or cancelled). */
  parentId?: string;
  onDone?: () => void;
}) {
  const { status, user } = useSession();
  const { openAuthDialog } = useAuthDialog();
  const add = useAddComment(videoId);
  const [body, setBody] = useState('');
  const [focused, setFocused] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (status === 'guest' || status === 'loading' || !user) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-dashed px-4 py-3 text-sm text-muted-foreground">
        Sign in to join the conversation.
        <Button size="sm" variant="outline" onClick={() => openAuthDialog('login')}>
          Sign in to comment
        </Button>
      </div>
    );
  }
  if (status === 'unverified') {
    return <p className="rounded-xl border border-dashed px-4 py-3 text-sm text-muted-foreground">Confirm your email address to comment.</p>;
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = body.trim();
    if (!text) return setError(EMPTY_COMMENT);
    setError(null);
    add.mutate(parentId ? { body: text, parentId } : text, {
      onSuccess: () => {
        setBody('');
        setFocused(false);
        onDone?.();
      },
      onError: (err) => setError(err.message),
    });
  };

  return (
    <form onSubmit={submit} className="flex gap-3">
      <UserAvatar name={user.displayName} seed={user.username} src={user.avatarUrl} className="size-9" />
      <div className="flex flex-1 flex-col gap-2">
        <Textarea
          aria-label={parentId ? 'Write a reply' : 'Add a comment'}
          placeholder={parentId ? 'Write a reply…' : 'Add a comment…'}
          value={body}
          maxLength={COMMENT_MAX}
          rows={focused || body || parentId ? 3 : 1}
          autoFocus={autoFocus}
          onFocus={() => setFocused(true)}
          onChange={(e) => {
            setBody(e.target.value);
            if (error) setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) submit(e);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `comment-error-${parentId ?? videoId}` : undefined}
          className="min-h-10 resize-none"
        />
        {error ? (
          <p id={`comment-error-${parentId ?? videoId}`} role="alert" className="text-xs font-medium text-destructive">
            {error}
          </p>
        ) : null}
        {focused || body || parentId ? (
          <div className="flex justify-end gap-2">
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => {
                setBody('');
                setFocused(false);
                setError(null);
                onDone?.();
              }}
            >
              Cancel
            </Button>
            <Button type="submit" size="sm" disabled={!body.trim() || add.isPending}>
              {add.isPending ? 'Posting…' : parentId ? 'Reply' : 'Comment'}
            </Button>
          </div>
        ) : null}
      </div>
    </form>
  );
}

function CommentItem({ comment, videoId, now, isCreator }: { comment: Comment; videoId: string; now: number; isCreator: boolean }) {
  const { user, status } = useSession();
  const mark = useMarkComment(videoId);
  const [replying, setReplying] = useState(false);
  const [showReplies, setShowReplies] = useState(false);
  const isReply = !!comment.parentId;
  const toggle = (what: 'pin' | 'heart', on: boolean, done: string) =>
    mark.mutate({ id: comment.id, mark: what, on }, { onSuccess: () => toast.success(done), onError: (err) => toast.error(err.message) });
  const creatorItems = isCreator ? (
    <>
      {isReply ? null : (
        <DropdownMenuItem onSelect={() => toggle('pin', !comment.pinned, comment.pinned ? 'Comment unpinned' : 'Comment pinned')}>
          <Pin aria-hidden /> {comment.pinned ? 'Unpin' : 'Pin'}
        </DropdownMenuItem>
      )}
      <DropdownMenuItem onSelect={() => toggle('heart', !comment.hearted, comment.hearted ? 'Heart taken back' : 'Hearted')}>
        <Heart aria-hidden /> {comment.hearted ? 'Take heart back' : 'Heart'}
      </DropdownMenuItem>
    </>
  ) : null;
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [reporting, setReporting] = useState(false);
  const a = comment.author;
  return (
    <li className="flex gap-3" data-testid={isReply ? 'reply' : 'comment'}>
      <Link
        to={paths.profile(a.username)}
        className="shrink-0 rounded-full outline-none focus-visible:ring-2 focus-visible:ring-ring"
        aria-label={`${a.displayName} (@${a.username})`}
      >
        <UserAvatar name={a.displayName} seed={a.username} src={a.avatarUrl} className={isReply ? 'size-7' : 'size-9'} />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        {comment.pinned ? (
          <span className="flex items-center gap-1 text-xs font-medium text-muted-foreground" data-testid="comment-pinned">
            <Pin aria-hidden className="size-3" /> Pinned by the creator
          </span>
        ) : null}
        <div className="flex items-center gap-2 text-xs">
          <Link to={paths.profile(a.username)} className="flex items-center gap-1 font-semibold outline-none hover:underline focus-visible:underline">
            {a.displayName}
            <VerificationBadge type={a.verificationType} className="size-3.5" />
          </Link>
          <time dateTime={comment.createdAt} title={formatDateTime(comment.createdAt)} className="text-muted-foreground">
            {timeAgo(comment.createdAt, now)}
          </time>
          {comment.editedAt ? <span className="text-muted-foreground">(edited)</span> : null}
          {comment.isMine && !editing ? (
            <CommentMenu>
              {creatorItems}
              <DropdownMenuItem onSelect={() => setEditing(true)}>
                <Pencil aria-hidden /> Edit
              </DropdownMenuItem>
              <DropdownMenuItem variant="destructive" onSelect={() => setConfirmDelete(true)}>
                <Trash2 aria-hidden /> Delete
              </DropdownMenuItem>
            </CommentMenu>
          ) : user && !comment.isMine ? (
            <CommentMenu>
              {creatorItems}
              <DropdownMenuItem onSelect={() => setReporting(true)}>
                <Flag aria-hidden /> Report
              </DropdownMenuItem>
            </CommentMenu>
          ) : null}
        </div>
        {editing ? (
          <EditCommentForm comment={comment} videoId={videoId} onDone={() => setEditing(false)} />
        ) : (
          <p className="text-sm break-words whitespace-pre-wrap">
            <CommentBody comment={comment} />
          </p>
        )}
        <div className="flex flex-wrap items-center gap-1 text-xs">
          {comment.hearted ? (
            <span className="mr-1 flex items-center gap-1 text-rose-600 dark:text-rose-400" data-testid="comment-hearted">
              <Heart aria-hidden className="size-3.5 fill-current" /> by the creator
            </span>
          ) : null}
          {!isReply && status === 'verified' ? (
            <Button variant="ghost" size="sm" className="h-7 px-2 text-xs" onClick={() => setReplying((r) => !r)} aria-expanded={replying}>
              <Reply aria-hidden /> Reply
            </Button>
          ) : null}
          {!isReply && comment.replies > 0 ? (
            <Button variant="ghost" size="sm" className="h-7 px-2 text-xs text-primary" onClick={() => setShowReplies((v) => !v)} aria-expanded={showReplies}>
              {showReplies ? <ChevronUp aria-hidden /> : <ChevronDown aria-hidden />}
              {comment.replies === 1 ? '1 reply' : `${comment.replies} replies`}
            </Button>
          ) : null}
        </div>
        {replying ? (
          <CommentForm
            videoId={videoId}
            parentId={comment.id}
            autoFocus
            onDone={() => {
              setReplying(false);
              setShowReplies(true);
            }}
          />
        ) : null}
        {showReplies ? <Replies videoId={videoId} commentId={comment.id} now={now} isCreator={isCreator} /> : null}
      </div>
      <DeleteCommentDialog open={confirmDelete} onOpenChange={setConfirmDelete} commentId={comment.id} videoId={videoId} />
      {user && !comment.isMine ? (
        <ReportDialog subject={{ type: 'comment', id: comment.id, ownerId: a.id, noun: 'comment' }} open={reporting} onOpenChange={setReporting} />
      ) : null}
    </li>
  );
}

/** A comment's text: its addresses are links (through the leaving page) only where the server says they may be. */
function CommentBody({ comment }: { comment: Comment }) {
  return <LinkedText body={comment.body} mayLink={(href) => comment.clickableLinks.includes(href)} />;
}

/** A comment's replies, oldest first, with "Show more replies" for the next page. */
function Replies({ videoId, commentId, now, isCreator }: { videoId: string; commentId: string; now: number; isCreator: boolean }) {
  const replies = useReplies(videoId, commentId, true);
  if (replies.isPending) return <Skeleton className="h-10 w-full" role="status" aria-label="Loading replies" />;
  if (replies.isError)
    return <ErrorState compact headingLevel="h3" error={replies.error} onRetry={() => void replies.refetch()} title="Couldn’t load the replies" />;
  const list = replies.data.pages.flatMap((p) => p.replies);
  return (
    <div className="flex flex-col gap-3 pt-1">
      <ul className="flex flex-col gap-4" aria-label="Replies">
        {list.map((r) => (
          <CommentItem key={r.id} comment={r} videoId={videoId} now={now} isCreator={isCreator} />
        ))}
      </ul>
      {replies.hasNextPage ? (
        <Button variant="ghost" size="sm" className="self-start text-xs" disabled={replies.isFetchingNextPage} onClick={() => void replies.fetchNextPage()}>
          {replies.isFetchingNextPage ? 'Loading…' : 'Show more replies'}
        </Button>
      ) : null}
    </div>
  );
}

function EditCommentForm({ comment, videoId, onDone }: { comment: Comment; videoId: string; onDone: () => void }) {
  const edit = useEditComment(videoId);
  const [body, setBody] = useState(comment.body);
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = body.trim();
    if (!text) return setError(EMPTY_COMMENT);
    if (text === comment.body) return onDone();
    edit.mutate({ id: comment.id, body: text }, { onSuccess: onDone, onError: (err) => setError(err.message) });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-2">
      <Textarea
        aria-label="Edit comment"
        value={body}
        maxLength={COMMENT_MAX}
        rows={3}
        autoFocus
        onChange={(e) => setBody(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onDone();
        }}
        className="resize-none"
      />
      {error ? (
        <p role="alert" className="text-xs font-medium text-destructive">
          {error}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={edit.isPending}>
          {edit.isPending ? 'Saving…' : 'Save'}
        </Button>
      </div>
    </form>
  );
}

/** The "⋮" menu of a comment: what its author or another viewer may do with it. */
function CommentMenu({ children }: { children: ReactNode }) {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon-sm" className="ml-auto size-7" aria-label="Comment actions">
          <MoreVertical aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="min-w-36">{children}</DropdownMenuContent>
    </DropdownMenu>
  );
}

function DeleteCommentDialog({
  open,
  onOpenChange,
  commentId,
  videoId,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  commentId: string;
  videoId: string;
}) {
  const del = useDeleteComment(videoId);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete comment?"
      description="This removes your comment for everyone. It can’t be undone."
      confirmLabel="Delete"
      pendingLabel="Deleting…"
      pending={del.isPending}
      onConfirm={() =>
        del.mutate(commentId, {
          onSuccess: () => {
            onOpenChange(false);
            toast.success('Comment deleted');
          },
          onError: (err) => toast.error('Could not delete the comment', { description: err.message }),
        })
      }
    />
  );
}
