import { Ban, Clock, Coins, Flag, Hourglass, MessageSquare, MoreVertical, Pin, PinOff, Send, Shield, Trash2, UserX } from 'lucide-react';
import { useId, useLayoutEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { CHAT_QUICK_TIMEOUT_SECONDS, ChatBodySchema, remainingChars, type ChatMessage } from '../../../shared/chat/chat';
import { CHAT_HELD_NOTICE } from '../../../shared/chat/chat-filter';
import type { StreamDetail } from '../../../shared/live/streams';
import { paths } from '../../../shared/platform/routes';
import { useAuthDialog } from '../auth/auth-dialog-context';
import { isModerator, useSession } from '../auth/session';
import { ApiError } from '../../lib/api';
import { cn } from '../../lib/utils';
import { VerificationBadge } from '../profiles/verification-badge';
import { Button } from '../../ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../../ui/dropdown-menu';
import { Input } from '../../ui/input';
import { Skeleton } from '../../ui/skeleton';
import { useChat, useChatRules, useDeleteChatMessage, usePinChat, useRestrictChatter, useSendChat } from './queries';
import { ChatModeBadges, ChatRulesDialog } from './chat-rules-dialog';
import { ChatBody } from './chat-body';
import { HeldMessagesDialog } from './held-messages';
import { Badge } from '../../ui/badge';
import { RestrictedChattersDialog } from './restricted-chatters';
import { ChannelModeratorsDialog } from './channel-moderators';
import { ReportDialog } from '../moderation/report-dialog';
import { useBlock, useBlockedIds } from '../profiles/blocks';

/** How close to the bottom (px) still counts as reading the newest messages. */
const STICK_PX = 48;

const errorText = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong. Please try again.');

/**
 * A live stream's chat: the newest messages, following new ones unless the reader has scrolled
 * up; guests read and are offered sign-in; the creator, their moderators and platform staff get a
 * menu on each message, the chat's modes and the list of restricted chatters; the creator also
 * appoints their moderators here.
 */
export function ChatPanel({
  stream,
  className,
}: {
  stream: Pick<StreamDetail, 'id' | 'status' | 'creator'> & Partial<Pick<StreamDetail, 'token'>>;
  className?: string;
}) {
  const chat = useChat(stream.id);
  const { user } = useSession();
  // The chat's modes (slow, followers only, holders only): everyone is told, and who is kept out why;
  // and whether you moderate it (its creator, one of their moderators, platform staff).
  const rules = useChatRules(stream.id);
  const isCreator = !!user && user.id === stream.creator.id;
  const canModerate = !!user && (isCreator || isModerator(user) || !!rules.data?.you?.moderates);
  const listRef = useRef<HTMLDivElement>(null);
  const [following, setFollowing] = useState(true);
  // Messages of accounts you blocked are not shown to you, as they arrive or on a reload.
  const blocked = useBlockedIds();
  const all = chat.data ?? NO_MESSAGES;
  const messages = useMemo(() => (blocked.size ? all.filter((m) => !blocked.has(m.author.id)) : all), [all, blocked]);
  const newest = messages.at(-1)?.id;
  /** The newest message the reader had in view when last at the bottom. */
  const [seen, setSeen] = useState<string | undefined>(undefined);
  const unseen = !following && newest !== seen;

  // New messages keep the view at the bottom while the reader is there; otherwise a button offers them.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list || !newest) return;
    if (following) list.scrollTop = list.scrollHeight;
  }, [newest, following]);

  const onScroll = () => {
    const list = listRef.current;
    if (!list) return;
    const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < STICK_PX;
    setFollowing(atBottom);
    if (atBottom) setSeen(newest);
  };
  const jumpToNewest = () => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
    setFollowing(true);
    setSeen(newest);
  };

  return (
    <section aria-label="Live chat" data-testid="chat-panel" className={cn('flex min-h-0 flex-col overflow-hidden rounded-xl border bg-card', className)}>
      <header className="flex flex-wrap items-center gap-2 border-b px-4 py-3">
        <MessageSquare aria-hidden className="size-4 text-muted-foreground" />
        <h2 className="text-sm font-semibold">Live chat</h2>
        <span className="flex min-w-0 flex-wrap gap-1" data-testid="chat-modes">
          <ChatModeBadges rules={rules.data} />
        </span>
        <span className="ml-auto flex flex-wrap items-center">
          {isCreator ? <ChannelModeratorsDialog /> : null}
          {canModerate ? <ChatRulesDialog streamId={stream.id} symbol={stream.token?.symbol ?? null} hasToken={!!stream.token} rules={rules.data} /> : null}
          {canModerate ? <HeldMessagesDialog streamId={stream.id} /> : null}
          {canModerate ? <RestrictedChattersDialog streamId={stream.id} /> : null}
        </span>
      </header>
      {rules.data?.pinned ? (
        <PinnedMessage message={rules.data.pinned} streamId={stream.id} canModerate={canModerate} allowedDomains={rules.data.allowedDomains} />
      ) : null}
      <div className="relative min-h-0 flex-1">
        {chat.isPending ? (
          <div className="flex flex-col gap-3 p-4" role="status" aria-busy="true" aria-label="Loading the chat">
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-4 w-2/3" />
          </div>
        ) : chat.isError ? (
          <p role="alert" className="p-4 text-sm text-destructive">
            Couldn’t load the chat. {errorText(chat.error)}
          </p>
        ) : messages.length === 0 ? (
          <div className="flex h-full flex-col items-center justify-center gap-1 p-6 text-center" data-testid="chat-empty">
            <p className="text-sm font-medium">No messages yet</p>
            <p className="text-xs text-muted-foreground">
              {stream.status === 'live' ? 'Say hello to get the chat going.' : 'Chat opens when the stream is live.'}
            </p>
          </div>
        ) : null}
        {/* The log is the scrolling box; its list stays a list (an ol with role="log" is not one). */}
        <div
          ref={listRef}
          onScroll={onScroll}
          role="log"
          aria-live="polite"
          aria-label="Chat messages"
          tabIndex={0}
          className={cn(
            'absolute inset-0 scrollbar-thin overflow-y-auto px-2 py-2 outline-none focus-visible:ring-2 focus-visible:ring-ring',
            messages.length === 0 && 'hidden',
          )}
        >
          <ol className="flex flex-col gap-1">
            {messages.map((m) => (
              <ChatLine
                key={m.id}
                message={m}
                streamId={stream.id}
                canModerate={canModerate}
                creatorId={stream.creator.id}
                allowedDomains={rules.data?.allowedDomains ?? NO_DOMAINS}
              />
            ))}
          </ol>
        </div>
        {unseen ? (
          <Button size="sm" variant="secondary" className="absolute bottom-2 left-1/2 -translate-x-1/2 shadow" onClick={jumpToNewest}>
            New messages
          </Button>
        ) : null}
      </div>
      {rules.data?.you && !rules.data.you.mayPost ? (
        <p className="flex items-start gap-2 border-t p-3 text-xs text-muted-foreground" role="status" data-testid="chat-holders-only">
          <Coins aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" /> {rules.data.you.reason}
        </p>
      ) : (
        <ChatComposer streamId={stream.id} live={stream.status === 'live'} onSent={jumpToNewest} />
      )}
    </section>
  );
}

