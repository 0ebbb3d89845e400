import { MessageCircleQuestion } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { PRODUCT_NAME } from '../../../shared/platform/product';

// The panel, its stream reader and its Markdown load when someone first opens it.
const SupportChatPanel = lazy(() => import('./support-chat-panel').then((m) => ({ default: m.SupportChatPanel })));

/** The floating support chat button at the bottom right of every main-layout screen, and its panel. */
export function SupportChatButton() {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  // Closing gives focus back to the button, once it is shown again.
  useEffect(() => {
    if (!open && returnFocus.current) {
      returnFocus.current = false;
      button.current?.focus();
    }
  }, [open]);
  const close = () => {
    returnFocus.current = true;
    setOpen(false);
  };
  return (
    <>
      {!open && (
        <button
          ref={button}
          type="button"
          aria-label={`Open ${PRODUCT_NAME} Support Chat`}
          aria-haspopup="dialog"
          data-testid="support-chat-button"
          onClick={() => {
            setUsed(true);
            setOpen(true);
          }}
          className="fixed right-4 bottom-20 z-40 flex size-14 items-center justify-center rounded-full bg-primary-solid text-primary-foreground shadow-lg transition-transform outline-none hover:scale-105 focus-visible:ring-4 focus-visible:ring-ring/50 lg:right-6 lg:bottom-6"
        >
          <MessageCircleQuestion className="size-6" aria-hidden />
        </button>
      )}
      {used && (
        <Suspense fallback={null}>
          <SupportChatPanel open={open} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
