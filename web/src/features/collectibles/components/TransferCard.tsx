import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RecipientAssist } from '../../../lib/address-book/RecipientAssist';
import { recordRecentRecipient } from '../../../lib/address-book/useAddressBook';
import { useEvmPoisoningSigns, useEvmSentBefore } from '../../../lib/address-book/useSentBefore';
import { TransactionReview } from '../../../lib/evm-wallet/TransactionReview';
import { useEvmScreen } from '../../../lib/evm-screen/evmScreen';
import { useTransactionFlow } from '../../../lib/evm-wallet/useTransactionFlow';
import type { NetworkSummary } from '../../../lib/networks/api/networks';
import type { Message } from '../../../lib/notify/toastStore';
import { useAmountFormatter } from '../../../lib/preferences/usePreferences';
import type { NftDetails } from '../api/collectiblesApi';
import { heldBy } from '../model/details';
import { checkRecipient, checkTransfer, transferAccess, withoutError, type CheckedTransfer, type TransferErrors } from '../model/transfer';
import { CopyButton } from '../../../lib/ui/CopyButton';

interface TransferCardProps {
  readonly nft: NftDetails;
  readonly network: Pick<NetworkSummary, 'name' | 'explorerUrl' | 'displayName'>;
  /** After the receipt: refresh the owners (3 s later, spec §4). */
  readonly onTransferred: () => void;
}

/**
 * Transfer of an ERC-721, or of a quantity of an ERC-1155, to an address the user
 * types (spec §4, §5): checked here, prepared by the server, reviewed, signed in
 * the wallet. Read-only sessions and visitors are told how to get there instead.
 */
