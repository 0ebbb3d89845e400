import { BadgeCheck, TriangleAlert } from 'lucide-react';
import type { StreamTokenView } from '../../../shared/tokens/tokens';
import { TOKEN_PROVEN, TOKEN_PROVEN_EXPLANATION, TOKEN_UNVERIFIED } from '../../../shared/tokens/token-rules';
import { Link } from 'react-router';
import { paths } from '../../../shared/platform/routes';
import { Badge } from '../../ui/badge';
import { cn } from '../../lib/utils';

/** `$SYMBOL`, or the start of the address when the chain gives the token no symbol. */
export const tokenLabel = (t: Pick<StreamTokenView, 'mint' | 'symbol'>) => (t.symbol ? `$${t.symbol}` : `${t.mint.slice(0, 4)}…`);

/**
 * A stream's token on a card, linking to the token's page: its symbol, with a check when the
 * streamer is proven behind it and a warning when not (said in full to screen readers and on hover).
 */
export function TokenCardBadge({ token, className }: { token: StreamTokenView; className?: string }) {
  const proof = token.proven ? TOKEN_PROVEN : TOKEN_UNVERIFIED;
  return (
    <Link
      to={paths.token(token.mint)}
      className={cn('rounded-full outline-none focus-visible:ring-2 focus-visible:ring-ring', className)}
      title={`${token.name ?? token.mint}: ${proof}`}
      data-testid="token-badge"
    >
      <Badge variant="brand">
        {token.proven ? <BadgeCheck aria-hidden /> : <TriangleAlert aria-hidden />}
        {tokenLabel(token)}
        <span className="sr-only">. {proof}</span>
      </Badge>
    </Link>
  );
}

/** The token's symbol in a stream's header, linking to the token's page. */
export function TokenLink({ token }: { token: StreamTokenView }) {
  return (
    <Link to={paths.token(token.mint)} className="rounded-full outline-none focus-visible:ring-2 focus-visible:ring-ring" title={token.name ?? token.mint}>
      <Badge variant="brand">{tokenLabel(token)}</Badge>
    </Link>
  );
}

/**
 * Whether the streamer is proven behind the token, in words: "Creator's token" or the warning.
 * `explain` adds what the proof means under it (the token panel); elsewhere it shows on hover.
 */
export function TokenProof({ proven, explain = false, className }: { proven: boolean; explain?: boolean; className?: string }) {
  if (!proven) {
    return (
      <Badge variant="amber" className={cn('whitespace-normal', className)} data-testid="token-proof" data-proven="false">
        <TriangleAlert aria-hidden /> {TOKEN_UNVERIFIED}
      </Badge>
    );
  }
  const badge = (
    <Badge variant="success" className={className} title={explain ? undefined : TOKEN_PROVEN_EXPLANATION} data-testid="token-proof" data-proven="true">
      <BadgeCheck aria-hidden /> {TOKEN_PROVEN}
    </Badge>
  );
  if (!explain) return badge;
  return (
    <div className="flex flex-col gap-1">
      {badge}
      <p className="text-xs text-muted-foreground">{TOKEN_PROVEN_EXPLANATION}</p>
    </div>
  );
}
