import { Clapperboard } from 'lucide-react';
import { Link } from 'react-router';
import { PRODUCT_SLUG } from '../../shared/product';
import { Button } from '../ui/button';
import { EmptyState } from '../ui/empty-state';

/** /glint/... : a video's page. */
export default function VideoScreen() {
  return (
    <EmptyState
      icon={Clapperboard}
      headingLevel="h1"
      title="This video is not available"
      description="It may still be processing, or it may have been removed."
      action={
        <>
          <Button asChild>
            <Link to={`/${PRODUCT_SLUG}`}>Browse videos</Link>
          </Button>
          <Button variant="outline" asChild>
            <Link to="/app">Back to Home</Link>
          </Button>
        </>
      }
      className="mt-6"
    />
  );
}