const NO_DOMAINS: readonly string[] = [];
const NO_MESSAGES: ChatMessage[] = [];

/** The message pinned above the chat; those who moderate it may take the pin away. */
function PinnedMessage({
  message,
  streamId,
  canModerate,
  allowedDomains,
}: {
  message: ChatMessage;
  streamId: string;
  canModerate: boolean;
  allowedDomains: readonly string[];
}) {
  const pin = usePinChat(streamId);
  return (
    <aside aria-label="Pinned message" className="flex items-start gap-2 border-b bg-primary/5 px-4 py-2 text-sm" data-testid="chat-pinned">
      <Pin aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
      <p className="min-w-0 flex-1 break-words">
        <span className="mr-1.5 font-semibold">{message.author.displayName}</span>
        <ChatBody body={message.body} linksAllowed={message.linksAllowed} allowedDomains={allowedDomains} />
      </p>
      {canModerate ? (
        <Button
          variant="ghost"
          size="icon"
          className="size-7 shrink-0"
          aria-label="Unpin the message"
          disabled={pin.isPending}
          onClick={() => pin.mutate(null, { onError: (error) => toast.error(errorText(error)) })}
        >
          <PinOff aria-hidden className="size-4" />
        </Button>
      ) : null}
    </aside>
  );
}

