import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { transactionPath } from '../navigation/paths';
import { toPlainString } from '../amount/fixedAmount';
import { registerTxTexts } from '../i18n/tx';
import type { ParseKeys } from 'i18next';
import type { Message } from '../notify/toastStore';
import { useAmountFormatter, usePreferences } from '../preferences/usePreferences';
import { ApprovalAlarm } from './ApprovalAlarm';
import type { ApprovalAlarm as Alarm } from './approvalAlarm';
import { usePartyLabel } from '../address-book/usePartyNames';
import { effectMessage } from './effectText';
import { isBusy } from './transactionFlow';
import { transactionUrl } from './transactions';
import { useEvmWallet } from './useEvmWallet';
import { wrongChainMessage } from './wrongChain';
import type { TransactionFlow } from './useTransactionFlow';
import './transaction-review.css';
import { CopyButton, LongId } from '../ui/CopyButton';
import { AmountText } from '../ui/AmountText';

registerTxTexts();

/** Wei as exact TLOS text (no float on the way). */
export function formatWei(wei: string): string {
  return toPlainString({ raw: BigInt(wei), decimals: 18 });
}

interface TransactionReviewProps {
  readonly flow: TransactionFlow;
  readonly explorerUrl: string | null;
  /** Called when the dialog closes (after Cancel, Close, or Escape while nothing is in flight). */
  readonly onClose: () => void;
  /** Extra facts the screen adds under the summary (expected sTLOS, unlock time…). */
  readonly children?: ReactNode;
  /**
   * The approval alarm's limited alternative was chosen: the screen prepares an ERC-20
   * approval of `amount` (plain decimal) instead. Without it the review prepares it itself.
   */
  readonly onApproveLimited?: (alarm: Alarm, amount: string) => void;
}

/**
 * The confirmation every EVM write shows (spec §4, §8): one sentence of what the
 * transaction does (the server's effect, worded here), the recipient or contract, TLOS
 * sent along, the fee in TLOS and fiat, warnings, and the approval alarm when the call
 * grants an approval; then the wallet step, the pending state with the hash, and the result.
 * It cannot be closed while the wallet or the chain still has the transaction.
 */
