import { useState, type MouseEvent } from 'react';
import { usePartyLabel, usePartyNamer } from '../../../lib/address-book/usePartyNames';
import { shortHex } from '../../../lib/format/shortHex';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { downloadEvmExport } from '../../../lib/api/evm/historyExport';
import { ExportHistoryButton } from '../../../lib/export/ExportHistoryButton';
import { transactionPath } from '../../../lib/navigation/paths';
import { isoDateTime } from '../../../lib/preferences/dateTime';
import { useAmountFormatter, useDateTimeFormatter, usePreferences } from '../../../lib/preferences/usePreferences';
import { AmountText } from '../../../lib/ui/AmountText';
import { CopyButton } from '../../../lib/ui/CopyButton';
import { Icon } from '../../../lib/ui/icons';
import { CoverageNotice } from '../../../lib/ui/CoverageNotice';
import { QueryError } from '../../../lib/ui/QueryError';
import { useHistory, type TransactionRow } from '../api/history';
import { PoisonedRow } from './PoisonedRow';
import { TransactionLookup } from './TransactionLookup';
import {
  actionMessage,
  counterparty,
  explorerAddressUrl,
  explorerTransactionUrl,
  pageNumber,
  rowsPerPage,
  ROWS_PER_PAGE,
} from '../model/history';

interface HistoryCardProps {
  network: string;
  address: string;
  explorerUrl: string | null;
}

function Movements({ row }: { row: TransactionRow }) {
  const { t } = useTranslation();
  const format = useAmountFormatter();
  // A transfer to oneself moves its amounts from the account to the account: no sign.
  const outSign = row.actionName === 'selfTransfer' ? '↻' : '−';
  const values = [
    ...row.valuesOut.map((value) => ({ sign: outSign, ...value })),
    ...row.valuesIn.map((value) => ({ sign: '+', ...value })),
  ];
  const nfts = [...row.nftsOut.map((nft) => ({ sign: outSign, ...nft })), ...row.nftsIn.map((nft) => ({ sign: '+', ...nft }))];
  if (values.length === 0 && nfts.length === 0) return <span className="muted">—</span>;
  return (
    <ul className="evm-movements">
      {values.map((value, index) => (
        <li key={`v${index}`} className={value.sign === '+' ? 'evm-change--up' : undefined}>
          {value.sign} <AmountText amount={value.amount} symbol={value.symbol} />
          {value.fiatValue && <span className="muted"> ({format.fiat(value.fiatValue)})</span>}
        </li>
      ))}
      {nfts.map((nft, index) => (
        <li key={`n${index}`}>
          {nft.sign} {t('evm.history.nft', { quantity: format.token(nft.quantity), name: nft.tokenName ?? nft.collectionName ?? shortHex(nft.collectionAddress), id: nft.tokenId })}
        </li>
      ))}
    </ul>
  );
}

/** A click on a row opens its transaction, unless it was on a link or button of the row. */
function opensRow(event: MouseEvent<HTMLTableRowElement>): boolean {
  return !(event.target instanceof Element && event.target.closest('a, button, select, input') !== null);
}

/**
 * Spec §4 History: shaped rows, newest first, paged. Each row opens its transaction's
 * page (the hash is the keyboard's link to it), with the explorer beside it when the
 * network has one; a box opens any transaction by its hash.
 */