function ChatLine({
  message,
  streamId,
  canModerate,
  creatorId,
  allowedDomains,
}: {
  message: ChatMessage;
  streamId: string;
  canModerate: boolean;
  creatorId: string;
  allowedDomains: readonly string[];
}) {
  const { user } = useSession();
  const [reporting, setReporting] = useState(false);
  const author = message.author;
  const canReport = !!user && user.id !== author.id;
  const time = new Date(message.createdAt);
  return (
    <li
      className={cn(
        'group flex items-start gap-1 rounded-md px-2 py-1 text-sm hover:bg-accent/40',
        // A tip stands out, as a super chat does: paid on chain, so worth a second look.
        message.tipSol && 'my-1 border border-amber-400/60 bg-amber-400/15 py-2 hover:bg-amber-400/20',
      )}
      data-testid={message.tipSol ? 'chat-tip' : 'chat-message'}
    >
      <p className="min-w-0 flex-1 leading-snug break-words">
        {message.tipSol ? (
          <span className="mb-1 flex items-center gap-1 text-xs font-semibold text-amber-700 dark:text-amber-300">
            <Coins aria-hidden className="size-3.5" /> Tipped {message.tipSol} SOL
          </span>
        ) : null}
        <time dateTime={message.createdAt} className="mr-1.5 text-xs text-muted-foreground tabular-nums">
          {time.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}
        </time>
        {/* docs/product.md §6: the badge stands wherever the name does. */}
        {/* Inline, as the words of a sentence: its links are text links (WCAG 2.5.8's inline exception). */}
        <span className="mr-1.5 [&>*]:align-middle [&>*+*]:ml-1">
          <Link
            to={paths.profile(author.username)}
            className={cn('font-semibold hover:underline', author.id === creatorId ? 'text-primary' : 'text-foreground')}
          >
            {author.displayName}
          </Link>
          <VerificationBadge type={author.verificationType} className="size-3.5" />
          {message.channelModerator ? (
            <Badge variant="cyan" className="gap-0.5 px-1.5 py-0 text-[10px]" title="Moderates this channel’s chat" data-testid="mod-badge">
              <Shield aria-hidden className="size-2.5" /> Mod
            </Badge>
          ) : null}
          {message.holder ? (
            <Badge variant="violet" className="px-1.5 py-0 text-[10px]" title="Holds the stream’s token" data-testid="holder-badge">
              Holder
            </Badge>
          ) : null}
        </span>
        <ChatBody body={message.body} linksAllowed={message.linksAllowed} allowedDomains={allowedDomains} />
        {message.held ? (
          <span className="mt-0.5 flex items-center gap-1 text-xs text-muted-foreground" data-testid="chat-held">
            <Hourglass aria-hidden className="size-3" /> {CHAT_HELD_NOTICE}
          </span>
        ) : null}
      </p>
      {canModerate || canReport ? (
        <MessageMenu
          message={message}
          streamId={streamId}
          moderate={canModerate}
          isCreator={author.id === creatorId}
          onReport={canReport ? () => setReporting(true) : undefined}
        />
      ) : null}
      {canReport ? (
        <ReportDialog subject={{ type: 'chat_message', id: message.id, ownerId: author.id, noun: 'message' }} open={reporting} onOpenChange={setReporting} />
      ) : null}
    </li>
  );
}

