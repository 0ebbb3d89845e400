import { ExternalLink, ShieldAlert, TriangleAlert } from 'lucide-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { externalTarget, shownDomain } from '../../../shared/platform/external-links';
import { documentTitle } from '../../../shared/platform/page-titles';
import { PRODUCT_NAME } from '../../../shared/platform/product';
import { usePageTitle } from '../../lib/page-title';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';

/**
 * /leaving?to={address}: every link to another site in what people post (chat, profiles) opens
 * here first. The real domain comes first and large (internationalized names in the ASCII form a
 * browser reaches, so a look-alike shows as what it is), then the whole address, a word on
 * wallet drainers, and the choice: continue, or go back.
 */
export default function LeavingScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const target = externalTarget(params.get('to'));
  usePageTitle(documentTitle(`Leaving ${PRODUCT_NAME}`));
  const back = () => (window.history.length > 1 ? navigate(-1) : navigate('/app'));

  if (!target) {
    return (
      <EmptyState
        icon={ShieldAlert}
        headingLevel="h1"
        title="This link cannot be opened"
        description="It is not a web address (http or https), so Glint does not open it."
        action={
          <Button asChild>
            <Link to="/app">Back to Home</Link>
          </Button>
        }
      />
    );
  }
  const domain = shownDomain(target);
  return (
    <section
      className="mx-auto flex w-full max-w-xl flex-col gap-5 rounded-2xl border bg-card p-6 sm:p-8"
      aria-labelledby="leaving-title"
      data-testid="leaving"
    >
      <h1 id="leaving-title" className="text-2xl font-bold tracking-tight">
        You are leaving {PRODUCT_NAME}
      </h1>
      <div className="flex flex-col gap-1">
        <span className="text-sm text-muted-foreground">This link goes to</span>
        <p className="font-mono text-2xl font-semibold break-all" data-testid="leaving-domain">
          {domain}
        </p>
        <p className="font-mono text-xs break-all text-muted-foreground" data-testid="leaving-address">
          {target.href}
        </p>
      </div>
      {target.protocol === 'http:' ? (
        <p className="flex items-start gap-2 text-sm">
          <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-400" />
          The site does not use a secure connection: anyone on the way can read or change what you send it.
        </p>
      ) : null}
      <p className="text-sm text-muted-foreground">
        {PRODUCT_NAME} has not checked this site. Never connect your wallet, sign a transaction or type a recovery phrase on a site you do not trust: links in
        chats and profiles are how wallet drainers spread.
      </p>
      <div className="flex flex-wrap gap-3">
        <Button asChild variant="brand">
          <a href={target.href} rel="noopener noreferrer nofollow ugc">
            <ExternalLink aria-hidden /> Continue to {domain}
          </a>
        </Button>
        <Button variant="outline" onClick={() => void back()}>
          Go back
        </Button>
      </div>
    </section>
  );
}
