import { Gavel } from 'lucide-react';
import { PageHeader } from '../components/page-header';

/** /admin/moderation: moderation (moderators and admins). */
export default function ModerationScreen() {
  return <PageHeader icon={<Gavel aria-hidden />} title="Moderation" description="Review removed content and moderation actions." />;
}
