import { useTranslation } from 'react-i18next';
import { useSignedInEvmScreen } from '../../../lib/evm-screen/evmScreen';
import { registerEvmTexts } from '../../../lib/i18n/evm';
import { QrCode } from '../../../lib/ui/QrCode';
import { useCopyText } from '../../../lib/ui/useCopyText';
import './evm-wallet.css';

registerEvmTexts();

/** /evm/receive: the address as text and QR code, with the network it belongs to. */
export function ReceivePage() {
  const { t } = useTranslation();
  const { account, network } = useSignedInEvmScreen();
  const { copied, copy } = useCopyText({ key: 'evm.receive.copied_toast' }, { key: 'evm.receive.copy_failed' });

  return (
    <div className="card evm-card evm-receive">
      <QrCode className="qr" text={account} alt={t('evm.receive.qr', { address: account })} failed={t('evm.receive.qr_failed')} />
      <div className="evm-receive__text">
        <h2 className="card__title">{t('evm.receive.address')}</h2>
        <code className="address evm-receive__address" data-testid="evm-receive-address">
          {account}
        </code>
        <p className="badge">{network.displayName}</p>
        <button type="button" className="button button--primary" onClick={() => { copy(account); }}>
          {copied ? t('evm.receive.copied') : t('evm.receive.copy')}
        </button>
      </div>
    </div>
  );
}
