import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPlainString } from '../../../lib/amount/fixedAmount';
import { useNativeAccount } from '../api/account';
import type { AssetView } from '../api/nativeApi';
import { RECOMMENDED_STAKE } from '../model/sponsorDecision';
import { sponsorFailureText, type ResourceShortage, type SponsorFailure } from '../model/sponsorFailure';
import { useExactAsset } from './useExactAsset';

/** Below spec §9's advised stake (0.5 of the system token) for CPU or NET. */
function belowAdvice(staked: AssetView | null | undefined): boolean {
  const advised = fromPlainString(RECOMMENDED_STAKE, staked?.decimals ?? 4);
  const held = staked == null ? 0n : (fromPlainString(staked.amount, staked.decimals)?.raw ?? 0n);
  return advised !== null && held < advised.raw;
}

/** Spec §9 resource advice for paying the resources yourself, with what the account has staked now. */
export function SelfPayAdvice({ network, account, symbol }: { network: string; account: string; symbol: string }) {
  const { t } = useTranslation();
  const exact = useExactAsset();
  const query = useNativeAccount(network, account);
  const staked = query.data;
  return (
    <div className="zero-selfpay">
      <p>{t('zero.self_pay.advice', { amount: RECOMMENDED_STAKE, symbol })}</p>
      {staked !== undefined && (
        <p className="zero-muted" data-testid="self-pay-stake">
          {t('zero.self_pay.staked_now', {
            cpu: staked.stakedCpu == null ? t('zero.resources.none') : exact(staked.stakedCpu),
            net: staked.stakedNet == null ? t('zero.resources.none') : exact(staked.stakedNet),
          })}
          {(belowAdvice(staked.stakedCpu) || belowAdvice(staked.stakedNet)) && <> {t('zero.self_pay.below_advice')}</>}
        </p>
      )}
    </div>
  );
}

interface SponsorFailedProps {
  failure: SponsorFailure;
  network: string;
  account: string;
  symbol: string;
  onSelfPay: () => void;
  onRetry: () => void;
  onClose: () => void;
}

/** The sponsor could not help: say why, and offer to sign and pay the resources from this dialog. */
export function SponsorFailedPanel({ failure, network, account, symbol, onSelfPay, onRetry, onClose }: SponsorFailedProps) {
  const { t } = useTranslation();
  const reason = sponsorFailureText(failure, `0.05 ${symbol}`);
  return (
    <section className="zero-selfpay-panel" aria-labelledby="zero-sponsor-failed-title">
      <div className="zero-state zero-state--error" role="alert">
        <p id="zero-sponsor-failed-title"><strong>{t('zero.sponsor_failed.title')}</strong> {t(reason.key, reason.values ?? {})}</p>
        <p>{t('zero.sponsor_failed.nothing_signed')}</p>
      </div>
      <SelfPayAdvice network={network} account={account} symbol={symbol} />
      <div className="button-row">
        <button type="button" className="button button--primary" onClick={onSelfPay}>{t('zero.self_pay.sign')}</button>
        <button type="button" className="button button--secondary" onClick={onRetry}>{t('zero.sponsor_failed.retry')}</button>
        <button type="button" className="button button--secondary" onClick={onClose}>{t('zero.transfer.close')}</button>
      </div>
    </section>
  );
}

/** A refused push: the chain's reason, and for a lack of CPU, NET or RAM (or a late signature) what to do about it. */
export function TransferFailedPanel({ title, message, shortage, symbol, onRetry, onClose }: {
  /** What failed, e.g. "The transfer failed:". */
  title: string;
  message: string;
  shortage: ResourceShortage | null;
  symbol: string;
  onRetry: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="zero-state zero-state--error" role="alert">
      <p><strong>{title}</strong> {shortage === null ? message : t(`zero.self_pay.short_${shortage}`, { amount: RECOMMENDED_STAKE, symbol })}</p>
      <p>{t('zero.transfer.failed_next')}</p>
      <div className="button-row">
        <button type="button" className="button button--primary" onClick={onRetry}>{t('zero.transfer.try_again')}</button>
        <button type="button" className="button button--secondary" onClick={onClose}>{t('zero.transfer.close')}</button>
      </div>
    </div>
  );
}

/**
 * The user rejected the transaction in the wallet: the wallet's refusal in the words the
 * app uses for every wallet (spec §8), that nothing was signed or sent, and the way on.
 * Focus comes here from the wallet's closed window (the button that opened it is gone),
 * so the keyboard's next stop is the button that signs again.
 */
export function WalletRefusedNote({ next }: { next: string }) {
  const { t } = useTranslation();
  const noteRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    noteRef.current?.focus();
  }, []);
  return (
    <div ref={noteRef} tabIndex={-1} className="zero-state zero-state--refused" role="status" data-testid="wallet-refused">
      <p><strong>{t('wallet.error.USER_REJECTED')}</strong></p>
      <p>{next}</p>
    </div>
  );
}
