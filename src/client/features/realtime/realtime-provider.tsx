import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { RealtimeClientMessage } from '../../../shared/chat/chat';
import type { RealtimeEventName, RealtimeEvents, RealtimeMessage } from '../../../shared/realtime/realtime';
import { sessionKeys, useSession } from '../auth/session';
import { socketProtocols, sessionToken } from '../../lib/native/session-token';
import { realtimeUrl, reconnectDelay } from './backoff';
import { setSocketSender } from '../../lib/socket-outbox';

export type RealtimeStatus = 'offline' | 'connecting' | 'open';

type AnyHandler = (data: never) => void;

interface RealtimeContextValue {
  status: RealtimeStatus;
  subscribe<K extends RealtimeEventName>(event: K, handler: (data: RealtimeEvents[K]) => void): () => void;
  /** Joins a stream's room while the caller wants it (counted, so two screens may share one). */
  joinStream(streamId: string): () => void;
}

const RealtimeContext = createContext<RealtimeContextValue | null>(null);

/** The server closes a socket without a session with this code: asking again will not help. */
const UNAUTHORIZED = 4401;

/**
 * One WebSocket to `/api/realtime` while someone is signed in (the session cookie authenticates
 * it) or a screen has joined a stream's room (guests too), closed when neither holds. Rooms are
 * joined again after every reconnect. A dropped socket comes back with exponential backoff (1 s doubling to
 * 30 s, jittered), at once when the browser comes back online. Screens listen with
 * `useRealtimeEvent`; each event's payload is typed by `RealtimeEvents`, shared with the server.
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const userId = user?.id;
  const queryClient = useQueryClient();
  const listeners = useRef(new Map<RealtimeEventName, Set<AnyHandler>>());
  const [status, setStatus] = useState<RealtimeStatus>('offline');
  /** Stream rooms wanted, with how many screens want each. */
  const rooms = useRef(new Map<string, number>());
  const [wantsRooms, setWantsRooms] = useState(false);
  const sendRef = useRef<(message: RealtimeClientMessage) => void>(() => {});

  // A signed-in socket serves rooms too: joining one does not reconnect it.
  const wanted = !!userId || wantsRooms;
  useEffect(() => {
    if (!wanted) return;
    let socket: WebSocket | undefined;
    let timer: number | undefined;
    let attempt = 0;
    let stopped = false;

    const dispatch = (message: RealtimeMessage) => {
      for (const handler of listeners.current.get(message.event) ?? []) {
        try {
          (handler as (data: unknown) => void)(message.data);
        } catch (err) {
          console.warn('realtime handler failed', err);
        }
      }
    };

    const connect = () => {
      window.clearTimeout(timer);
      timer = undefined;
      if (stopped) return;
      setStatus('connecting');
      // The native app has no cookie: its token goes along as a subprotocol.
      const ws = new WebSocket(realtimeUrl(window.location), socketProtocols(sessionToken()));
      socket = ws;
      ws.onmessage = (e) => {
        let message: RealtimeMessage;
        try {
          message = JSON.parse(String(e.data)) as RealtimeMessage;
        } catch {
          return;
        }
        if (message.event === 'hello') {
          attempt = 0;
          setStatus('open');
          setSocketSender((text) => {
            if (ws.readyState !== WebSocket.OPEN) return false;
            ws.send(text);
            return true;
          });
          for (const streamId of rooms.current.keys()) ws.send(JSON.stringify({ type: 'join', streamId } satisfies RealtimeClientMessage));
        }
        dispatch(message);
      };
      ws.onclose = (e) => {
        if (socket !== ws) return;
        socket = undefined;
        setSocketSender(null);
        setStatus('offline');
        if (stopped) return;
        if (e.code === UNAUTHORIZED) {
          // The session ended elsewhere (signed out in another tab, expired): learn who we are now.
          void queryClient.invalidateQueries({ queryKey: sessionKeys.current });
          return;
        }
        timer = window.setTimeout(connect, reconnectDelay(attempt++));
      };
    };

    const reconnectNow = () => {
      if (!socket && !stopped) {
        attempt = 0;
        connect();
      }
    };

    sendRef.current = (message) => {
      if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
    };
    connect();
    window.addEventListener('online', reconnectNow);
    return () => {
      stopped = true;
      sendRef.current = () => {};
      setSocketSender(null);
      window.removeEventListener('online', reconnectNow);
      window.clearTimeout(timer);
      const ws = socket;
      socket = undefined;
      setStatus('offline');
      if (!ws) return;
      // Closing a socket that is still connecting makes the browser log an error: wait for it.
      if (ws.readyState === WebSocket.CONNECTING) ws.onopen = () => ws.close(1000, 'Signed out');
      else ws.close(1000, 'Signed out');
    };
  }, [userId, wanted, queryClient]);

  // Stable across renders, so listeners do not resubscribe when the status changes.
  const subscribe = useCallback<RealtimeContextValue['subscribe']>((event, handler) => {
    let set = listeners.current.get(event);
    if (!set) listeners.current.set(event, (set = new Set()));
    set.add(handler as AnyHandler);
    return () => {
      set.delete(handler as AnyHandler);
    };
  }, []);
  const joinStream = useCallback((streamId: string) => {
    const count = rooms.current.get(streamId) ?? 0;
    rooms.current.set(streamId, count + 1);
    // A socket that is open joins now; one still connecting joins when greeted.
    if (count === 0) sendRef.current({ type: 'join', streamId });
    setWantsRooms(true);
    return () => {
      const left = (rooms.current.get(streamId) ?? 1) - 1;
      if (left > 0) return void rooms.current.set(streamId, left);
      rooms.current.delete(streamId);
      sendRef.current({ type: 'leave', streamId });
      setWantsRooms(rooms.current.size > 0);
    };
  }, []);
  const value = useMemo<RealtimeContextValue>(() => ({ status, subscribe, joinStream }), [status, subscribe, joinStream]);
  return <RealtimeContext value={value}>{children}</RealtimeContext>;
}

/**
 * Calls `handler` with each `event` the server sends while this component is mounted. The handler
 * may change every render; the subscription does not.
 */
export function useRealtimeEvent<K extends RealtimeEventName>(event: K, handler: (data: RealtimeEvents[K]) => void): void {
  const ctx = useContext(RealtimeContext);
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  const subscribe = ctx?.subscribe;
  useEffect(() => subscribe?.(event, (data) => latest.current(data)), [subscribe, event]);
}

/** Receives the stream's room events (`stream.*`) while the calling screen is mounted. */
export function useStreamRoom(streamId: string | undefined): void {
  const join = useContext(RealtimeContext)?.joinStream;
  useEffect(() => (join && streamId ? join(streamId) : undefined), [join, streamId]);
}

/** 'open' once the server has greeted this socket; 'offline' while there is none or it reconnects. */
export function useRealtimeStatus(): RealtimeStatus {
  return useContext(RealtimeContext)?.status ?? 'offline';
}
