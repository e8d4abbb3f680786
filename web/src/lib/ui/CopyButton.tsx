import { useTranslation } from 'react-i18next';
import { Icon } from './icons';
import { useCopyText } from './useCopyText';

/** What a copy button copies, in words (its label and its notice). */
export type CopyWhat = 'address' | 'hash' | 'transaction_id' | 'token_id' | 'data';

const WHAT_KEY = {
  address: 'copy.what_address',
  hash: 'copy.what_hash',
  transaction_id: 'copy.what_transaction_id',
  token_id: 'copy.what_token_id',
  data: 'copy.what_data',
} as const;

/** `0x1234…abcd` for a long value, the value itself when short. */
function shortened(value: string): string {
  return value.length > 14 ? `${value.slice(0, 6)}…${value.slice(-4)}` : value;
}

/**
 * A small button beside a long identifier (shortened or broken over lines) that copies
 * it whole: "Copied" for a second (spec §9) and a notice, or a clear failure.
 */
export function CopyButton({ text, what }: { readonly text: string; readonly what: CopyWhat }) {
  const { t } = useTranslation();
  const name = t(WHAT_KEY[what]);
  const { copied, copy } = useCopyText({ key: 'copy.copied_toast', values: { what: name.charAt(0).toUpperCase() + name.slice(1) } }, { key: 'copy.failed' });
  // Named by what it copies, so that beside many ids (a history page) each button says which.
  const label = t('copy.button_value', { what: name, value: shortened(text) });
  return (
    <button
      type="button"
      className="copy-button"
      aria-label={label}
      title={label}
      onClick={(event) => {
        // Inside a clickable row, copying is not opening the row.
        event.stopPropagation();
        copy(text);
      }}
    >
      <Icon name={copied ? 'check' : 'copy'} size={14} />
      {copied && <span className="copy-button__done">{t('copy.copied')}</span>}
    </button>
  );
}

interface LongIdProps {
  /** The whole identifier (a hash, an address, a token id). */
  readonly value: string;
  readonly what: CopyWhat;
  /** Shown instead of the whole value (e.g. `0x1234…abcd`); the whole value stays in the title and the copy. */
  readonly shown?: string;
}

/**
 * A long identifier that never widens the page: shown whole and free to break
 * anywhere, or shortened with the whole value on hover, always with a copy button.
 */
export function LongId({ value, what, shown }: LongIdProps) {
  return (
    <span className="long-id">
      <code className="address" title={shown === undefined ? undefined : value}>
        {shown ?? value}
      </code>
      <CopyButton text={value} what={what} />
    </span>
  );
}
