import { Copy, ExternalLink, Rocket } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../shared/platform/routes';
import type { StreamTokenView, TokenView } from '../../../shared/tokens/tokens';
import { unitsToDecimal } from '../../../shared/payments/sol';
import { copyWithToast } from '../../lib/clipboard';
import { formatCount, shortAddress } from '../../lib/format';
import { cn } from '../../lib/utils';
import { Button } from '../../ui/button';
import { Skeleton } from '../../ui/skeleton';
import { useToken } from './queries';
import { TokenProof, tokenLabel } from './token-badge';
import { TokenMarketFigures } from './token-market';

/** A token's supply in whole tokens, compact ("1B"). */
export function formatSupply(supply: string, decimals: number): string {
  return formatCount(Number(unitsToDecimal(BigInt(supply), decimals)));
}

type TokenIdentity = Pick<StreamTokenView, 'mint' | 'symbol' | 'name' | 'imageUrl'>;

/** The token's picture, or its symbol's first letters in a circle. */
export function TokenImage({ token, size = 44 }: { token: TokenIdentity; size?: number }) {
  return token.imageUrl ? (
    <img src={token.imageUrl} alt="" className="shrink-0 rounded-full border object-cover" width={size} height={size} style={{ width: size, height: size }} />
  ) : (
    <span
      aria-hidden
      className="flex shrink-0 items-center justify-center rounded-full bg-primary/15 text-sm font-bold text-primary"
      style={{ width: size, height: size }}
    >
      {(token.symbol ?? '?').slice(0, 3)}
    </span>
  );
}

/** The contract address, whole (as launchpads show it), copied on a click: the button's name is what it shows. */
export function ContractAddress({ mint }: { mint: string }) {
  return (
    <div className="flex flex-col gap-1">
      <span aria-hidden className="text-xs font-medium text-muted-foreground">
        Contract address
      </span>
      <button
        type="button"
        onClick={() => void copyWithToast(mint, 'Contract address')}
        className="flex items-center justify-between gap-2 rounded-lg border bg-muted/50 px-3 py-2 text-left font-mono text-xs break-all transition-colors outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
      >
        <span>
          <span className="sr-only">Copy contract address </span>
          {mint}
        </span>
        <Copy aria-hidden className="size-3.5 shrink-0 text-muted-foreground" />
      </button>
    </div>
  );
}

/** What the chain says about the token (supply, who may mint or freeze, its program) and where to look it up. */
export function TokenChainFacts({ mint }: { mint: string }) {
  const facts = useToken(mint);
  const t = facts.data;
  if (facts.isPending && facts.fetchStatus !== 'idle') {
    return (
      <div className="flex flex-col gap-2" role="status" aria-label="Reading the token from Solana">
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-4 w-1/2" />
      </div>
    );
  }
  if (facts.isError) return <p className="text-sm text-muted-foreground">Solana could not be read just now: the token’s details are missing.</p>;
  if (!t) return null;
  return (
    <>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Supply</dt>
        <dd className="text-right tabular-nums">{formatSupply(t.supply, t.decimals)}</dd>
        <dt className="text-muted-foreground">Minting</dt>
        <dd className="text-right">{t.mintAuthority ? <span title={t.mintAuthority}>Open ({shortAddress(t.mintAuthority)})</span> : 'Closed: fixed supply'}</dd>
        <dt className="text-muted-foreground">Freezing</dt>
        <dd className="text-right">
          {t.freezeAuthority ? <span title={t.freezeAuthority}>Possible ({shortAddress(t.freezeAuthority)})</span> : 'Not possible'}
        </dd>
        <dt className="text-muted-foreground">Program</dt>
        <dd className="text-right">{t.program === 'token-2022' ? 'Token-2022' : 'SPL Token'}</dd>
      </dl>
      <TokenLinks token={t} />
    </>
  );
}

function TokenLinks({ token }: { token: TokenView }) {
  if (!token.explorerUrl && !token.pumpFunUrl) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {token.explorerUrl ? (
        <Button asChild variant="outline" size="sm">
          <a href={token.explorerUrl} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden /> Explorer<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </Button>
      ) : null}
      {token.pumpFunUrl ? (
        <Button asChild variant="outline" size="sm">
          <a href={token.pumpFunUrl} target="_blank" rel="noopener noreferrer">
            <Rocket aria-hidden /> pump.fun<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </Button>
      ) : null}
    </div>
  );
}

/**
 * Beside a Pump Stream (below it on phones): the token as the chain has it, whether the streamer
 * is proven behind it, its price and chart, its address to copy, and where to look it up.
 */
export function TokenPanel({ token, className }: { token: StreamTokenView; className?: string }) {
  return (
    <section aria-labelledby="token-panel-title" className={cn('flex flex-col gap-3 rounded-xl border bg-card p-4', className)} data-testid="token-panel">
      <div className="flex items-center gap-3">
        <TokenImage token={token} />
        <div className="flex min-w-0 flex-col">
          <h2 id="token-panel-title" className="truncate text-base font-semibold">
            <Link to={paths.token(token.mint)} className="hover:underline">
              {token.name ?? 'Unnamed token'}
            </Link>
          </h2>
          <span className="text-sm text-muted-foreground">{tokenLabel(token)}</span>
        </div>
      </div>
      <TokenProof proven={token.proven} explain className="self-start" />
      <TokenMarketFigures mint={token.mint} />
      <ContractAddress mint={token.mint} />
      <TokenChainFacts mint={token.mint} />
    </section>
  );
}
