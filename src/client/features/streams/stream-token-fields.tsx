import { useDeferredValue } from 'react';
import { SOLANA_ADDRESS, TOKEN_NOT_FOUND } from '../../../shared/tokens/token-rules';
import { ApiError } from '../../lib/api';
import { InputField } from '../../ui/form-field';
import { Spinner } from '../../ui/spinner';
import { useToken } from '../tokens/queries';
import { TokenProof, tokenLabel } from '../tokens/token-badge';
import type { StreamFormPart } from './stream-details-fields';

/** The Pump Stream part of a stream's form, as typed: the box ticked, and the token's mint address. */
export interface TokenDraft {
  pump: boolean;
  mint: string;
}

export const tokenDraft = (token?: { mint: string } | null): TokenDraft => ({ pump: !!token, mint: token?.mint ?? '' });

/** What the API takes: the token, or null when the box is not ticked. Its name and symbol come from the chain. */
export const tokenOf = (d: TokenDraft) => (d.pump ? { mint: d.mint.trim() } : null);

/**
 * "This is a Pump Stream" and, once ticked, the token's mint address, with the token as the chain
 * has it read back under the field: its name and symbol (not typed: the chain's), and whether one
 * of your linked wallets is behind it, which viewers will see.
 */
export function StreamTokenFields({ field, errors, value, onChange }: StreamFormPart<TokenDraft>) {
  const set = (patch: Partial<TokenDraft>) => onChange({ ...value, ...patch });
  const mint = useDeferredValue(value.mint.trim());
  const token = useToken(value.pump && SOLANA_ADDRESS.test(mint) ? mint : undefined);
  const missing = token.error instanceof ApiError && token.error.status === 404;
  const previewId = field('token-preview');
  return (
    <fieldset className="flex flex-col gap-3">
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" checked={value.pump} onChange={(e) => set({ pump: e.target.checked })} /> This is a Pump Stream (it has a token)
      </label>
      {value.pump ? (
        <>
          <InputField
            id={field('mint')}
            label="Token mint address"
            error={errors['token.mint'] ?? (missing ? TOKEN_NOT_FOUND : undefined)}
            value={value.mint}
            onChange={(e) => set({ mint: e.target.value })}
            className="font-mono"
            autoComplete="off"
            spellCheck={false}
            aria-describedby={previewId}
          />
          <div id={previewId} aria-live="polite" className="text-sm">
            {token.fetchStatus === 'fetching' && !token.data ? (
              <span className="flex items-center gap-2 text-muted-foreground">
                <Spinner className="size-4" /> Reading the token from Solana…
              </span>
            ) : token.data ? (
              <div className="flex flex-col gap-2 rounded-lg border bg-muted/40 p-3" data-testid="token-preview">
                <span className="flex items-center gap-2">
                  {token.data.imageUrl ? <img src={token.data.imageUrl} alt="" className="size-6 rounded-full" width={24} height={24} /> : null}
                  <strong>{token.data.name ?? 'Unnamed token'}</strong>
                  <span className="text-muted-foreground">{tokenLabel(token.data)}</span>
                </span>
                {token.data.yours ? (
                  <TokenProof proven explain />
                ) : (
                  <span className="text-xs text-muted-foreground">
                    Viewers will see “Unverified token”. Link the wallet that created this token (or holds its mint or metadata authority) in Settings to show
                    it is yours.
                  </span>
                )}
              </div>
            ) : token.isError && !missing ? (
              <span className="text-muted-foreground">Solana could not be read just now. The token is checked again when you save.</span>
            ) : null}
          </div>
        </>
      ) : null}
    </fieldset>
  );
}
