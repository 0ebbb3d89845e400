import { errorProps, FormField, InputField } from '../../ui/form-field';
import { Input } from '../../ui/input';

/** The Pump Stream part of a stream's form, as typed: the box ticked, and the token's fields. */
export interface TokenDraft {
  pump: boolean;
  mint: string;
  symbol: string;
  name: string;
}

export const tokenDraft = (token?: { mint: string; symbol?: string | null; name?: string | null } | null): TokenDraft => ({
  pump: !!token,
  mint: token?.mint ?? '',
  symbol: token?.symbol ?? '',
  name: token?.name ?? '',
});

/** What the API takes: the token, or null when the box is not ticked. */
export const tokenOf = (d: TokenDraft) => (d.pump ? { mint: d.mint, symbol: d.symbol, name: d.name } : null);

/** "This is a Pump Stream" and, once ticked, the token's mint, symbol and name (creating and editing a stream). */
export function StreamTokenFields({
  field,
  errors,
  value,
  onChange,
}: {
  field: (name: string) => string;
  errors: Record<string, string | undefined>;
  value: TokenDraft;
  onChange: (next: TokenDraft) => void;
}) {
  const set = (patch: Partial<TokenDraft>) => onChange({ ...value, ...patch });
  return (
    <fieldset className="flex flex-col gap-3">
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" checked={value.pump} onChange={(e) => set({ pump: e.target.checked })} /> This is a Pump Stream (it has a token)
      </label>
      {value.pump ? (
        <div className="grid gap-4 sm:grid-cols-3">
          <div className="sm:col-span-3">
            <InputField
              id={field('mint')}
              label="Mint address"
              error={errors['token.mint']}
              value={value.mint}
              onChange={(e) => set({ mint: e.target.value })}
              className="font-mono"
            />
          </div>
          <FormField id={field('symbol')} label="Symbol" error={errors['token.symbol']}>
            <Input
              id={field('symbol')}
              value={value.symbol}
              onChange={(e) => set({ symbol: e.target.value })}
              {...errorProps(field('symbol'), errors['token.symbol'])}
            />
          </FormField>
          <div className="sm:col-span-2">
            <InputField
              id={field('tokenName')}
              label="Token name"
              error={errors['token.name']}
              value={value.name}
              onChange={(e) => set({ name: e.target.value })}
            />
          </div>
        </div>
      ) : null}
    </fieldset>
  );
}
