import { useTranslation } from 'react-i18next';
import { browserStorage } from '../../../lib/storage';
import { readPendingMove, type PendingMove } from '../model/evmMove';

/**
 * A move to Telos Zero whose EVM leg went through and whose native leg did not (the
 * wallet refused, the page was closed): where its TLOS is now, and the way to finish it.
 */
export function PendingMoveNotice({ network, account, onFinish }: { network: string; account: string; onFinish: (pending: PendingMove) => void }) {
  const { t } = useTranslation();
  const pending = readPendingMove(browserStorage(), network, account);
  if (pending === null) return null;
  return (
    <div className="zero-state" role="status" data-testid="move-resume">
      <p><strong>{t('move.half_title')}</strong></p>
      <p>{t('move.half_where', { quantity: pending.quantity, address: pending.linkedAddress, account, to: pending.to })}</p>
      <div className="button-row">
        <button type="button" className="button button--primary" onClick={() => { onFinish(pending); }}>{t('move.finish')}</button>
      </div>
    </div>
  );
}
