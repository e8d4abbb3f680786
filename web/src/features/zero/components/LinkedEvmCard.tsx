import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shownFiatTotal } from '../../../lib/amount/shownTotal';
import { useNavigate } from 'react-router';
import { useEvmBalances } from '../../../lib/api/evm/balances';
import { useLinkedEvmAddress } from '../../../lib/api/native/linkedEvmAddress';
import { EVM_LANDING } from '../../../lib/navigation/destinations';
import { useAmountFormatter, usePreferences } from '../../../lib/preferences/usePreferences';
import { storeEvmViewerSession } from '../../../lib/session/evmViewer';
import { notifyStoredAccountChanged, readStoredAccount, shortAccountLabel } from '../../../lib/session/storedAccount';
import { browserStorage } from '../../../lib/storage';
import { AmountText } from '../../../lib/ui/AmountText';
import { useNativeBalances } from '../api/balances';
import { QueryState } from './QueryState';

/**
 * Opens `address` in the EVM wallet: at once when the EVM session is that address or
 * there is none (a read-only view is started); after a confirmation when it would
 * replace another EVM session.
 */
function OpenInEvmWallet({ address, evmNetwork }: { address: string; evmNetwork: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState<string | null>(null);
  const open = (force: boolean) => {
    const current = readStoredAccount('evm');
    const same = current?.toLowerCase() === address.toLowerCase();
    if (current !== null && !same && !force) {
      setConfirming(current);
      return;
    }
    const storage = browserStorage();
    if (!same && storage !== null) {
      storeEvmViewerSession(storage, address, evmNetwork);
      notifyStoredAccountChanged();
    }
    void navigate(EVM_LANDING);
  };
  if (confirming !== null) {
    return (
      <div className="zero-state zero-state--error" role="alert">
        <p>{t('zero.linked.replace_session', { current: shortAccountLabel(confirming), address: shortAccountLabel(address) })}</p>
        <div className="button-row">
          <button type="button" className="button button--primary button--small" onClick={() => { open(true); }}>{t('zero.linked.view_anyway', { address: shortAccountLabel(address) })}</button>
          <button type="button" className="button button--secondary button--small" onClick={() => { setConfirming(null); }}>{t('zero.transfer.cancel')}</button>
        </div>
      </div>
    );
  }
  return (
    <button type="button" className="button button--secondary button--small" onClick={() => { open(false); }}>
      {t('zero.linked.open_evm')}
    </button>
  );
}

/** The linked address's TLOS and total value, read as the EVM wallet reads them (so both screens agree). */
function LinkedAddress({ network, account, address, evmNetwork }: { network: string; account: string; address: string; evmNetwork: string }) {
  const { t } = useTranslation();
  const [{ fiatCurrency }] = usePreferences();
  const format = useAmountFormatter();
  const balances = useEvmBalances(evmNetwork, address, fiatCurrency);
  const native = useNativeBalances(network, account, fiatCurrency);
  // Each chain's total as its screen shows it (its rows added up as shown), then their sum.
  const nativeTotal = native.data?.totalFiatValue == null ? null : shownFiatTotal(native.data.balances.map((row) => row.fiatValue));
  const evmTotal = balances.data ? shownFiatTotal(balances.data.balances.map((row) => row.fiatValue?.value)) : null;
  const combined = nativeTotal === null || evmTotal === null ? null : shownFiatTotal([nativeTotal, evmTotal]);
  return (
    <>
      <dl className="zero-facts">
        <div className="zero-facts__row zero-facts__row--block">
          <dt>{t('zero.linked.address')}</dt>
          <dd>
            <code className="address" data-testid="linked-evm-address">{address}</code>
            {/* A linked address has no key: its TLOS is reachable only through the native account. */}
            <p className="zero-muted" role="note" data-testid="linked-evm-keyless">{t('move.linked_note', { account })}</p>
          </dd>
        </div>
        <QueryState query={balances} loading={t('zero.linked.loading_balance')} failed={t('zero.linked.failed_balance')}>
          {(data) => {
            const tlos = data.balances.find((row) => row.token.isNative);
            return (
              <>
                <div className="zero-facts__row">
                  <dt>{t('zero.linked.tlos')}</dt>
                  <dd className="zero-mono" data-testid="linked-evm-tlos">
                    {tlos === undefined ? t('zero.resources.none') : (
                      <span data-testid="linked-evm-tlos-amount"><AmountText amount={tlos.amount.value} symbol={tlos.token.symbol} /></span>
                    )}
                    {tlos?.fiatValue != null && <span className="zero-muted"> · {format.fiat(tlos.fiatValue.value)}</span>}
                  </dd>
                </div>
                <div className="zero-facts__row">
                  <dt>{t('zero.linked.total')}</dt>
                  <dd className="zero-mono" data-testid="linked-evm-total">{format.fiat(evmTotal ?? data.totalFiatValue.value)}</dd>
                </div>
                {combined !== null && (
                  <div className="zero-facts__row zero-facts__row--total">
                    <dt>{t('zero.linked.combined', { account })}</dt>
                    <dd className="zero-mono" data-testid="combined-total">{format.fiat(combined)}</dd>
                  </div>
                )}
              </>
            );
          }}
        </QueryState>
      </dl>
      <OpenInEvmWallet address={address} evmNetwork={evmNetwork} />
    </>
  );
}

/** One account, both chains: the Telos EVM address linked to this native account (`eosio.evm`). */
export function LinkedEvmCard({ network, account, onMove }: { network: string; account: string; onMove: (() => void) | null }) {
  const { t } = useTranslation();
  const link = useLinkedEvmAddress(network, account);
  return (
    <section className="card zero-card" aria-labelledby="zero-linked-title">
      <h2 id="zero-linked-title" className="zero-card__title">{t('zero.linked.title')}</h2>
      <QueryState query={link} loading={t('zero.linked.loading')} failed={t('zero.linked.failed')}>
        {(data) =>
          data.address == null || data.evmNetwork == null ? (
            <p className="zero-muted" data-testid="linked-evm-none">{t('zero.linked.none', { account })}</p>
          ) : (
            <LinkedAddress network={network} account={account} address={data.address} evmNetwork={data.evmNetwork} />
          )
        }
      </QueryState>
      {onMove !== null && (
        <div className="button-row">
          <button type="button" className="button button--secondary button--small" onClick={onMove}>{t('move.open')}</button>
        </div>
      )}
    </section>
  );
}
