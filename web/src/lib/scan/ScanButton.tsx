import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { registerToolTexts } from '../i18n/tools';
import { cameraErrorKey, cameraUnavailableReason, type CameraErrorKey } from './cameraErrors';
import type { QrDecoder } from './decoder';
import { readScanned, type ScanProblem, type ScanTarget, type Scanned } from './scanned';
import './scan.css';

registerToolTexts();

/** How often a frame is read. */
const READ_EVERY_MS = 250;

type ScanState =
  | { readonly kind: 'starting' }
  | { readonly kind: 'looking'; readonly problem: ScanProblem | null }
  | { readonly kind: 'camera-failed'; readonly key: CameraErrorKey }
  | { readonly kind: 'decoder-failed' };

interface ScanButtonProps {
  /** The form the code fills: EVM (with its chain id) or native. */
  readonly target: ScanTarget;
  /** A code that fits the form was read. */
  readonly onScanned: (scanned: Scanned) => void;
  readonly disabled?: boolean;
}

/** The camera and the decoding loop, while the dialog is open. */
function ScanDialog({ target, onScanned, onClose }: { target: ScanTarget; onScanned: (scanned: Scanned) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const titleId = useId();
  const [state, setState] = useState<ScanState>({ kind: 'starting' });
  const [attempt, setAttempt] = useState(0);
  // Only a secure page has a camera API at all: that is known before anything starts.
  const unavailable = cameraUnavailableReason(window.isSecureContext, (navigator as Partial<Navigator>).mediaDevices !== undefined);
  const shown: ScanState = unavailable === null ? state : { kind: 'camera-failed', key: unavailable };

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    const stop = () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((track) => { track.stop(); });
    };
    if (unavailable !== null) return stop;
    const start = async () => {
      let decoder: QrDecoder;
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      } catch (error) {
        if (!stopped) setState({ kind: 'camera-failed', key: cameraErrorKey(error) });
        return;
      }
      try {
        decoder = (await import('./decoder')).createQrDecoder();
      } catch {
        if (!stopped) setState({ kind: 'decoder-failed' });
        return;
      }
      const video = videoRef.current;
      if (stopped || video === null) return;
      video.srcObject = stream;
      await video.play().catch(() => undefined);
      setState({ kind: 'looking', problem: null });
      const readFrame = () => {
        if (stopped) return;
        const text = video.readyState >= 2 ? decoder.read(video) : null;
        if (text !== null) {
          const result = readScanned(text, target);
          if (result.ok) {
            stop();
            onScanned(result.value);
            return;
          }
          setState({ kind: 'looking', problem: result.problem });
        }
        timer = window.setTimeout(readFrame, READ_EVERY_MS);
      };
      readFrame();
    };
    void start();
    return stop;
  }, [target, onScanned, attempt, unavailable]);

  return (
    <dialog ref={dialogRef} className="dialog scan-dialog" aria-labelledby={titleId} onCancel={(event) => { event.preventDefault(); onClose(); }}>
      <h2 id={titleId} className="dialog__title">{t('scan.title')}</h2>
      <p className="muted">{t('scan.lead')}</p>
      <video ref={videoRef} className="scan-dialog__video" muted playsInline aria-label={t('scan.video_label')} hidden={shown.kind === 'camera-failed' || shown.kind === 'decoder-failed'} />
      {shown.kind === 'starting' && (
        <p role="status" className="scan-dialog__status"><span className="spinner" aria-hidden="true" /> {t('scan.starting')}</p>
      )}
      {shown.kind === 'looking' && shown.problem === null && <p role="status" className="scan-dialog__status">{t('scan.looking')}</p>}
      {shown.kind === 'looking' && shown.problem !== null && (
        <p role="alert" className="scan-dialog__problem">{t(shown.problem.key, 'values' in shown.problem ? shown.problem.values : {})}</p>
      )}
      {shown.kind === 'camera-failed' && <p role="alert" className="scan-dialog__problem">{t(shown.key)}</p>}
      {shown.kind === 'decoder-failed' && <p role="alert" className="scan-dialog__problem">{t('scan.decoder_failed')}</p>}
      <div className="button-row">
        {(shown.kind === 'camera-failed' || shown.kind === 'decoder-failed') && (
          <button type="button" className="button button--primary" onClick={() => {
            setState({ kind: 'starting' });
            setAttempt((n) => n + 1);
          }}>{t('scan.retry')}</button>
        )}
        <button type="button" className="button button--secondary" onClick={onClose}>{t('scan.cancel')}</button>
      </div>
    </dialog>
  );
}

/** The camera button of a send form: opens the scanner, hands back what a QR code asks for. */
export function ScanButton({ target, onScanned, disabled = false }: ScanButtonProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => { setOpen(false); }, []);
  const scanned = useCallback(
    (value: Scanned) => {
      setOpen(false);
      onScanned(value);
    },
    [onScanned],
  );
  return (
    <>
      <button type="button" className="button button--secondary button--small scan-button" disabled={disabled} onClick={() => { setOpen(true); }}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M4 8V5a1 1 0 0 1 1-1h3M16 4h3a1 1 0 0 1 1 1v3M20 16v3a1 1 0 0 1-1 1h-3M8 20H5a1 1 0 0 1-1-1v-3" />
          <rect x="8" y="8" width="8" height="8" rx="1" />
        </svg>
        {t('scan.button')}
      </button>
      {open && <ScanDialog target={target} onScanned={scanned} onClose={close} />}
    </>
  );
}
