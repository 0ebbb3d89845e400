import { PRODUCT_NAME } from '../../../shared/platform/product';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '../../ui/sheet';
import { Logo } from './logo';
import { SidebarNav } from './sidebar';

/**
 * The same navigation as a left drawer, below 768 px; any link closes it, as does Escape. Its own
 * chunk: the dialog code loads when the drawer first opens, not with every page.
 */
export function MobileSidebar({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent aria-label="Navigation" closeLabel="Close navigation">
        <SheetTitle className="sr-only">Navigation</SheetTitle>
        <SheetDescription className="sr-only">Browse {PRODUCT_NAME}</SheetDescription>
        <div className="flex h-14 shrink-0 items-center border-b px-4">
          <Logo />
        </div>
        <div className="flex-1 overflow-y-auto scrollbar-thin">
          <SidebarNav collapsed={false} onNavigate={() => onOpenChange(false)} />
        </div>
      </SheetContent>
    </Sheet>
  );
}
