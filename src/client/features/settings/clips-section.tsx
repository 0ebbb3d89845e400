import { Scissors } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { useOwnProfile, useUpdateProfile } from '../profiles/queries';
import { Skeleton } from '../../ui/skeleton';
import { SettingsSection } from './settings-section';

/**
 * "Clips": whether viewers may clip the creator's live streams (on by default, like a channel's
 * clips on Twitch). Clips of a stream are its creator's; the server refuses clips when this is off.
 */
export function ClipsSection() {
  const profile = useOwnProfile();
  const update = useUpdateProfile();
  // The box shows the choice at once, in the same render as the press: the mutation's own pending
  // state reaches the component a tick later, and a controlled checkbox would snap back meanwhile.
  const [choice, setChoice] = useState<boolean>();
  if (profile.isError) return null;
  const allowed = choice ?? profile.data?.allowClips;
  const toggle = (allowClips: boolean) => {
    setChoice(allowClips);
    update.mutate(
      { allowClips },
      {
        onSuccess: () => toast.success(allowClips ? 'Viewers can clip your streams' : 'Clips are off for your streams'),
        onError: (error) => toast.error(error.message),
        onSettled: () => setChoice(undefined),
      },
    );
  };
  return (
    <SettingsSection
      id="clips"
      icon={Scissors}
      title="Clips"
      description="Clips of your live streams are yours: they appear on your profile, credited to the viewer who made them, and you can edit or delete them."
    >
      {profile.isPending ? (
        <Skeleton className="h-12 rounded-lg" />
      ) : (
        <label className="flex items-center justify-between gap-3 rounded-lg border bg-muted/30 px-4 py-3">
          <span className="font-medium">Let viewers clip my streams</span>
          <input
            type="checkbox"
            className="size-5 accent-primary"
            checked={allowed ?? true}
            disabled={update.isPending}
            onChange={(e) => toggle(e.target.checked)}
          />
        </label>
      )}
    </SettingsSection>
  );
}
