import { useEffect, useRef, type ComponentProps } from 'react';
import { DropdownMenu as MenuPrimitive } from 'radix-ui';
import { cn } from '../lib/utils';

export const DropdownMenu = MenuPrimitive.Root;
export const DropdownMenuTrigger = MenuPrimitive.Trigger;
export const DropdownMenuGroup = MenuPrimitive.Group;

/**
 * `focusFirstItem`: the menu opens at once with its first item focused, as a press of Enter on its
 * button does. For a menu whose code arrived after its button was pressed (`defaultOpen`): the key
 * press happened before the menu could see it.
 */
export function DropdownMenuContent({
  className,
  sideOffset = 6,
  align = 'end',
  focusFirstItem = false,
  ...props
}: ComponentProps<typeof MenuPrimitive.Content> & { focusFirstItem?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  // The content mounts each time the menu opens; after Radix has focused the menu itself.
  useEffect(() => {
    if (!focusFirstItem) return;
    const frame = requestAnimationFrame(() => ref.current?.querySelector<HTMLElement>('[role^="menuitem"]:not([data-disabled])')?.focus());
    return () => cancelAnimationFrame(frame);
  }, [focusFirstItem]);
  return (
    <MenuPrimitive.Portal>
      <MenuPrimitive.Content
        ref={ref}
        sideOffset={sideOffset}
        align={align}
        className={cn(
          'z-50 max-h-(--radix-dropdown-menu-content-available-height) min-w-56 overflow-y-auto rounded-lg border bg-popover p-1 text-popover-foreground shadow-xl outline-none',
          'data-[state=closed]:animate-pop-out data-[state=open]:animate-pop-in',
          className,
        )}
        {...props}
      />
    </MenuPrimitive.Portal>
  );
}

export function DropdownMenuItem({
  className,
  variant = 'default',
  ...props
}: ComponentProps<typeof MenuPrimitive.Item> & { variant?: 'default' | 'destructive' }) {
  return (
    <MenuPrimitive.Item
      className={cn(
        'relative flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm outline-none select-none data-[disabled]:pointer-events-none data-[disabled]:opacity-50 data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground [&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-muted-foreground',
        variant === 'destructive' && 'text-destructive data-[highlighted]:bg-destructive/10 data-[highlighted]:text-destructive [&_svg]:text-destructive',
        className,
      )}
      {...props}
    />
  );
}

export function DropdownMenuLabel({ className, ...props }: ComponentProps<typeof MenuPrimitive.Label>) {
  return <MenuPrimitive.Label className={cn('px-2 py-1.5 text-sm', className)} {...props} />;
}

export function DropdownMenuSeparator({ className, ...props }: ComponentProps<typeof MenuPrimitive.Separator>) {
  return <MenuPrimitive.Separator className={cn('-mx-1 my-1 h-px bg-border', className)} {...props} />;
}
