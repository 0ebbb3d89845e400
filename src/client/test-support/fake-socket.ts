import { act } from 'react';
import type { RealtimeEventName, RealtimeEvents } from '../../shared/realtime/realtime';

/** The browser's side of `/api/realtime`; the test plays the server, speaking its protocol. */
export class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 3;
  static all: FakeSocket[] = [];
  readyState = FakeSocket.CONNECTING;
  sent: unknown[] = [];
  onmessage?: (e: { data: string }) => void;
  onclose?: (e: { code: number }) => void;
  onopen?: () => void;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = FakeSocket.CLOSED;
  }
  /** The server speaks. */
  emit<K extends RealtimeEventName>(event: K, data: RealtimeEvents[K]) {
    act(() => this.onmessage?.({ data: JSON.stringify({ event, data }) }));
  }
  accept(userId: string | null = null) {
    this.readyState = FakeSocket.OPEN;
    this.emit('hello', { userId });
  }
  /** The connection is lost (a network change, a server restart). */
  drop() {
    this.readyState = FakeSocket.CLOSED;
    act(() => this.onclose?.({ code: 1006 }));
  }
}