export function TransactionReview({ flow, explorerUrl, onClose, children, onApproveLimited }: TransactionReviewProps) {
  const { t } = useTranslation();
  const format = useAmountFormatter();
  const nameOf = usePartyLabel(flow.network, 'evm');
  const [{ fiatCurrency }] = usePreferences();
  const messageText = (message: Message) => ('text' in message ? message.text : t(message.key, message.values ?? {}));
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { state } = flow;
  const open = state.phase !== 'idle';
  const busy = isBusy(state);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const close = () => {
    if (busy) return;
    flow.reset();
    onClose();
  };

  const prepared = 'prepared' in state ? state.prepared : null;
  const { connection } = useEvmWallet();
  const wrongChain = prepared === null ? null : wrongChainMessage(connection?.walletChainId, prepared);
  const hash = 'hash' in state ? state.hash : null;
  const link = hash === null ? undefined : transactionUrl(explorerUrl, hash);

  return (
    <dialog
      ref={dialogRef}
      className="dialog tx-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
    >
      <h2 id={titleId} className="dialog__title tx-dialog__title">
        {state.phase === 'failed' ? t('tx.failed_title') : t('tx.review_title')}
      </h2>

      {state.phase === 'preparing' && (
        <p role="status" className="tx-dialog__status">
          <span className="spinner" aria-hidden="true" />
          {t('tx.preparing')}
        </p>
      )}

      {prepared !== null && (
        <>
          <p className="tx-dialog__summary">{messageText(effectMessage(prepared.effect, (amount) => format.exact(amount), (address) => nameOf(address), (amount) => format.token(amount)))}</p>
          {children}
          {state.phase === 'review' && prepared.grantsApproval && (
            <ApprovalAlarm network={flow.network} from={prepared.from} to={prepared.to} data={prepared.data}
              onApproveLimited={(alarm, amount) => {
                if (onApproveLimited) onApproveLimited(alarm, amount);
                else void flow.prepare({ kind: 'approve', from: prepared.from, token: alarm.contract, spender: alarm.spender.address, amount });
              }} />
          )}
          <dl className="tx-dialog__facts">
            <div>
              <dt>{t('tx.to')}</dt>
              <dd>
                <LongId value={prepared.to} what="address" />
              </dd>
            </div>
            {prepared.value !== '0' && (
              <div>
                <dt>{t('tx.value')}</dt>
                <dd>{format.exact(formatWei(prepared.value))} TLOS</dd>
              </div>
            )}
            <div>
              <dt>{t('tx.fee')}</dt>
              <dd>
                <AmountText amount={prepared.fee.amount} kind="gas" symbol={prepared.fee.symbol} />{' '}
                <span className="tx-dialog__muted">
                  {prepared.fee.fiat === null || prepared.fee.fiat === undefined
                    ? `(${t('tx.fee_no_price')})`
                    : t('tx.fee_fiat', {
                        // Prepared with the user's currency; one prepared before a change keeps its own code.
                        fiat:
                          prepared.fee.fiatCurrency === fiatCurrency
                            ? format.fiat(prepared.fee.fiat)
                            : `${prepared.fee.fiat} ${prepared.fee.fiatCurrency}`,
                      })}
                </span>
              </dd>
            </div>
          </dl>
          {prepared.warnings.length > 0 && (
            <div className="tx-dialog__warning" role="note">
              <strong>{t('tx.warning')}</strong>
              <ul>
                {prepared.warnings.map((warning) => (
                  <li key={`${warning.field}-${warning.code}`}>{t(warning.code as ParseKeys, { defaultValue: warning.code })}</li>
                ))}
              </ul>
            </div>
          )}
        </>
      )}

      {state.phase === 'review' && wrongChain === null && <p className="tx-dialog__muted">{t('tx.review_lead')}</p>}
      {state.phase === 'review' && wrongChain !== null && (
        <p role="alert" className="tx-dialog__status tx-dialog__status--error">
          {messageText(wrongChain)}
        </p>
      )}
      {state.phase === 'signing' && (
        <p role="status" className="tx-dialog__status">
          <span className="spinner" aria-hidden="true" />
          {t('tx.signing')}
        </p>
      )}
      {state.phase === 'pending' && (
        <p role="status" className="tx-dialog__status">
          <span className="spinner" aria-hidden="true" />
          {t('tx.pending')}
        </p>
      )}
      {state.phase === 'confirmed' && (
        <p role="status" className="tx-dialog__status tx-dialog__status--success">
          {t('tx.confirmed', { block: state.receipt.blockNumber.toString() })}
        </p>
      )}
      {state.phase === 'failed' && (
        <p role="alert" className="tx-dialog__status tx-dialog__status--error">
          {messageText(state.message)}
        </p>
      )}
      {hash !== null && (
        <p className="tx-dialog__hash">
          {link === undefined ? (
            <>
              <code className="address">{t('tx.hash', { hash })}</code> <CopyButton text={hash} what="hash" />{' '}
              <Link to={transactionPath(hash)}>{t('tx.see_transaction')}</Link>
            </>
          ) : (
            <a href={link} target="_blank" rel="noreferrer">
              {t('tx.see_transaction')}
            </a>
          )}
        </p>
      )}

      <div className="button-row tx-dialog__actions">
        {state.phase === 'review' && wrongChain === null && (
          <button type="button" className="button button--primary" onClick={() => void flow.confirm()}>
            {t('tx.confirm')}
          </button>
        )}
        <button type="button" className="button button--secondary" onClick={close} disabled={busy}>
          {state.phase === 'confirmed' || state.phase === 'failed' ? t('tx.close') : t('tx.cancel')}
        </button>
      </div>
    </dialog>
  );
}
