import { Upload } from 'lucide-react';
import { PageHeader } from '../components/page-header';

/** /submit: where creators upload and go live (verified login). */
export default function SubmitScreen() {
  return <PageHeader icon={<Upload aria-hidden />} title="Create content" description="Upload a video or a short, or schedule a live stream." />;
}
