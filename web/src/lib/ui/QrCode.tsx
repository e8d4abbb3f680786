import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

type QrState = { kind: 'drawing' } | { kind: 'ready'; src: string } | { kind: 'failed' };

interface QrCodeProps {
  readonly text: string;
  /** Names what it encodes. */
  readonly alt: string;
  /** Says what to do when it cannot be drawn. */
  readonly failed: string;
  readonly className: string;
  /** Shown while it is drawn; "Drawing the QR code…" by default. */
  readonly drawing?: string;
  /** Width and height in CSS pixels. */
  readonly size?: number;
}

/**
 * `text` as a QR code (black on white whatever the theme, so every scanner reads it);
 * the encoder loads only when a QR code is shown.
 */
export function QrCode({ text, alt, failed, className, drawing, size = 220 }: QrCodeProps) {
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
    return <img className={className} src={state.src} alt={alt} width={size} height={size} />;
  }
  return (
    <p className={`${className} qr--placeholder`} role={state.kind === 'failed' ? 'alert' : 'status'}>
      {state.kind === 'failed' ? failed : (drawing ?? t('qr.loading'))}
    </p>
  );
}
