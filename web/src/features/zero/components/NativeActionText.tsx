import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CopyButton } from '../../../lib/ui/CopyButton';
import { actionWords, type NativeActionInput } from '../model/actionWords';
import { transactionSearch, transactionUrl } from '../model/explorer';

/**
 * What a native action did (`done`, in history and transactions) or will do (`asked`, as a
 * wallet asks to sign it), in words; an action Tandem does not name lists its decoded arguments.
 */
export function NativeActionText({ action, mood = 'done' }: { action: NativeActionInput; mood?: 'done' | 'asked' }) {
  const { t } = useTranslation();
  const words = actionWords(action);
  const values: Record<string, string | number> = { ...words.values };
  const sentence = mood === 'done' ? t(`zero.action.${words.key}`, values) : t(`zero.action_asked.${words.key}`, values);
  if (words.key !== 'call' || !('args' in words) || words.args.length === 0) {
    return <span className="zero-history__summary" data-testid="action-words">{sentence}</span>;
  }
  return (
    <span className="zero-history__summary" data-testid="action-words">
      {sentence}
      <dl className="zero-history__args" aria-label={t('zero.action.arguments')}>
        {words.args.map((arg) => (
          <div key={arg.name}>
            <dt>{arg.name}</dt>
            <dd className="zero-mono">{arg.value}</dd>
          </div>
        ))}
      </dl>
    </span>
  );
}

/**
 * A transaction id where a row shows it: its start, leading to the transaction in the app
 * (the lookup on the same page, `?trx=`), a button that copies it whole, and the network's
 * explorer when it has one.
 */
export function TransactionIdCell({ id, explorerUrl }: { id: string; explorerUrl: string | null }) {
  const { t } = useTranslation();
  const external = transactionUrl(explorerUrl, id);
  const short = `${id.slice(0, 10)}…`;
  return (
    <span className="zero-history__trx">
      <Link to={{ search: transactionSearch(id) }} className="zero-mono" aria-label={t('zero.action.open_transaction', { id: short })}
        preventScrollReset state={{ openTransaction: true }}>
        {short}
      </Link>
      <CopyButton text={id} what="transaction_id" />
      {external !== null && <a href={external} target="_blank" rel="noreferrer">{t('zero.history.see_transaction')}</a>}
    </span>
  );
}
