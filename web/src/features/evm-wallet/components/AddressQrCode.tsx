import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

type QrState = { kind: 'drawing' } | { kind: 'ready'; src: string } | { kind: 'failed' };

/** The address as a QR code; the encoder loads only when a QR code is shown. */
export function AddressQrCode({ address }: { address: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<QrState>({ kind: 'drawing' });

  useEffect(() => {
    let current = true;
    void import('qrcode')
      .then(({ toString }) => toString(address, { type: 'svg', margin: 2, errorCorrectionLevel: 'M', color: { dark: '#000000', light: '#ffffff' } }))
      .then(
        (svg) => { if (current) setState({ kind: 'ready', src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` }); },
        () => { if (current) setState({ kind: 'failed' }); },
      );
    return () => { current = false; };
  }, [address]);

  if (state.kind === 'ready') {
    return <img className="evm-qr" src={state.src} alt={t('evm.receive.qr', { address })} width={220} height={220} />;
  }
  return (
    <p className="evm-qr evm-qr--placeholder" role={state.kind === 'failed' ? 'alert' : 'status'}>
      {state.kind === 'failed' ? t('evm.receive.qr_failed') : t('evm.receive.qr_loading')}
    </p>
  );
}
