import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { registerEvmTexts } from '../../../lib/i18n/evm';
import { notify } from '../../../lib/notify/notify';
import { AddressQrCode } from './AddressQrCode';
import { useWalletAccount } from './useWalletAccount';
import './evm-wallet.css';

registerEvmTexts();

/** How long the copy button says "Copied" (spec §8). */
const COPIED_FOR_MS = 1_000;

/** /evm/receive: the address as text and QR code, with the network it belongs to. */
export function ReceivePage() {
  const { t } = useTranslation();
  const { account, network } = useWalletAccount();
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => { setCopied(false); }, COPIED_FOR_MS);
    return () => { window.clearTimeout(timer); };
  }, [copied]);

  const copy = (address: string) => {
    void navigator.clipboard.writeText(address).then(
      () => {
        setCopied(true);
        notify.copied({ key: 'evm.receive.copied_toast' });
      },
      () => notify.error({ key: 'evm.receive.copy_failed' }),
    );
  };

  return (
    <section className="page evm-wallet" aria-labelledby="page-title">
      <header className="page__header">
        <h1 id="page-title" className="page__title">
          {t('evm.receive.title')}
        </h1>
        {network && <p className="page__lead">{t('evm.receive.lead', { network: network.displayName })}</p>}
      </header>
      {account === null ? (
        <p className="state">{t('evm.receive.no_account')}</p>
      ) : (
        <div className="card evm-card evm-receive">
          <AddressQrCode address={account} />
          <div className="evm-receive__text">
            <h2 className="card__title">{t('evm.receive.address')}</h2>
            <code className="address evm-receive__address" data-testid="evm-receive-address">
              {account}
            </code>
            {network && <p className="badge">{network.displayName}</p>}
            <button type="button" className="button button--primary" onClick={() => { copy(account); }}>
              {copied ? t('evm.receive.copied') : t('evm.receive.copy')}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