export function TransferCard({ nft, network, onTransferred }: TransferCardProps) {
  const { t } = useTranslation();
  const format = useAmountFormatter();
  const wallet = useEvmScreen();
  const held = heldBy(nft, wallet.account);
  const access = transferAccess(held, wallet);
  const ids = { title: useId(), recipient: useId(), quantity: useId(), book: useId() };
  const [input, setInput] = useState({ recipient: '', quantity: '1' });
  const [errors, setErrors] = useState<TransferErrors>({});
  const [sending, setSending] = useState<CheckedTransfer | null>(null);
  const sentBefore = useEvmSentBefore(network.name, wallet.account, input.recipient);
  const poisoning = useEvmPoisoningSigns(network.name, wallet.account, input.recipient);
  const flow = useTransactionFlow({
    network,
    failureKey: 'collectibles.error_transfer_nft',
    successMessage: { key: 'collectibles.transfer.sent', values: { name: nft.name, to: sending?.to ?? '' } },
    onConfirmed: () => {
      if (sending !== null) recordRecentRecipient(network.name, 'evm', sending.to);
      setInput({ recipient: '', quantity: '1' });
      onTransferred();
    },
  });
  const messageText = (message: Message) => ('text' in message ? message.text : t(message.key, message.values ?? {}));

  const reviewDialog = (
    <TransactionReview flow={flow} explorerUrl={network.explorerUrl} onClose={() => { setSending(null); }}>
      {sending !== null && (
        <dl className="tx-dialog__facts">
          <div>
            <dt>{t('collectibles.transfer.fact_item')}</dt>
            <dd>
              {nft.name} · {nft.contractPrettyName ?? nft.contractAddress} #{nft.tokenId}
            </dd>
          </div>
          <div>
            <dt>{t('collectibles.transfer.fact_recipient')}</dt>
            <dd>
              <code className="address" data-testid="nft-transfer-recipient">{sending.to}</code> <CopyButton text={sending.to} what="address" />
            </dd>
          </div>
          {sending.quantity !== null && (
            <div>
              <dt>{t('collectibles.transfer.fact_quantity')}</dt>
              <dd>{format.exact(sending.quantity)}</dd>
            </div>
          )}
        </dl>
      )}
    </TransactionReview>
  );

  if (access.kind !== 'form') {
    return (
      <section className="card nft-transfer" aria-labelledby={ids.title}>
        <h2 id={ids.title} className="card__title">
          {access.kind === 'connect' ? t('collectibles.transfer.connect') : t('collectibles.transfer.title')}
        </h2>
        {access.kind === 'connect' ? (
          <>
            <p className="muted">
              {t(access.reason === 'anonymous' ? 'collectibles.transfer.connect_detail' : access.reason === 'viewer' ? 'collectibles.transfer.viewer_detail' : 'collectibles.transfer.reconnect_detail')}
            </p>
            <Link to="/" className="button button--primary button--small">
              {t('collectibles.transfer.connect_link')}
            </Link>
          </>
        ) : (
          <p className="muted">{t('collectibles.transfer.not_owner', { account: access.account })}</p>
        )}
        {reviewDialog}
      </section>
    );
  }

  const from = wallet.account ?? '';
  const isErc1155 = nft.nftInterface === 'erc1155';
  const heldText = format.exact(access.held.toString());
  const recipientCheck = input.recipient.trim() === '' ? null : checkRecipient(input.recipient, from);
  const lowercaseWarning = recipientCheck?.ok === true && recipientCheck.warning !== null ? recipientCheck.warning : null;

  const review = (event: SyntheticEvent) => {
    event.preventDefault();
    const checked = checkTransfer(input, { standard: nft.nftInterface, from, held: access.held });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setSending(checked.value);
    void flow.prepare({
      kind: 'nftTransfer',
      from,
      contract: nft.contractAddress,
      tokenId: nft.tokenId,
      to: checked.value.to,
      ...(checked.value.quantity === null ? {} : { quantity: checked.value.quantity }),
    });
  };

  const fieldError = (field: 'recipient' | 'quantity') => {
    const error = errors[field];
    return error === undefined ? null : (
      <p id={`${ids[field]}-error`} className="nft-field__error" role="alert">
        {messageText(error)}
      </p>
    );
  };

  return (
    <section className="card nft-transfer" aria-labelledby={ids.title}>
      <h2 id={ids.title} className="card__title">
        {t('collectibles.transfer.title')}
      </h2>
      <p className="muted">{isErc1155 ? t('collectibles.transfer.lead_1155', { held: heldText }) : t('collectibles.transfer.lead_721')}</p>
      <form className="nft-form" onSubmit={review} noValidate>
        <div className="nft-field">
          <label htmlFor={ids.recipient}>{t('collectibles.transfer.recipient')}</label>
          <input className="input"
            id={ids.recipient}
            list={ids.book}
            value={input.recipient}
            placeholder={t('collectibles.transfer.recipient_placeholder')}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={errors.recipient !== undefined}
            aria-describedby={`${ids.recipient}-error ${ids.recipient}-warning`}
            onChange={(event) => {
              setInput({ ...input, recipient: event.target.value });
              setErrors((current) => withoutError(current, 'recipient'));
            }}
          />
          {fieldError('recipient')}
          {lowercaseWarning !== null && errors.recipient === undefined && (
            <p id={`${ids.recipient}-warning`} className="nft-field__warning">
              {t(lowercaseWarning)}
            </p>
          )}
          <RecipientAssist network={network.name} networkName={network.displayName} kind="evm" value={input.recipient} listId={ids.book}
            own={wallet.account} chainHistory={sentBefore} poisoning={poisoning} onPick={(address) => { setInput({ ...input, recipient: address }); setErrors((current) => withoutError(current, 'recipient')); }} />
        </div>
        {isErc1155 && (
          <div className="nft-field">
            <label htmlFor={ids.quantity}>{t('collectibles.transfer.quantity')}</label>
            <div className="nft-field__row">
              <input className="input"
                id={ids.quantity}
                value={input.quantity}
                inputMode="numeric"
                autoComplete="off"
                aria-invalid={errors.quantity !== undefined}
                aria-describedby={`${ids.quantity}-error ${ids.quantity}-hint`}
                onChange={(event) => {
                  setInput({ ...input, quantity: event.target.value });
                  setErrors((current) => withoutError(current, 'quantity'));
                }}
              />
              <button type="button" className="button button--secondary button--small" onClick={() => { setInput({ ...input, quantity: access.held.toString() }); }}>
                {t('collectibles.transfer.max')}
              </button>
            </div>
            <p id={`${ids.quantity}-hint`} className="muted nft-field__note">
              {t('collectibles.transfer.quantity_hint', { held: heldText })}
            </p>
            {fieldError('quantity')}
          </div>
        )}
        <div className="button-row">
          <button type="submit" className="button button--primary" disabled={flow.state.phase !== 'idle'}>
            {t('collectibles.transfer.review')}
          </button>
        </div>
      </form>
      {reviewDialog}
    </section>
  );
}
