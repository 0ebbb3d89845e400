import { lazy, Suspense, useState } from 'react';
import type { DialogFrameProps } from './dialog-frame';

// Radix's dialog (focus trap, scroll lock, portal) loads when a dialog first opens.
const DialogFrame = lazy(() => import('./dialog-frame').then((m) => ({ default: m.DialogFrame })));

/**
 * A dialog for an action a screen offers but few people take (tip, report): nothing of it loads
 * with the screen. It loads when first opened and stays mounted afterwards, so it closes (and gives
 * focus back) as any dialog does.
 */
export function LazyDialog(props: DialogFrameProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  return opened ? (
    <Suspense fallback={null}>
      <DialogFrame {...props} />
    </Suspense>
  ) : null;
}
