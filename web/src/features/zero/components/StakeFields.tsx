import { useQueryClient } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPlainString, type FixedAmount } from '../../../lib/amount/fixedAmount';
import { ApiError } from '../../../lib/api/client';
import type { NetworkSummary } from '../../../lib/networks/api/networks';
import { ACCOUNT_NOT_FOUND, nativeAccountQueryOptions, type NativeAccount } from '../api/account';
import type { AssetView } from '../api/nativeApi';
import { assetQuantity, type FieldError } from '../model/transferForm';

/** An asset the chain wrote as an exact amount (zero for none). */
export function unitsOf(asset: AssetView | null | undefined, decimals = 4): FixedAmount {
  if (asset == null) return { raw: 0n, decimals };
  return fromPlainString(asset.amount, asset.decimals) ?? { raw: 0n, decimals: asset.decimals };
}

/** The units of an exact quantity text ("10.0000 TLOS" → 100000n). */
export function quantityUnits(quantity: string, decimals: number): bigint {
  return fromPlainString(quantity.split(' ')[0] ?? '', decimals)?.raw ?? 0n;
}

/** Units of a symbol as the view the server sends, to show them like the chain's amounts. */
export function assetView(raw: bigint, decimals: number, symbol: string): AssetView {
  const quantity = assetQuantity({ raw, decimals }, symbol);
  return { quantity, amount: quantity.split(' ')[0] ?? '0', symbol, decimals };
}

/** The error under a field, announced, and tied to the input by `aria-describedby`. */
export function FieldMessage({ id, error }: { id: string; error: FieldError | undefined }) {
  const { t } = useTranslation();
  if (error === undefined) return null;
  return <p id={id} className="zero-field__error" role="alert">{t(error.key, error.values ?? {})}</p>;
}

/** A labelled text field with its error and an optional button beside it (Max). */
export function StakeField({ label, value, onChange, error, hint, inputMode = 'decimal', side }: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: FieldError | undefined;
  hint?: string;
  inputMode?: 'decimal' | 'numeric' | 'text';
  side?: ReactNode;
}) {
  const id = useId();
  const described = [error !== undefined ? `${id}-error` : null, hint !== undefined ? `${id}-hint` : null].filter(Boolean).join(' ');
  return (
    <div className="zero-field">
      <label htmlFor={id}>{label}</label>
      <div className="zero-field__row">
        <input className="input" id={id} value={value} inputMode={inputMode} autoComplete="off" spellCheck={false}
          aria-invalid={error !== undefined} aria-describedby={described === '' ? undefined : described}
          onChange={(event) => { onChange(event.target.value); }} />
        {side}
      </div>
      {hint !== undefined && <p id={`${id}-hint`} className="zero-muted">{hint}</p>}
      <FieldMessage id={`${id}-error`} error={error} />
    </div>
  );
}

/** The Max button of an amount field. */
export function MaxButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return <button type="button" className="button button--ghost button--small" onClick={onClick}>{t('stake.max')}</button>;
}

/**
 * Reads an account a form names (a receiver, a proxy) before anything is built: the account,
 * or why the form cannot go on — it does not exist, or the chain could not say.
 */
export function useAccountLookup(network: NetworkSummary) {
  const queryClient = useQueryClient();
  return async (account: string): Promise<NativeAccount | FieldError> => {
    try {
      return await queryClient.query(nativeAccountQueryOptions(network.name, account));
    } catch (error) {
      const missing = error instanceof ApiError && error.code === ACCOUNT_NOT_FOUND;
      return missing ? { key: 'stake.error_account_missing', values: { account, network: network.displayName } } : { key: 'stake.read_failed' };
    }
  };
}

/** Whether a lookup ended in a reason, not an account. */
export function isFieldError(value: NativeAccount | FieldError): value is FieldError {
  return 'key' in value;
}
