import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shownFiatTotal } from '../../../lib/amount/shownTotal';
import { useAmountFormatter, useDateTimeFormatter, usePreferences } from '../../../lib/preferences/usePreferences';
import { useNativeAccount, type LimitView, type NativeAccount } from '../api/account';
import { sendable, useNativeBalances, type NativeBalanceRow, type SendableToken } from '../api/balances';
import type { AssetView } from '../api/nativeApi';
import { useNativeRex } from '../api/rex';
import { useRexYield } from '../api/rexYield';
import { MeasuredYield } from '../../../lib/staking-yield/MeasuredYield';
import { chainTime } from '../model/explorer';
import { resourceUsage, type HumanQuantity, type ResourceKind } from '../model/resourceUsage';
import { QueryState } from './QueryState';
import { useExactAsset } from './useExactAsset';


/** The token's logo from the list, or its first letter. */
function TokenLogo({ row }: { row: NativeBalanceRow }) {
  const [failed, setFailed] = useState(false);
  if (row.logo == null || failed) {
    return <span className="zero-token__logo zero-token__logo--letter" aria-hidden="true">{row.symbol.slice(0, 1)}</span>;
  }
  return <img className="zero-token__logo" src={row.logo} alt="" width={28} height={28} loading="lazy" onError={() => { setFailed(true); }} />;
}

interface TokensCardProps {
  network: string;
  account: string;
  /** The devnet's prices are recorded sample figures: say so. */
  samplePrices: boolean;
  onSend: ((token: SendableToken) => void) | null;
}

export function TokensCard({ network, account, samplePrices, onSend }: TokensCardProps) {
  const { t } = useTranslation();
  const [{ fiatCurrency }] = usePreferences();
  const format = useAmountFormatter();
  const balances = useNativeBalances(network, account, fiatCurrency);
  const exact = useExactAsset();
  // Priced rows added up as shown, so the total is the sum a reader makes of them.
  const total = balances.data?.totalFiatValue == null ? null : shownFiatTotal(balances.data.balances.map((row) => row.fiatValue));
  return (
    <section className="card zero-card zero-card--wide" aria-labelledby="zero-tokens-title">
      <header className="zero-card__header">
        <h2 id="zero-tokens-title" className="zero-card__title">{t('zero.balance.tokens')}</h2>
        {total != null && (
          <p className="zero-total">
            <span className="zero-muted">{t('zero.balance.total')}</span>
            <span className="zero-total__value" data-testid="native-total">{format.fiat(total)}</span>
          </p>
        )}
      </header>
      {samplePrices && balances.data?.pricesAvailable === true && (
        <p className="zero-muted" role="note"><strong className="badge">{t('zero.balance.sample_badge')}</strong> {t('zero.balance.sample_prices')}</p>
      )}
      <QueryState query={balances} loading={t('zero.balance.loading_tokens')} failed={t('zero.balance.failed_tokens')}>
        {(data) => (
          <>
            {!data.tokensComplete && <p className="zero-muted">{t('zero.balance.tokens_incomplete')}</p>}
            <table className="zero-table zero-tokens">
              <thead>
                <tr>
                  <th scope="col">{t('zero.balance.token')}</th>
                  <th scope="col" className="zero-num">{t('zero.balance.amount')}</th>
                  <th scope="col" className="zero-num">{t('zero.balance.fiat')}</th>
                  {onSend !== null && <th scope="col"><span className="visually-hidden">{t('zero.balance.actions')}</span></th>}
                </tr>
              </thead>
              <tbody>
                {data.balances.map((row) => {
                  const token = sendable(row);
                  return (
                    <tr key={`${row.contract}:${row.symbol}`} data-token={row.symbol}>
                      <th scope="row">
                        <span className="zero-token">
                          <TokenLogo row={row} />
                          <span>
                            <span className="zero-token__symbol">{row.symbol}</span>
                            <span className="zero-token__contract">
                              {row.name === row.symbol ? row.contract : `${row.name} · ${row.contract}`}
                            </span>
                            {!row.listed && !row.supported && (
                              <span className="zero-token__badge" title={t('zero.balance.unlisted_hint')}>{t('zero.balance.unlisted')}</span>
                            )}
                          </span>
                        </span>
                      </th>
                      <td className="zero-num zero-mono zero-tokens__amount">
                        {row.balance == null ? <span className="zero-muted" data-testid="unread">{t('zero.balance.unread')}</span> : (
                          // On a phone the symbol is read from the row's start (zero.css), so the number has room.
                          <span className="amount">
                            {exact(row.balance, false)}
                            <span className="zero-tokens__unit"> {row.balance.symbol}</span>
                          </span>
                        )}
                      </td>
                      <td className="zero-num zero-muted zero-tokens__fiat">
                        {row.fiatValue != null ? <span className="zero-fiat">{format.fiat(row.fiatValue)}</span> : data.pricesAvailable ? t('zero.balance.no_price') : t('zero.balance.fiat_unavailable')}
                      </td>
                      {onSend !== null && (
                        <td className="zero-num zero-tokens__actions">
                          {token !== null && (
                            <button type="button" className="button button--secondary button--small" onClick={() => { onSend(token); }}
                              aria-label={t('zero.transfer.send_token', { symbol: row.symbol })}>
                              {t('zero.transfer.send')}
                            </button>
                          )}
                        </td>
                      )}
                    </tr>
                  );
                })}
              </tbody>
            </table>
            {!data.pricesAvailable && <p className="zero-muted">{t('zero.balance.prices_unavailable')}</p>}
          </>
        )}
      </QueryState>
    </section>
  );
}

