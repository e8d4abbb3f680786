import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Eip1193Provider } from '../../../lib/evm-wallet/provider';
import { addTokenToWallet, watchOutcomeMessage, type WatchedToken } from '../../../lib/evm-wallet/watchAsset';
import { rawErrorText } from '../../../lib/notify/errorText';
import { notify } from '../../../lib/notify/notify';

/** A balance row's "Add to wallet" (spec §7 wallet_watchAsset): the wallet then lists the token itself. */
export function AddToWalletButton({ provider, token }: { provider: Eip1193Provider; token: WatchedToken }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  const add = async () => {
    setBusy(true);
    try {
      const outcome = await addTokenToWallet(provider, token, window.location.origin);
      const { kind, message } = watchOutcomeMessage(outcome, token.symbol);
      if (kind === 'success') notify.success(message);
      else if (kind === 'neutral') notify.neutral(message);
      else notify.error(message, outcome.kind === 'failed' ? { details: rawErrorText(outcome.error) } : {});
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className="button button--ghost button--small"
      disabled={busy}
      aria-label={t('evm.balances.add_to_wallet_token', { symbol: token.symbol })}
      onClick={() => void add()}
    >
      {t('evm.balances.add_to_wallet')}
    </button>
  );
}