export function HistoryCard({ network, address, explorerUrl }: HistoryCardProps) {
  const { t } = useTranslation();
  const nameOf = usePartyLabel(network, 'evm');
  const nameParty = usePartyNamer(network, 'evm');
  const [{ fiatCurrency }] = usePreferences();
  const format = useAmountFormatter();
  const dateTime = useDateTimeFormatter();
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const limit = rowsPerPage(searchParams.get('rows'));
  const page = pageNumber(searchParams.get('page'));
  const history = useHistory({ network, address, fiat: fiatCurrency, offset: (page - 1) * limit, limit });
  // Rows marked as poisoning the user chose to see, by hash.
  const [shownPoisoned, setShownPoisoned] = useState<ReadonlySet<string>>(new Set());
  const showPoisoned = (id: string, shown: boolean) => {
    setShownPoisoned((before) => {
      const next = new Set(before);
      if (shown) next.add(id);
      else next.delete(id);
      return next;
    });
  };

  const goTo = (change: { page?: number; rows?: number }) => {
    const next = new URLSearchParams(searchParams);
    next.set('page', String(change.page ?? page));
    if (change.rows !== undefined) next.set('rows', String(change.rows));
    setSearchParams(next);
  };

  return (
    <section className="card evm-card" aria-labelledby="evm-history-title" aria-busy={history.isFetching}>
      <header className="card__header">
        <h2 id="evm-history-title" className="card__title">
          {t('evm.history.title')}
        </h2>
        <div className="evm-history__tools">
          <ExportHistoryButton
            note={t('historyExport.fiat_note')}
            nameParty={nameParty}
            start={(range, onProgress, signal) => downloadEvmExport({ network, address, fiat: fiatCurrency, range }, onProgress, signal)}
          />
          <label className="evm-rows-per-page">
            {t('evm.history.rows_per_page')}{' '}
            <select value={limit} onChange={(event) => { goTo({ page: 1, rows: Number(event.target.value) }); }}>
              {ROWS_PER_PAGE.map((rows) => (
                <option key={rows} value={rows}>{rows}</option>
              ))}
            </select>
          </label>
        </div>
      </header>

      <TransactionLookup />

      <CoverageNotice coverage={history.data?.coverage} lag={history.data?.indexLag} subject="history" />

      {history.isPending && (
        <p className="state" role="status">
          <span className="spinner" aria-hidden="true" />
          {t('evm.history.loading')}
        </p>
      )}
      {history.isError && <QueryError failed={t('evm.history.failed')} error={history.error} onRetry={() => void history.refetch()} />}
      {history.data?.transactions.length === 0 && <p className="muted">{t('evm.history.empty')}</p>}

      {history.data && history.data.transactions.length > 0 && (
        <table className="evm-table evm-history">
          <thead>
            <tr>
              <th scope="col">{t('evm.history.action')}</th>
              <th scope="col">{t('evm.history.counterparty')}</th>
              <th scope="col">{t('evm.history.values')}</th>
              <th scope="col" className="evm-num">{t('evm.history.gas')}</th>
            </tr>
          </thead>
          <tbody>
            {history.data.transactions.map((row) => {
              if (row.poisoning != null && !shownPoisoned.has(row.id)) {
                return <PoisonedRow key={row.id} row={row} nameOf={(party) => nameParty(party) ?? party} onShow={() => { showPoisoned(row.id, true); }} />;
              }
              const other = counterparty(row);
              const action = actionMessage(row.action, (amount) => format.exact(amount), (party) => nameOf(party));
              const txUrl = explorerTransactionUrl(explorerUrl, row.id);
              const otherUrl = other.address === null ? null : explorerAddressUrl(explorerUrl, other.address);
              const otherLabel = other.address === null ? '' : nameOf(other.address, other.name);
              return (
                <tr
                  key={row.id}
                  data-testid="evm-history-row"
                  data-hash={row.id}
                  data-poisoning={row.poisoning?.reason}
                  className={row.failed ? 'evm-history__failed' : row.poisoning != null ? 'evm-history__poisoned-open' : undefined}
                  onClick={(event) => {
                    if (opensRow(event)) void navigate(transactionPath(row.id));
                  }}
                >
                  <th scope="row" className="evm-history__action">
                    <span className="evm-token__symbol">{'text' in action ? action.text : t(action.key, action.values ?? {})}</span>
                    {row.failed && <span className="badge evm-badge--failed">{t('evm.history.failed_marker')}</span>}
                    {row.poisoning != null && (
                      <>
                        <span className="badge evm-badge--poisoned">{t('evm.history.poison_title')}</span>
                        <button type="button" className="button button--ghost button--small" onClick={() => { showPoisoned(row.id, false); }}>
                          {t('evm.history.poison_hide')}
                        </button>
                      </>
                    )}
                    {row.liveApproval != null && (
                      <Link className="button button--secondary button--small evm-history__revoke"
                        to={`/evm/allowances?${new URLSearchParams({ revoke: row.liveApproval.id }).toString()}`}
                        aria-label={t('evm.history.revoke_label', { hash: shortHex(row.id) })}>
                        {t('evm.history.revoke')}
                      </Link>
                    )}
                    <span className="evm-token__name">
                      <time dateTime={isoDateTime(row.epoch)}>{dateTime(row.epoch)}</time>
                      {' · '}
                      <Link to={transactionPath(row.id)} title={row.id} aria-label={`${t('evm.history.open_row')} ${row.id}`}>
                        {shortHex(row.id)}
                      </Link>
                      <CopyButton text={row.id} what="hash" />
                      {txUrl !== null && (
                        <a href={txUrl} target="_blank" rel="noreferrer" className="evm-history__explorer" aria-label={t('evm.tx.explorer')} title={t('evm.tx.explorer')}>
                          <Icon name="external" size={14} />
                        </a>
                      )}
                    </span>
                  </th>
                  {/* No phone label: the cell says its own direction (To, From, With). */}
                  <td>
                    <span>
                      {other.direction === 'created' && other.address === null ? (
                        t('evm.history.created')
                      ) : (
                        <>
                          {t(`evm.history.direction_${other.direction}`)}{' '}
                          {otherUrl === null ? (
                            <span title={other.address ?? undefined}>{otherLabel}</span>
                          ) : (
                            <a href={otherUrl} target="_blank" rel="noreferrer" title={other.address ?? undefined}>{otherLabel}</a>
                          )}
                          {other.address !== null && <CopyButton text={other.address} what="address" />}
                        </>
                      )}
                    </span>
                  </td>
                  <td data-label={t('evm.history.values')}>
                    <Movements row={row} />
                  </td>
                  <td className="evm-num" data-label={t('evm.history.gas')}>
                    {row.gasUsed == null ? (
                      <span className="muted" title={t('evm.history.no_fee')}>—</span>
                    ) : (
                      <span>
                        <AmountText amount={row.gasUsed} kind="gas" symbol="TLOS" />
                        {row.gasFiatValue && <span className="muted"> ({format.fiat(row.gasFiatValue)})</span>}
                      </span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}

      {history.data && (page > 1 || history.data.more) && (
        <nav className="evm-paging" aria-label={t('evm.history.paging')}>
          <button type="button" className="button button--secondary button--small" disabled={page <= 1} onClick={() => { goTo({ page: page - 1 }); }}>
            {t('evm.history.previous')}
          </button>
          <span>{t('evm.history.page', { page })}</span>
          <button type="button" className="button button--secondary button--small" disabled={!history.data.more} onClick={() => { goTo({ page: page + 1 }); }}>
            {t('evm.history.next')}
          </button>
        </nav>
      )}
    </section>
  );
}
