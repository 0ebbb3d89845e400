import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../ui/dialog';
import { PLAYER_SHORTCUTS } from './player-controls';

/** The keyboard shortcuts sheet (`?`), loaded the first time it is asked for. */
export function PlayerShortcutsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="gap-3 p-4 sm:p-6" data-testid="player-shortcuts">
        <DialogHeader className="pr-8 text-left">
          <DialogTitle>Keyboard shortcuts</DialogTitle>
          <DialogDescription>They work anywhere on the page while you are not typing.</DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          {PLAYER_SHORTCUTS.map((s) => (
            <div key={s.does} className="contents">
              <dt className="flex gap-1">
                {s.keys.map((k) =>
                  k === '…' ? (
                    <span key={k}>…</span>
                  ) : (
                    <kbd key={k} className="min-w-6 rounded border bg-muted px-1.5 py-0.5 text-center font-mono text-xs">
                      {k}
                    </kbd>
                  ),
                )}
              </dt>
              <dd>{s.does}</dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}
