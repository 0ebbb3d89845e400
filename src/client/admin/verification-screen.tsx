import { BadgeCheck } from 'lucide-react';
import { PageHeader } from '../components/page-header';

/** /admin/verification: verification requests (admins). */
export default function VerificationScreen() {
  return <PageHeader icon={<BadgeCheck aria-hidden />} title="Verification requests" description="Review requests for the blue and red verification badges." />;
}