export function Usage({ kind, label, used, max }: { kind: ResourceKind; label: string; used: number | null; max: number | null }) {
  const { t } = useTranslation();
  const usage = resourceUsage(kind, used, max);
  if (usage.state !== 'used') {
    return (
      <div className="zero-usage" data-testid={`usage-${kind}`}>
        <span>{label}</span>
        <span className="zero-muted">{usage.state === 'none' ? t(`zero.resources.none_${kind}`) : t('zero.resources.unlimited')}</span>
      </div>
    );
  }
  const quantity = (q: HumanQuantity) => t(`zero.resources.unit_${q.unit}`, { value: q.value });
  const exactUnit = kind === 'cpu' ? t('zero.resources.microseconds') : t('zero.resources.bytes');
  const exact = t('zero.resources.used_of', { used: usage.exactUsed.toLocaleString(), max: usage.exactMax.toLocaleString(), unit: exactUnit });
  return (
    <div className="zero-usage" data-testid={`usage-${kind}`}>
      <span>{label}</span>
      <span className="zero-muted" title={exact}>{t('zero.resources.used_of_human', { used: quantity(usage.used), max: quantity(usage.max) })}</span>
      <meter className="zero-usage__meter" min={0} max={100} value={usage.percent} aria-label={t('zero.resources.percent_used', { label, percent: usage.percent })} />
    </div>
  );
}

export function limitUsage(limit: LimitView) {
  return { used: limit.used ?? null, max: limit.max ?? null };
}

function ResourceRows({ data }: { data: NativeAccount }) {
  const { t } = useTranslation();
  const dateTime = useDateTimeFormatter();
  const exact = useExactAsset();
  const rows: [string, AssetView | null | undefined][] = [
    [t('zero.resources.liquid'), data.liquid],
    [t('zero.resources.staked_cpu'), data.stakedCpu],
    [t('zero.resources.staked_net'), data.stakedNet],
    [t('zero.resources.refund_cpu'), data.refundCpu],
    [t('zero.resources.refund_net'), data.refundNet],
    [t('zero.resources.total'), data.totalResources],
  ];
  return (
    <>
      <Usage kind="cpu" label={t('zero.resources.cpu')} {...limitUsage(data.cpu)} />
      <Usage kind="net" label={t('zero.resources.net')} {...limitUsage(data.net)} />
      <Usage kind="ram" label={t('zero.resources.ram')} used={data.ram.usage} max={data.ram.quota ?? null} />
      <dl className="zero-facts">
        {rows.map(([label, value]) => (
          <div key={label} className="zero-facts__row">
            <dt>{label}</dt>
            <dd className="zero-mono">{value == null ? t('zero.resources.none') : exact(value)}</dd>
          </div>
        ))}
        {data.refundRequestTime != null && (
          <div className="zero-facts__row">
            <dt>{t('zero.resources.refund_requested')}</dt>
            <dd>{dateTime(chainTime(data.refundRequestTime))}</dd>
          </div>
        )}
      </dl>
    </>
  );
}

export function ResourcesCard({ network, account }: { network: string; account: string }) {
  const { t } = useTranslation();
  const query = useNativeAccount(network, account);
  return (
    <section className="card zero-card" aria-labelledby="zero-resources-title">
      <h2 id="zero-resources-title" className="zero-card__title">{t('zero.resources.title')}</h2>
      <QueryState query={query} loading={t('zero.resources.loading')} failed={t('zero.resources.failed')}>
        {(data) => <ResourceRows data={data} />}
      </QueryState>
    </section>
  );
}

/** Spec §4: "for REX the lock message says 4 days". */
export const REX_LOCK_DAYS = 4;

export function RexCard({ network, account }: { network: string; account: string }) {
  const { t } = useTranslation();
  const query = useNativeRex(network, account);
  const rexYield = useRexYield(network);
  const exact = useExactAsset();
  return (
    <section className="card zero-card" aria-labelledby="zero-rex-title">
      <h2 id="zero-rex-title" className="zero-card__title">{t('zero.rex.title')}</h2>
      <QueryState query={query} loading={t('zero.rex.loading')} failed={t('zero.rex.failed')}>
        {(data) => (
          <>
            <dl className="zero-facts">
              <div className="zero-facts__row">
                <dt>{t('zero.rex.value')}</dt>
                <dd className="zero-mono" data-testid="rex-value">{exact(data.value)}</dd>
              </div>
              <div className="zero-facts__row">
                <dt>{t('zero.rex.balance')}</dt>
                <dd className="zero-mono">{data.rexBalance == null ? t('zero.rex.none') : exact(data.rexBalance)}</dd>
              </div>
              <div className="zero-facts__row">
                <dt>{t('zero.rex.fund')}</dt>
                <dd className="zero-mono">{data.fund == null ? t('zero.rex.none') : exact(data.fund)}</dd>
              </div>
            </dl>
            <p className="zero-muted" data-testid="rex-lock">{t('zero.rex.lock', { days: REX_LOCK_DAYS })}</p>
          </>
        )}
      </QueryState>
      <MeasuredYield
        query={rexYield}
        measuredFrom={t('zero.rex.measured_from', { system: rexYield.data?.systemToken ?? 'TLOS' })}
        testId="rex-yield"
      />
    </section>
  );
}
