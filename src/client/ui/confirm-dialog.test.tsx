// @vitest-environment jsdom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { mountPerTest } from '../test-support/mount';
import { ConfirmDialog } from './confirm-dialog';

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
