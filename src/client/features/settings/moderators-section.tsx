import { Shield } from 'lucide-react';
import { CHANNEL_MODERATOR_POWERS, ChannelModerators } from '../chat/channel-moderators';
import { SettingsSection } from './settings-section';

/** "Chat moderators": the people the creator trusts to moderate their live chats. */
export function ModeratorsSection() {
  return (
    <SettingsSection id="moderators" icon={Shield} title="Chat moderators" description={CHANNEL_MODERATOR_POWERS}>
      <ChannelModerators />
    </SettingsSection>
  );
}
