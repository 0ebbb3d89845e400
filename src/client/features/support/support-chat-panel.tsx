import { Check, Copy, Send, X } from 'lucide-react';
import { useEffect, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { Dialog } from 'radix-ui';
import { toast } from 'sonner';
import { PRODUCT_NAME } from '../../../shared/platform/product';
import { SUPPORT_HISTORY_CHARS_MAX, SUPPORT_HISTORY_MAX, SUPPORT_MESSAGE_MAX, type SupportMessage } from '../../../shared/support/support';
import { useIsMobile } from '../../lib/use-media-query';
import { cn } from '../../lib/utils';
import { AN_ERROR_OCCURRED, askSupport, SupportChatError } from './stream';
import { SupportAnswer } from './support-answer';

/** How long "Copied" shows after copying an answer (docs/product.md §9). */
export const COPY_CONFIRMATION_MS = 2000;

interface ChatMessage extends SupportMessage {
  id: number;
  at: number;
}

/**
 * The conversation lives outside React, in this module: it survives closing the panel and moving
 * between screens, until the page is reloaded.
 */
const store = (() => {
  let state: { messages: ChatMessage[]; loading: boolean } = { messages: [], loading: false };
  const listeners = new Set<() => void>();
  let next = 1;
  const set = (s: Partial<typeof state>) => {
    state = { ...state, ...s };
    listeners.forEach((l) => l());
  };
  return {
    get: () => state,
    subscribe: (l: () => void) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    async send(text: string) {
      const content = text.trim();
      if (!content || state.loading) return;
      const user: ChatMessage = { id: next++, role: 'user', content, at: Date.now() };
      set({ messages: [...state.messages, user], loading: true });
      // The latest messages the server takes: at most SUPPORT_HISTORY_MAX, within its length limit.
      const history: SupportMessage[] = [];
      let chars = 0;
      for (const m of state.messages.slice(-SUPPORT_HISTORY_MAX).reverse()) {
        chars += m.content.length;
        if (chars > SUPPORT_HISTORY_CHARS_MAX && history.length > 0) break;
        history.unshift({ role: m.role, content: m.content });
      }
      let answerId = 0;
      try {
        await askSupport(history, {
          onOpen: () => {
            answerId = next++;
            set({ messages: [...state.messages, { id: answerId, role: 'assistant', content: '', at: Date.now() }] });
          },
          onDelta: (piece) => set({ messages: state.messages.map((m) => (m.id === answerId ? { ...m, content: m.content + piece } : m)) }),
        });
        set({ loading: false });
      } catch (error) {
        // The last message goes (the empty or partial answer, else the question) and the error shows.
        set({ messages: state.messages.slice(0, -1), loading: false });
        toast.error('Error', { description: error instanceof SupportChatError ? error.message : AN_ERROR_OCCURRED });
      }
    },
  };
})();

const timeOf = (at: number) => new Date(at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    return () => clearTimeout(t);
  }, [copied]);
  return (
    <button
      type="button"
      onClick={() => {
        void navigator.clipboard.writeText(text).then(
          () => setCopied(true),
          () => toast.error('Error', { description: 'Could not copy the answer' }),
        );
      }}
      aria-label={copied ? 'Copied' : 'Copy answer'}
      className="inline-flex items-center gap-1 rounded px-1 text-xs text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
    >
      {copied ? <Check className="size-3.5" aria-hidden /> : <Copy className="size-3.5" aria-hidden />}
      {copied ? 'Copied' : 'Copy'}
    </button>
  );
}

