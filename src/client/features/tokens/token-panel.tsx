import { Copy, ExternalLink, Rocket } from 'lucide-react';
import type { StreamTokenView } from '../../../shared/tokens/tokens';
import { unitsToDecimal } from '../../../shared/payments/sol';
import { copyWithToast } from '../../lib/clipboard';
import { shortAddress } from '../../lib/format';
import { cn } from '../../lib/utils';
import { Button } from '../../ui/button';
import { Skeleton } from '../../ui/skeleton';
import { useToken } from './queries';
import { TokenProof, tokenLabel } from './token-badge';
import { TokenMarketFigures } from './token-market';

const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 2 });

/** A token's supply in whole tokens, compact ("1B"). */
export function formatSupply(supply: string, decimals: number): string {
  return compact.format(Number(unitsToDecimal(BigInt(supply), decimals)));
}

/**
 * Beside a Pump Stream (below it on phones): the token as the chain has it, whether the streamer
 * is proven behind it, its address to copy, and where to look it up.
 */
export function TokenPanel({ token, className }: { token: StreamTokenView; className?: string }) {
  const facts = useToken(token.mint);
  const t = facts.data;
  return (
    <section aria-labelledby="token-panel-title" className={cn('flex flex-col gap-3 rounded-xl border bg-card p-4', className)} data-testid="token-panel">
      <div className="flex items-center gap-3">
        {token.imageUrl ? (
          <img src={token.imageUrl} alt="" className="size-11 shrink-0 rounded-full border object-cover" width={44} height={44} />
        ) : (
          <span aria-hidden className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary/15 text-sm font-bold text-primary">
            {(token.symbol ?? '?').slice(0, 3)}
          </span>
        )}
        <div className="flex min-w-0 flex-col">
          <h2 id="token-panel-title" className="truncate text-base font-semibold">
            {token.name ?? 'Unnamed token'}
          </h2>
          <span className="text-sm text-muted-foreground">{tokenLabel(token)}</span>
        </div>
      </div>
      <TokenProof proven={token.proven} explain className="self-start" />
      <TokenMarketFigures mint={token.mint} />

      <div className="flex flex-col gap-1">
        <span aria-hidden className="text-xs font-medium text-muted-foreground">
          Contract address
        </span>
        {/* The whole address, as a launchpad shows it: the copy button's name is what it shows. */}
        <button
          type="button"
          onClick={() => void copyWithToast(token.mint, 'Contract address')}
          className="flex items-center justify-between gap-2 rounded-lg border bg-muted/50 px-3 py-2 text-left font-mono text-xs break-all transition-colors outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
        >
          <span>
            <span className="sr-only">Copy contract address </span>
            {token.mint}
          </span>
          <Copy aria-hidden className="size-3.5 shrink-0 text-muted-foreground" />
        </button>
      </div>

      {facts.isPending && facts.fetchStatus !== 'idle' ? (
        <div className="flex flex-col gap-2" role="status" aria-label="Reading the token from Solana">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
        </div>
      ) : t ? (
        <>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-muted-foreground">Supply</dt>
            <dd className="text-right tabular-nums">{formatSupply(t.supply, t.decimals)}</dd>
            <dt className="text-muted-foreground">Minting</dt>
            <dd className="text-right">{t.mintAuthority ? <span title={t.mintAuthority}>Open ({shortAddress(t.mintAuthority)})</span> : 'Closed: fixed supply'}</dd>
            <dt className="text-muted-foreground">Freezing</dt>
            <dd className="text-right">{t.freezeAuthority ? <span title={t.freezeAuthority}>Possible ({shortAddress(t.freezeAuthority)})</span> : 'Not possible'}</dd>
            <dt className="text-muted-foreground">Program</dt>
            <dd className="text-right">{t.program === 'token-2022' ? 'Token-2022' : 'SPL Token'}</dd>
          </dl>
          {t.explorerUrl || t.pumpFunUrl ? (
            <div className="flex flex-wrap gap-2">
              {t.explorerUrl ? (
                <Button asChild variant="outline" size="sm">
                  <a href={t.explorerUrl} target="_blank" rel="noopener noreferrer">
                    <ExternalLink aria-hidden /> Explorer<span className="sr-only"> (opens in a new tab)</span>
                  </a>
                </Button>
              ) : null}
              {t.pumpFunUrl ? (
                <Button asChild variant="outline" size="sm">
                  <a href={t.pumpFunUrl} target="_blank" rel="noopener noreferrer">
                    <Rocket aria-hidden /> pump.fun<span className="sr-only"> (opens in a new tab)</span>
                  </a>
                </Button>
              ) : null}
            </div>
          ) : null}
        </>
      ) : facts.isError ? (
        <p className="text-sm text-muted-foreground">Solana could not be read just now: the token’s details are missing.</p>
      ) : null}
    </section>
  );
}
