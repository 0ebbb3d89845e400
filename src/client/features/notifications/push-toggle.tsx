import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Switch } from 'radix-ui';
import { useId } from 'react';
import { toast } from 'sonner';
import { api } from '../../lib/api';
import { cn } from '../../lib/utils';
import { currentPushSubscription, disablePush, enablePush, pushSupported } from './push';

const pushKeys = {
  key: ['push', 'key'] as const,
  subscribed: ['push', 'subscribed'] as const,
};

/**
 * "Enable push notifications": web push through the service worker for when the site is closed.
 * Hidden where the server has no VAPID key or the browser cannot receive pushes.
 */
export function PushToggle({ className }: { className?: string }) {
  const supported = pushSupported();
  const id = useId();
  const queryClient = useQueryClient();
  const key = useQuery({
    queryKey: pushKeys.key,
    queryFn: ({ signal }) => api<{ publicKey: string | null }>('/api/push/key', { signal }),
    enabled: supported,
    staleTime: Infinity,
  });
  const publicKey = key.data?.publicKey ?? null;
  const subscribed = useQuery({
    queryKey: pushKeys.subscribed,
    queryFn: async () => !!(await currentPushSubscription()),
    enabled: supported && !!publicKey,
    staleTime: Infinity,
  });
  const toggle = useMutation({
    mutationFn: async (on: boolean) => {
      if (on) await enablePush(publicKey!);
      else await disablePush();
      return on;
    },
    onSuccess: (on) => {
      queryClient.setQueryData(pushKeys.subscribed, on);
      toast.success(on ? 'Push notifications are on for this browser' : 'Push notifications are off for this browser');
    },
    onError: (error) => toast.error('Could not change push notifications', { description: error.message }),
  });

  if (!supported || !publicKey) return null;
  const checked = toggle.isPending ? !!toggle.variables : !!subscribed.data;
  return (
    <div className={cn('flex items-center justify-between gap-3', className)}>
      <label htmlFor={id} className="text-xs text-muted-foreground">
        Enable push notifications
      </label>
      <Switch.Root
        id={id}
        checked={checked}
        disabled={toggle.isPending || subscribed.isPending}
        onCheckedChange={(on) => toggle.mutate(on)}
        className="relative inline-flex h-5 w-9 shrink-0 cursor-pointer items-center rounded-full bg-muted-foreground/30 transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:bg-primary"
      >
        <Switch.Thumb className="block size-4 translate-x-0.5 rounded-full bg-background shadow transition-transform data-[state=checked]:translate-x-[1.125rem]" />
      </Switch.Root>
    </div>
  );
}
