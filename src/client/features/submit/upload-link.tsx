import { Upload } from 'lucide-react';
import { Link } from 'react-router';
import { useAuthDialog } from '../auth/auth-dialog-context';
import { useSession } from '../auth/session';
import { Button } from '../../ui/button';

/**
 * A way to /submit from an empty list. /submit needs a verified login; a guest following it
 * would only bounce back, so for them the same link opens the sign-up dialog instead.
 */
export function UploadLink({ label }: { label: string }) {
  const { status } = useSession();
  const { openAuthDialog } = useAuthDialog();
  return (
    <Button asChild>
      <Link
        to="/submit"
        onClick={(e) => {
          if (status === 'guest') {
            e.preventDefault();
            openAuthDialog('signup');
          }
        }}
      >
        <Upload aria-hidden /> {label}
      </Link>
    </Button>
  );
}