/** The support chat: a 400×600 panel on desktop, a 90vh drawer on phones. */
export function SupportChatPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { messages, loading } = useSyncExternalStore(store.subscribe, store.get, store.get);
  const isMobile = useIsMobile();
  const [draft, setDraft] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const title = `${PRODUCT_NAME} Support Chat`;
  const last = messages.at(-1);
  const waiting = loading && last?.role === 'user';

  useEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [messages, waiting]);

  const send = () => {
    if (!draft.trim() || loading) return;
    void store.send(draft);
    setDraft('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      send();
    }
  };

  // A Radix dialog: Escape closes it, and on a phone (a modal drawer) focus stays inside until it
  // closes. On a wide screen it is a non-modal panel beside the page: the page stays usable and a
  // click on it leaves the chat open. Not portalled, so it lives where the button puts it.
  return (
    <Dialog.Root open={open} onOpenChange={(o) => !o && onClose()} modal={isMobile}>
      {isMobile && <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />}
      <Dialog.Content
        aria-describedby={undefined}
        data-testid="support-chat-panel"
        onOpenAutoFocus={(e) => {
          e.preventDefault();
          input.current?.focus();
        }}
        // The button that opened the panel is shown again on close and takes focus back itself.
        onCloseAutoFocus={(e) => e.preventDefault()}
        onInteractOutside={(e) => {
          if (!isMobile) e.preventDefault();
        }}
        className={cn(
          'fixed z-50 flex flex-col overflow-hidden border bg-background shadow-2xl',
          isMobile ? 'inset-x-0 bottom-0 h-[90vh] rounded-t-2xl' : 'right-6 bottom-6 h-[600px] max-h-[calc(100dvh-3rem)] w-[400px] rounded-2xl',
        )}
      >
        <div className="flex items-center justify-between border-b px-4 py-3">
          <Dialog.Title className="font-semibold">{title}</Dialog.Title>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close support chat"
            className="rounded p-1 text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
          >
            <X className="size-5" aria-hidden />
          </button>
        </div>
        <div ref={list} className="flex-1 space-y-3 overflow-y-auto px-4 py-3" aria-live="polite" aria-busy={loading} aria-relevant="additions text">
          {messages.length === 0 && (
            <div className="flex h-full flex-col items-center justify-center gap-2 text-center">
              <p className="font-medium">Welcome to {PRODUCT_NAME} Support!</p>
              <p className="text-sm text-muted-foreground">Ask me anything about streams, shorts, bounties, or how to use the platform.</p>
            </div>
          )}
          {messages.map((m) => (
            <div key={m.id} className={cn('flex flex-col gap-1', m.role === 'user' ? 'items-end' : 'items-start')} data-role={m.role}>
              <div
                className={cn(
                  'max-w-[85%] rounded-2xl px-3 py-2 text-sm break-words',
                  m.role === 'user' ? 'bg-primary-solid whitespace-pre-wrap text-primary-foreground' : 'bg-muted',
                )}
              >
                {m.role === 'user' ? m.content : <SupportAnswer text={m.content} onNavigate={isMobile ? onClose : () => undefined} />}
              </div>
              <div className="flex items-center gap-2 text-xs text-muted-foreground">
                <time dateTime={new Date(m.at).toISOString()}>{timeOf(m.at)}</time>
                {m.role === 'assistant' && m.content && <CopyButton text={m.content} />}
              </div>
            </div>
          ))}
          {waiting && (
            <p className="text-sm text-muted-foreground" role="status">
              Thinking...
            </p>
          )}
        </div>
        <form
          className="flex items-end gap-2 border-t p-3"
          onSubmit={(e) => {
            e.preventDefault();
            send();
          }}
        >
          <label htmlFor="support-chat-input" className="sr-only">
            Your message
          </label>
          <textarea
            id="support-chat-input"
            ref={input}
            value={draft}
            maxLength={SUPPORT_MESSAGE_MAX}
            rows={2}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={onKeyDown}
            placeholder="Type your message..."
            className="max-h-32 min-h-10 flex-1 resize-none rounded-md border border-input bg-background/60 px-3 py-2 text-sm outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40"
          />
          <button
            type="submit"
            disabled={!draft.trim() || loading}
            aria-label="Send"
            className="flex size-10 items-center justify-center rounded-md bg-primary-solid text-primary-foreground outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50"
          >
            <Send className="size-4" aria-hidden />
          </button>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
