import { useTranslation } from 'react-i18next';
import type { TransactionRow } from '../api/history';
import { poisoningMessage } from '../model/poisoning';

interface PoisonedRowProps {
  readonly row: TransactionRow;
  /** The imitated address as the user knows it (address book name or the address). */
  readonly nameOf: (address: string) => string;
  readonly onShow: () => void;
}

/**
 * A history row that is likely address poisoning, collapsed (issue 37): what it is and
 * that nothing left the account, with the row itself one click away. No address of the
 * row is shown, so none can be copied from it by mistake.
 */
export function PoisonedRow({ row, nameOf, onShow }: PoisonedRowProps) {
  const { t } = useTranslation();
  const message = poisoningMessage(row.poisoning ?? null, nameOf);
  if (message === null) return null;
  return (
    <tr data-testid="evm-history-row" data-hash={row.id} data-poisoning={row.poisoning?.reason} className="evm-history__poisoned">
      <td colSpan={4}>
        <strong className="badge evm-badge--poisoned">{t('evm.history.poison_title')}</strong>{' '}
        <span>{t(message.key, message.values)}</span>{' '}
        <button type="button" className="button button--ghost button--small" onClick={onShow}>
          {t('evm.history.poison_show')}
        </button>
      </td>
    </tr>
  );
}
