/**
 * The open realtime socket, for code that only sends on it (a player's playback reports): the
 * realtime provider sets it while its socket is greeted and clears it when it closes. The embed,
 * which has no socket, never sets it. Kept apart so neither side loads the other.
 */
let sender: ((text: string) => boolean) | null = null;

export function setSocketSender(send: ((text: string) => boolean) | null): void {
  sender = send;
}

/** Sends `text` on the socket if one is open; false (nothing sent) otherwise. */
export const sendOnSocket = (text: string): boolean => sender?.(text) ?? false;
