import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useEvmBalances, type BalanceRow } from '../../../lib/api/evm/balances';
import { outOfSyncNotice, useEvmStatus } from '../../../lib/api/evm/status';
import { EVM_DEV_WALLET_ID } from '../../../lib/evm-wallet/devWallet';
import { useEvmScreen } from '../../../lib/evm-screen/evmScreen';
import { AddToWalletButton } from './AddToWalletButton';
import { usePreferences, useAmountFormatter } from '../../../lib/preferences/usePreferences';
import { AmountText } from '../../../lib/ui/AmountText';
import { shownFiatTotal } from '../../../lib/amount/shownTotal';
import { CoverageNotice } from '../../../lib/ui/CoverageNotice';
import { QueryError } from '../../../lib/ui/QueryError';
import { readTokenChoices, saveTokenChoice, splitSpam, type TokenChoice } from '../../../lib/spam/tokenChoices';
import { browserStorage } from '../../../lib/storage';

const SKELETON_ROWS = 4;

/** Tokens hidden as spam: how many, and on request which and why, each with a way back. */
function HiddenTokens({ rows, choices, onChoose }: { rows: readonly BalanceRow[]; choices: Readonly<Record<string, TokenChoice>>; onChoose: (id: string, choice: TokenChoice | null) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (rows.length === 0) return null;
  return (
    <div className="evm-hidden" data-testid="hidden-tokens">
      <p>
        <span>{t('evm.balances.hidden', { count: rows.length })}</span>{' '}
        <button type="button" className="button button--ghost button--small" aria-expanded={open} onClick={() => { setOpen(!open); }}>
          {open ? t('evm.balances.hide_hidden') : t('evm.balances.show_hidden')}
        </button>
      </p>
      {open && (
        <>
          <p className="muted">{t('evm.balances.hidden_lead')}</p>
          <ul className="evm-hidden__list">
            {rows.map((row) => {
              const reasons = choices[row.token.id] === 'spam' ? ['user'] : row.spam.reasons;
              return (
                <li key={row.token.id} data-token={row.token.symbol}>
                  <span className="evm-token__symbol">{row.token.symbol}</span>{' '}
                  <span className="muted">{reasons.map((reason) => t(`evm.balances.reason_${reason}` as never, { defaultValue: reason })).join('; ')}</span>{' '}
                  <button type="button" className="button button--ghost button--small"
                    onClick={() => { onChoose(row.token.id, row.spam.likely ? 'not_spam' : null); }}>{t('evm.balances.mark_not_spam')}</button>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </div>
  );
}

function TokenLogo({ row }: { row: BalanceRow }) {
  const { logo, symbol } = row.token;
  return logo ? (
    <img className="evm-token__logo" src={logo} alt="" width={32} height={32} loading="lazy" />
  ) : (
    <span className="evm-token__logo evm-token__logo--letter" aria-hidden="true">
      {symbol.slice(0, 1)}
    </span>
  );
}

/** Spec §4 Balances: every token with its exact amount, price and fiat value, refreshed every 10 s. */
/** `sendable`: the account's own wallet is in use (not a read-only view), so each token row links to Send. */
/** `samplePrices`: the network is the local devnet, whose prices are recorded sample figures, not a market's. */
export function BalancesCard({ network, address, sendable, samplePrices = false }: { network: string; address: string; sendable: boolean; samplePrices?: boolean }) {
  const { t } = useTranslation();
  const [{ fiatCurrency }] = usePreferences();
  const format = useAmountFormatter();
  const balances = useEvmBalances(network, address, fiatCurrency);
  const [choices, setChoices] = useState(() => readTokenChoices(browserStorage(), network));
  const choose = (id: string, choice: TokenChoice | null) => { setChoices(saveTokenChoice(browserStorage(), network, id, choice)); };
  const { shown, hidden } = splitSpam(balances.data?.balances ?? [], (row) => row.token.id, (row) => row.spam, choices);
  const status = useEvmStatus(network);
  const notice = outOfSyncNotice(status.data);
  // The development wallet keeps no token list: it has nothing to add a token to.
  const { connection } = useEvmScreen();
  const watching = connection !== null && connection.walletId !== EVM_DEV_WALLET_ID ? connection.provider : null;

  return (
    <section className="card evm-card" aria-labelledby="evm-balances-title" aria-busy={balances.isFetching}>
      <header className="card__header">
        <h2 id="evm-balances-title" className="card__title">
          {t('evm.balances.title')}
        </h2>
        {/* Held unseen until the balances arrive, so the card's content does not move down then. */}
        <p className={balances.data ? 'evm-total' : 'evm-total evm-total--pending'} aria-hidden={balances.data ? undefined : true}>
          <span className="evm-total__label">{t('evm.balances.total')}</span>
          <span className="evm-total__value">{balances.data ? format.fiat(shownFiatTotal(shown.map((row) => row.fiatValue?.value))) : '\u2014'}</span>
        </p>
      </header>

      {samplePrices && (
        <p className="evm-sample" role="note">
          <strong className="badge">{t('evm.sample.badge')}</strong> {t('evm.sample.prices')}
        </p>
      )}

      {notice !== null && (
        <p className="evm-warning" role="status" data-testid="out-of-sync">
          {t(`evm.balances.out_of_sync_${notice}`, { source: status.data?.source.primaryName })}
        </p>
      )}

      <CoverageNotice coverage={balances.data?.coverage} lag={balances.data?.indexLag} subject="balances" />

      {balances.isPending && (
        <div role="status" aria-label={t('evm.balances.loading')}>
          <ul className="evm-rows" aria-hidden="true">
            {Array.from({ length: SKELETON_ROWS }, (_, index) => (
              <li key={index} className="evm-row evm-row--skeleton">
                <span className="evm-token__logo skeleton" />
                <span className="skeleton skeleton--text" />
                <span className="skeleton skeleton--text" />
              </li>
            ))}
          </ul>
        </div>
      )}

      {balances.isError && !balances.data && (
        <QueryError failed={t('evm.balances.failed')} error={balances.error} onRetry={() => void balances.refetch()} />
      )}

      {balances.data?.balances.length === 0 && <p className="muted">{t('evm.balances.empty')}</p>}

      {balances.data && balances.data.balances.length > 0 && (
        <table className="evm-table evm-balances">
          <thead>
            <tr>
              <th scope="col">{t('evm.balances.token')}</th>
              <th scope="col" className="evm-num">{t('evm.balances.amount')}</th>
              <th scope="col" className="evm-num">{t('evm.balances.price')}</th>
              <th scope="col" className="evm-num">{t('evm.balances.value')}</th>
              {sendable && (
                <th scope="col" className="evm-actions">
                  <span className="visually-hidden">{t('evm.balances.actions')}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={row.token.id}>
                <th scope="row" className="evm-token">
                  <TokenLogo row={row} />
                  <span className="evm-token__text">
                    <span className="evm-token__symbol">{row.token.symbol}</span>
                    <span className="evm-token__name">{row.token.name}</span>
                    {!row.token.isSystem && (
                      <button type="button" className="link-button evm-token__hide" onClick={() => { choose(row.token.id, row.spam.likely ? null : 'spam'); }}>
                        {t('evm.balances.mark_spam')}
                      </button>
                    )}
                  </span>
                </th>
                <td className="evm-num evm-balances__amount" data-label={t('evm.balances.amount')}>
                  <AmountText amount={row.amount.value} />
                </td>
                {/* On a phone the price is the row's third, smaller line, named there (evm-wallet.css). */}
                <td className={row.priceAvailable ? 'evm-num evm-balances__price' : 'evm-num evm-balances__price evm-balances__price--none'} data-label={t('evm.balances.price')}>
                  {row.priceAvailable ? format.price(row.price) : t('evm.balances.no_price')}
                </td>
                <td className="evm-num evm-balances__value" data-label={t('evm.balances.value')}>
                  {row.fiatValue ? format.fiat(row.fiatValue.value) : '—'}
                </td>
                {sendable && (
                  <td className="evm-actions evm-balances__actions">
                    {(row.token.type === 'native' || row.token.type === 'erc20') && (
                      <Link
                        to={`/evm/send?token=${encodeURIComponent(row.token.symbol)}`}
                        className="button button--secondary button--small"
                        aria-label={t('evm.send.open_token', { symbol: row.token.symbol })}
                      >
                        {t('evm.send.open')}
                      </Link>
                    )}
                    {watching !== null && row.token.type === 'erc20' && typeof row.token.address === 'string' && (
                      <AddToWalletButton
                        provider={watching}
                        token={{ address: row.token.address, symbol: row.token.symbol, decimals: row.token.decimals, logo: row.token.logo ?? null }}
                      />
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <HiddenTokens rows={hidden} choices={choices} onChoose={choose} />

      {balances.isError && balances.data !== undefined && (
        <QueryError failed={t('evm.balances.failed')} error={balances.error} onRetry={() => void balances.refetch()} />
      )}
      {/* Its line is held while the status loads, so nothing below the card moves then. */}
      <p className="muted evm-source">{status.data ? t('evm.balances.source', { source: status.data.source.inUseName }) : '\u00a0'}</p>
    </section>
  );
}
