// @vitest-environment jsdom
import { act } from 'react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { mountPerTest } from '../test-support/mount';
import { ConfirmDialog, confirmedRequest } from './confirm-dialog';

const view = mountPerTest();

function show(props: { pending: boolean; holdWhilePending?: boolean; onOpenChange?: (open: boolean) => void; onConfirm?: () => void }) {
  act(() =>
    view.root.render(
      <ConfirmDialog
        open
        onOpenChange={props.onOpenChange ?? (() => undefined)}
        title="Delete comment?"
        description="It can’t be undone."
        confirmLabel="Delete"
        pendingLabel="Deleting…"
        pending={props.pending}
        onConfirm={props.onConfirm ?? (() => undefined)}
        holdWhilePending={props.holdWhilePending}
      />,
    ),
  );
}
const button = (name: string) => [...document.body.querySelectorAll('button')].find((b) => b.textContent === name);

describe('the confirm dialog', () => {
  it('confirms with its button, and goes back with the other', () => {
    const onConfirm = vi.fn();
    const onOpenChange = vi.fn();
    show({ pending: false, onConfirm, onOpenChange });
    act(() => button('Delete')!.click());
    expect(onConfirm).toHaveBeenCalledOnce();
    act(() => button('Cancel')!.click());
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('says what it is doing while pending and takes no second click', () => {
    show({ pending: true });
    expect(button('Deleting…')?.disabled).toBe(true);
    expect(button('Cancel')?.disabled).toBe(false);
  });

  it('closes on Escape', () => {
    const onOpenChange = vi.fn();
    show({ pending: false, holdWhilePending: true, onOpenChange });
    act(() => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('held while pending, it cannot be left until the request ends', () => {
    const onOpenChange = vi.fn();
    show({ pending: true, holdWhilePending: true, onOpenChange });
    expect(button('Cancel')?.disabled).toBe(true);
    act(() => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});

describe('a confirmed request', () => {
  /** A mutation that ends as told, as TanStack Query's `mutate` calls its handlers. */
  const ending = (outcome: 'ok' | Error) => ({
    mutate: vi.fn((_: undefined, handlers: { onSuccess: () => void; onError: (err: Error) => void }) =>
      outcome === 'ok' ? handlers.onSuccess() : handlers.onError(outcome),
    ),
  });

  it('closes the dialog and says it is done, or closes it and says why not', () => {
    const success = vi.spyOn(toast, 'success');
    const failure = vi.spyOn(toast, 'error');
    const close = vi.fn();
    const done = ending('ok');
    confirmedRequest(done, close, { done: 'Stream ended', failed: 'The stream was not ended' })();
    expect(done.mutate).toHaveBeenCalledOnce();
    expect(close).toHaveBeenCalledOnce();
    expect(success).toHaveBeenCalledWith('Stream ended');

    const refused = ending(new Error('Only the creator can end this stream'));
    confirmedRequest(refused, close, { done: 'Stream ended', failed: 'The stream was not ended' })();
    expect(close).toHaveBeenCalledTimes(2);
    expect(failure).toHaveBeenCalledWith('The stream was not ended', { description: 'Only the creator can end this stream' });
    vi.restoreAllMocks();
  });
});
