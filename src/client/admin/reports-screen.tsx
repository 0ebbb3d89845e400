import { Flag } from 'lucide-react';
import { PageHeader } from '../components/page-header';

/** /admin/reports: reports (moderators and admins). */
export default function ReportsScreen() {
  return <PageHeader icon={<Flag aria-hidden />} title="Reports" description="Reports about content and users, waiting for a decision." />;
}
