import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

type QrState = { kind: 'drawing' } | { kind: 'ready'; src: string } | { kind: 'failed' };

/**
 * `text` as a QR code (black on white whatever the theme, so every scanner reads it);
 * the encoder loads only when a QR code is shown. `alt` names what it encodes, and
 * `failed` says what to do when it cannot be drawn.
 */
export function QrCode({ text, alt, failed, className }: { text: string; alt: string; failed: string; className: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<QrState>({ kind: 'drawing' });

  useEffect(() => {
    let current = true;
    void import('qrcode')
      .then(({ toString }) => toString(text, { type: 'svg', margin: 2, errorCorrectionLevel: 'M', color: { dark: '#000000', light: '#ffffff' } }))
      .then(
        (svg) => { if (current) setState({ kind: 'ready', src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` }); },
        () => { if (current) setState({ kind: 'failed' }); },
      );
    return () => { current = false; };
  }, [text]);

  if (state.kind === 'ready') {
    return <img className={className} src={state.src} alt={alt} width={220} height={220} />;
  }
  return (
    <p className={`${className} qr--placeholder`} role={state.kind === 'failed' ? 'alert' : 'status'}>
      {state.kind === 'failed' ? failed : t('qr.loading')}
    </p>
  );
}
