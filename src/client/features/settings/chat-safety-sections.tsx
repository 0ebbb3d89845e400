import { Ban, Link2, UserX } from 'lucide-react';
import { BlockedAccountsList } from '../profiles/blocks';
import { AllowedLinks } from '../chat/allowed-links';
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

/** "Links in your chats": the domains anyone may link to there; other addresses stay text. */
export function AllowedLinksSection() {
  return (
    <SettingsSection
      id="allowed-links"
      icon={Link2}
      title="Links in your chats"
      description="Addresses in viewers’ messages stay text, so drainer links cannot be clicked. Links to these domains (and their subdomains) can be, through Glint’s leaving page. Yours and your moderators’ always can."
    >
      <AllowedLinks />
    </SettingsSection>
  );
}

/** "Blocked accounts": whom you blocked, to unblock. */
export function BlockedAccountsSection() {
  return (
    <SettingsSection
      id="blocked-accounts"
      icon={UserX}
      title="Blocked accounts"
      description="Their chat messages, comments and notifications are hidden from you. They are not told."
    >
      <BlockedAccountsList />
    </SettingsSection>
  );
}
