import { UserCog } from 'lucide-react';
import { PageHeader } from '../components/page-header';

/** /admin/roles: roles (admins). */
export default function RolesScreen() {
  return <PageHeader icon={<UserCog aria-hidden />} title="Roles" description="Grant or remove the admin and moderator roles." />;
}
