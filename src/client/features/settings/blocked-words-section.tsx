import { Ban } from 'lucide-react';
import { ChannelBlockedWords } from '../chat/blocked-words';
import { SettingsSection } from './settings-section';

/** "Blocked words": what the creator keeps out of their live chats, refused or held for review. */
export function BlockedWordsSection() {
  return (
    <SettingsSection
      id="blocked-words"
      icon={Ban}
      title="Blocked words"
      description="Messages with these words are kept out of your live chats, besides Glint’s own list. You and your moderators are not filtered."
    >
      <ChannelBlockedWords />
    </SettingsSection>
  );
}
