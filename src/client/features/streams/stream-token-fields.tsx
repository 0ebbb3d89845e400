import { InputField } from '../../ui/form-field';
import type { StreamFormPart } from './stream-details-fields';

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

/** The token's fields in the order shown; `id` is the form field's, `key` the API's (`token.<key>` in errors). */
const TOKEN_FIELDS = [
  { key: 'mint', id: 'mint', label: 'Mint address', span: 'sm:col-span-3', className: 'font-mono' },
  { key: 'symbol', id: 'symbol', label: 'Symbol', span: undefined, className: undefined },
  { key: 'name', id: 'tokenName', label: 'Token name', span: 'sm:col-span-2', className: undefined },
] as const;

/** "This is a Pump Stream" and, once ticked, the token's mint, symbol and name (creating and editing a stream). */
export function StreamTokenFields({ field, errors, value, onChange }: StreamFormPart<TokenDraft>) {
  const set = (patch: Partial<TokenDraft>) => onChange({ ...value, ...patch });
  return (
    <fieldset className="flex flex-col gap-3">
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" checked={value.pump} onChange={(e) => set({ pump: e.target.checked })} /> This is a Pump Stream (it has a token)
      </label>
      {value.pump ? (
        <div className="grid gap-4 sm:grid-cols-3">
          {TOKEN_FIELDS.map((f) => (
            <div key={f.key} className={f.span}>
              <InputField
                id={field(f.id)}
                label={f.label}
                error={errors[`token.${f.key}`]}
                value={value[f.key]}
                onChange={(e) => set({ [f.key]: e.target.value })}
                className={f.className}
              />
            </div>
          ))}
        </div>
      ) : null}
    </fieldset>
  );
}
