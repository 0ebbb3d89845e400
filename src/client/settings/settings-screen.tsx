import { Settings } from 'lucide-react';
import { PageHeader } from '../components/page-header';

/** /settings: the signed-in person's account settings (verified login). */
export default function SettingsScreen() {
  return <PageHeader icon={<Settings aria-hidden />} title="Settings" description="Your account, sign-in methods, wallet and security." />;
}
