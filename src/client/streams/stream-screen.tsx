import { RadioTower } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../ui/button';
import { EmptyState } from '../ui/empty-state';

/** /stream/... : a livestream's page. */
export default function StreamScreen() {
  return (
    <EmptyState
      icon={RadioTower}
      headingLevel="h1"
      title="This stream is not available"
      description="It may not have started yet, or it may have been removed. See what is on now instead."
      action={
        <>
          <Button asChild>
            <Link to="/streams">Browse Pump Streams</Link>
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
