import { useTranslation } from 'react-i18next';
import { LoadingState } from '../../../lib/ui/LoadingState';
import { Link, useParams } from 'react-router';
import { usePartyNamer } from '../../../lib/address-book/usePartyNames';
import { ApiError } from '../../../lib/api/client';
import { useEvmScreen } from '../../../lib/evm-screen/evmScreen';
import { registerEvmTexts } from '../../../lib/i18n/evm';
import type { NetworkSummary } from '../../../lib/networks/api/networks';
import { isoDateTime } from '../../../lib/preferences/dateTime';
import { useAmountFormatter, useDateTimeFormatter, usePreferences } from '../../../lib/preferences/usePreferences';
import { AmountText } from '../../../lib/ui/AmountText';
import { LongId } from '../../../lib/ui/CopyButton';
import { Icon } from '../../../lib/ui/icons';
import { QueryError } from '../../../lib/ui/QueryError';
import { useTransactionDetail, type TransactionDetail } from '../api/transaction';
import { explorerTransactionUrl } from '../model/history';
import { poisoningMessage } from '../model/poisoning';
import { detailTitle, lookupHash } from '../model/transactionDetail';
import { FunctionCard, MovementsCard, PartyText } from './TransactionParts';
import { TransactionLookup } from './TransactionLookup';
import './evm-wallet.css';
import './transaction.css';

registerEvmTexts();

function Facts({ detail, account }: { detail: TransactionDetail; account: string | null }) {
  const { t } = useTranslation();
  const format = useAmountFormatter();
  const dateTime = useDateTimeFormatter();
  const fee = detail.fee ?? null;
  return (
    <dl className="evm-facts">
      <div>
        <dt>{t('evm.tx.status')}</dt>
        <dd>
          <span className={`badge evm-status evm-status--${detail.status}`}>{t(`evm.tx.status_${detail.status}`)}</span>
        </dd>
      </div>
      <div>
        <dt>{t('evm.tx.hash')}</dt>
        <dd>
          <LongId value={detail.hash} what="hash" />
        </dd>
      </div>
      {detail.blockNumber != null && (
        <div>
          <dt>{t('evm.tx.block')}</dt>
          <dd>{format.exact(String(detail.blockNumber))}</dd>
        </div>
      )}
      {detail.epoch != null && (
        <div>
          <dt>{t('evm.tx.time')}</dt>
          <dd>
            <time dateTime={isoDateTime(detail.epoch)}>{dateTime(detail.epoch)}</time>
          </dd>
        </div>
      )}
      <div>
        <dt>{t('evm.tx.from')}</dt>
        <dd>
          <PartyText party={detail.from} account={account} />
        </dd>
      </div>
      {detail.to ? (
        <div>
          <dt>{t('evm.tx.to')}</dt>
          <dd>
            <PartyText party={detail.to} account={account} />
          </dd>
        </div>
      ) : (
        detail.createdContract && (
          <div>
            <dt>{t('evm.tx.created')}</dt>
            <dd>
              <PartyText party={detail.createdContract} account={account} />
            </dd>
          </div>
        )
      )}
      <div>
        <dt>{t('evm.tx.value')}</dt>
        <dd>
          <AmountText amount={detail.value.amount} symbol={detail.value.symbol} />
          {detail.value.fiatValue && detail.value.amount !== '0' && <span className="muted"> ({format.fiat(detail.value.fiatValue)})</span>}
        </dd>
      </div>
      {fee !== null && (
        <div>
          <dt>{t('evm.tx.fee')}</dt>
          <dd>
            <AmountText amount={fee.amount} kind="gas" symbol={fee.symbol} />
            {fee.fiatValue && <span className="muted"> ({format.fiat(fee.fiatValue)})</span>}{' '}
            <span className="muted">{t('evm.tx.fee_paid_by')}</span> <PartyText party={{ address: fee.paidBy }} account={account} />
          </dd>
        </div>
      )}
    </dl>
  );
}

