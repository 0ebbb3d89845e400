import { Compass, House } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../ui/button';

/** Any path that is not a screen of docs/product.md §2 (the server answers it with 404). */
export default function NotFoundScreen() {
  return (
    <div className="flex min-h-[65vh] flex-col items-center justify-center gap-5 px-4 py-16 text-center">
      <p aria-hidden className="text-8xl font-black tracking-tighter text-gradient sm:text-9xl">
        404
      </p>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Page not found</h1>
      <p className="max-w-md text-muted-foreground">The page you’re looking for doesn’t exist or has moved. Check the address, or head back home.</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button variant="brand" asChild className="rounded-full">
          <Link to="/app">
            <House aria-hidden /> Back to Home
          </Link>
        </Button>
        <Button variant="outline" asChild className="rounded-full">
          <Link to="/streams">
            <Compass aria-hidden /> Browse streams
          </Link>
        </Button>
      </div>
    </div>
  );
}