/** A message's menu: Report (anyone signed in but its author), and for moderators delete, time out and ban. */
function MessageMenu({
  message,
  streamId,
  moderate,
  isCreator,
  onReport,
}: {
  message: ChatMessage;
  streamId: string;
  moderate: boolean;
  isCreator: boolean;
  onReport: (() => void) | undefined;
}) {
  const remove = useDeleteChatMessage(streamId);
  const restrict = useRestrictChatter(streamId);
  const pin = usePinChat(streamId);
  const block = useBlock();
  const name = message.author.displayName;
  const act = (action: Promise<unknown>, done: string) =>
    action.then(
      () => toast.success(done),
      (error: unknown) => toast.error(errorText(error)),
    );
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="size-7 shrink-0 opacity-60 group-hover:opacity-100 focus-visible:opacity-100"
          aria-label={moderate ? `Moderate the message from ${name}` : `Actions for the message from ${name}`}
        >
          <MoreVertical aria-hidden className="size-4" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        {onReport ? (
          <DropdownMenuItem onSelect={onReport}>
            <Flag aria-hidden /> Report message
          </DropdownMenuItem>
        ) : null}
        {onReport && !isCreator ? (
          <DropdownMenuItem
            onSelect={() =>
              void act(
                block.mutateAsync({ username: message.author.username, blocked: true }),
                `${name} is blocked: their messages, comments and notifications are hidden from you`,
              )
            }
          >
            <UserX aria-hidden /> Block {name}
          </DropdownMenuItem>
        ) : null}
        {moderate && !message.held ? (
          <DropdownMenuItem onSelect={() => void act(pin.mutateAsync(message.id), 'Pinned above the chat')}>
            <Pin aria-hidden /> Pin message
          </DropdownMenuItem>
        ) : null}
        {moderate ? (
          <DropdownMenuItem variant="destructive" onSelect={() => void act(remove.mutateAsync(message.id), 'Message deleted')}>
            <Trash2 aria-hidden /> Delete message
          </DropdownMenuItem>
        ) : null}
        {isCreator || !moderate ? null : (
          <>
            <DropdownMenuItem
              onSelect={() =>
                void act(restrict.mutateAsync({ userId: message.author.id, seconds: CHAT_QUICK_TIMEOUT_SECONDS }), `${name} is timed out for 5 minutes`)
              }
            >
              <Clock aria-hidden /> Time out 5 minutes
            </DropdownMenuItem>
            <DropdownMenuItem
              variant="destructive"
              onSelect={() =>
                void act(restrict.mutateAsync({ userId: message.author.id, seconds: null }), `${name} is banned from this chat and their messages are removed`)
              }
            >
              <Ban aria-hidden /> Ban from chat
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function ChatComposer({ streamId, live, onSent }: { streamId: string; live: boolean; onSent: () => void }) {
  const { user } = useSession();
  const { openAuthDialog } = useAuthDialog();
  const send = useSendChat(streamId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();
  const countId = useId();
  const remaining = remainingChars(text);

  if (!user) {
    return (
      <div className="flex flex-col items-center gap-2 border-t p-3 text-center">
        <p className="text-xs text-muted-foreground">Sign in to chat with the creator and other viewers.</p>
        <Button size="sm" variant="brand" onClick={() => openAuthDialog('login')}>
          Sign in to chat
        </Button>
      </div>
    );
  }

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (send.isPending) return;
    const parsed = ChatBodySchema.safeParse(text);
    if (!parsed.success) {
      // A blank message is simply not sent; anything else says why.
      if (text.trim()) setError(parsed.error.issues[0]?.message ?? 'Invalid message');
      return;
    }
    setError(null);
    send.mutate(parsed.data, {
      onSuccess: () => {
        setText('');
        onSent();
      },
      onError: (err) => setError(err instanceof ApiError ? err.message : errorText(err)),
    });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) submit(e);
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-1 border-t p-3">
      <div className="flex items-center gap-2">
        <label htmlFor={inputId} className="sr-only">
          Chat message
        </label>
        <Input
          id={inputId}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (error) setError(null);
          }}
          onKeyDown={onKeyDown}
          placeholder={live ? 'Send a message' : 'Chat opens when the stream is live'}
          disabled={!live}
          autoComplete="off"
          aria-invalid={!!error || remaining < 0}
          aria-describedby={error ? `${errorId} ${countId}` : countId}
        />
        <Button type="submit" size="icon" variant="brand" disabled={!live || send.isPending || !text.trim() || remaining < 0} aria-label="Send message">
          <Send aria-hidden />
        </Button>
      </div>
      <div className="flex items-start justify-between gap-2 text-xs">
        {error ? (
          <p id={errorId} role="alert" className="text-destructive">
            {error}
          </p>
        ) : (
          <span />
        )}
        <span id={countId} className={cn('shrink-0 tabular-nums', remaining < 0 ? 'text-destructive' : 'text-muted-foreground')}>
          {remaining} <span className="sr-only">characters left</span>
        </span>
      </div>
    </form>
  );
}