function TitleText({ detail }: { detail: TransactionDetail }) {
  const { t } = useTranslation();
  const title = detailTitle(detail);
  switch (title.kind) {
    case 'function':
      return <code>{title.name}</code>;
    case 'transfer':
      return <>{t('evm.tx.title_transfer')}</>;
    case 'contractCreation':
      return <>{t('evm.tx.title_contract_creation')}</>;
    case 'unknownFunction':
      return <>{t('evm.tx.title_unknown_function', { selector: title.selector })}</>;
  }
}

/** What a transaction marked as address poisoning of the account is, and that nothing was taken. */
function PoisoningNote({ detail, network }: { detail: TransactionDetail; network: string }) {
  const { t } = useTranslation();
  const nameOf = usePartyNamer(network, 'evm');
  // The whole address: a shortened one is exactly what the look-alike imitates.
  const message = poisoningMessage(detail.poisoning ?? null, (address) => nameOf(address) ?? address);
  if (message === null) return null;
  return (
    <p className="state state--error" role="note" data-testid="evm-tx-poisoning">
      <strong>{t('evm.history.poison_title')}.</strong> {t(message.key, message.values)}
    </p>
  );
}

function Body({ detail, network, account }: { detail: TransactionDetail; network: NetworkSummary; account: string | null }) {
  const { t } = useTranslation();
  const explorer = explorerTransactionUrl(network.explorerUrl, detail.hash);
  return (
    <div className="evm-tx">
      <section className="card evm-card" aria-labelledby="evm-tx-summary">
        <h2 id="evm-tx-summary" className="card__title evm-tx__title">
          <TitleText detail={detail} />
        </h2>
        {detail.status === 'failed' && (
          <p className="state state--error" role="note">
            {t('evm.tx.failed_note')}
          </p>
        )}
        {detail.status === 'pending' && (
          <LoadingState text={t('evm.tx.pending_note')} />
        )}
        <PoisoningNote detail={detail} network={network.name} />
        <Facts detail={detail} account={account} />
        {explorer !== null && (
          <p>
            <a href={explorer} target="_blank" rel="noreferrer">
              {t('evm.tx.explorer')} <Icon name="external" size={14} />
            </a>
          </p>
        )}
      </section>
      <MovementsCard detail={detail} account={account} />
      <FunctionCard detail={detail} />
    </div>
  );
}

/** /evm/tx/:hash: one transaction of the chosen EVM network, for anyone (public chain data). */
export function TransactionPage() {
  const { t } = useTranslation();
  const { hash = '' } = useParams();
  const { account, network } = useEvmScreen();
  const [{ fiatCurrency }] = usePreferences();
  const checked = lookupHash(hash);
  const detail = useTransactionDetail({ network: network.name, hash: checked.ok ? checked.value : hash, fiat: fiatCurrency, account }, checked.ok);
  const notFound = detail.error instanceof ApiError && detail.error.status === 404;

  let body;
  if (!checked.ok) {
    body = (
      <p className="state" role="alert">
        {t('evm.tx.malformed')} {t('validation.invalid_hash')}
      </p>
    );
  } else if (detail.data) {
    body = <Body detail={detail.data} network={network} account={account} />;
  } else if (notFound) {
    body = (
      <p className="state" role="alert">
        {t('evm.tx.not_found', { network: network.displayName })}
      </p>
    );
  } else if (detail.isError) {
    body = <QueryError failed={t('evm.tx.failed')} error={detail.error} onRetry={() => void detail.refetch()} />;
  } else {
    body = <LoadingState text={t('evm.tx.loading')} />;
  }

  return (
    <>
      {account !== null && (
        <p>
          <Link to="/evm/wallet?tab=history">{t('evm.tx.back')}</Link>
        </p>
      )}
      {body}
      <section className="card evm-card">
        <TransactionLookup />
      </section>
    </>
  );
}
