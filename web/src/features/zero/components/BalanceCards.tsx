import { useTranslation } from 'react-i18next';
import { useDateTimeFormatter } from '../../../lib/preferences/usePreferences';
import { useNativeAccount, type LimitView, type NativeAccount } from '../api/account';
import { useNativeBalances, type NativeBalance } from '../api/balances';
import type { AssetView } from '../api/nativeApi';
import { useNativeRex } from '../api/rex';
import { chainTime } from '../model/explorer';
import { QueryState } from './QueryState';
import { useExactAsset } from './useExactAsset';


export function TokensCard({ network, account, onSend }: { network: string; account: string; onSend: ((token: NativeBalance) => void) | null }) {
  const { t } = useTranslation();
  const balances = useNativeBalances(network, account);
  const exact = useExactAsset();
  return (
    <section className="card zero-card" aria-labelledby="zero-tokens-title">
      <h2 id="zero-tokens-title" className="zero-card__title">{t('zero.balance.tokens')}</h2>
      <QueryState query={balances} loading={t('zero.balance.loading_tokens')} failed={t('zero.balance.failed_tokens')}>
        {(data) => (
          <>
            {!data.tokensComplete && <p className="zero-muted">{t('zero.balance.tokens_incomplete')}</p>}
            <table className="zero-table">
              <thead>
                <tr>
                  <th scope="col">{t('zero.balance.token')}</th>
                  <th scope="col" className="zero-num">{t('zero.balance.amount')}</th>
                  <th scope="col" className="zero-num">{t('zero.balance.fiat')}</th>
                  {onSend !== null && <th scope="col"><span className="visually-hidden">{t('zero.balance.actions')}</span></th>}
                </tr>
              </thead>
              <tbody>
                {data.balances.map((token) => (
                  <tr key={`${token.contract}:${token.symbol}`} data-token={token.symbol}>
                    <th scope="row">
                      <span className="zero-token__symbol">{token.symbol}</span>
                      <span className="zero-token__contract">{token.contract}</span>
                    </th>
                    <td className="zero-num zero-mono">{exact(token)}</td>
                    <td className="zero-num zero-muted">
                      {data.pricesAvailable && token.price !== null ? token.price : t('zero.balance.fiat_unavailable')}
                    </td>
                    {onSend !== null && (
                      <td className="zero-num">
                        <button type="button" className="button button--secondary button--small" onClick={() => { onSend(token); }}
                          aria-label={t('zero.transfer.send_token', { symbol: token.symbol })}>
                          {t('zero.transfer.send')}
                        </button>
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
            {!data.pricesAvailable && <p className="zero-muted">{t('zero.balance.prices_unavailable')}</p>}
          </>
        )}
      </QueryState>
    </section>
  );
}

function Usage({ label, used, max, unit }: { label: string; used: number | null; max: number | null; unit: string }) {
  const { t } = useTranslation();
  if (used === null || max === null) {
    return (
      <div className="zero-usage">
        <span>{label}</span>
        <span className="zero-muted">{t('zero.resources.unlimited')}</span>
      </div>
    );
  }
  const percent = max === 0 ? 100 : Math.min(100, Math.round((used / max) * 100));
  return (
    <div className="zero-usage">
      <span>{label}</span>
      <span className="zero-muted">{t('zero.resources.used_of', { used: used.toLocaleString(), max: max.toLocaleString(), unit })}</span>
      <meter className="zero-usage__meter" min={0} max={100} value={percent} aria-label={t('zero.resources.percent_used', { label, percent })} />
    </div>
  );
}

function limitUsage(limit: LimitView) {
  return { used: limit.used, max: limit.max };
}

function ResourceRows({ data }: { data: NativeAccount }) {
  const { t } = useTranslation();
  const dateTime = useDateTimeFormatter();
  const exact = useExactAsset();
  const rows: [string, AssetView | null][] = [
    [t('zero.resources.liquid'), data.liquid],
    [t('zero.resources.staked_cpu'), data.stakedCpu],
    [t('zero.resources.staked_net'), data.stakedNet],
    [t('zero.resources.refund_cpu'), data.refundCpu],
    [t('zero.resources.refund_net'), data.refundNet],
    [t('zero.resources.total'), data.totalResources],
  ];
  return (
    <>
      <Usage label={t('zero.resources.cpu')} {...limitUsage(data.cpu)} unit="µs" />
      <Usage label={t('zero.resources.net')} {...limitUsage(data.net)} unit={t('zero.resources.bytes')} />
      <Usage label={t('zero.resources.ram')} used={data.ram.usage} max={data.ram.quota} unit={t('zero.resources.bytes')} />
      <dl className="zero-facts">
        {rows.map(([label, value]) => (
          <div key={label} className="zero-facts__row">
            <dt>{label}</dt>
            <dd className="zero-mono">{value === null ? t('zero.resources.none') : exact(value)}</dd>
          </div>
        ))}
        {data.refundRequestTime !== null && (
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

export function RexCard({ network, account }: { network: string; account: string }) {
  const { t } = useTranslation();
  const query = useNativeRex(network, account);
  const exact = useExactAsset();
  return (
    <section className="card zero-card" aria-labelledby="zero-rex-title">
      <h2 id="zero-rex-title" className="zero-card__title">{t('zero.rex.title')}</h2>
      <QueryState query={query} loading={t('zero.rex.loading')} failed={t('zero.rex.failed')}>
        {(data) => (
          <dl className="zero-facts">
            <div className="zero-facts__row">
              <dt>{t('zero.rex.value')}</dt>
              <dd className="zero-mono" data-testid="rex-value">{exact(data.value)}</dd>
            </div>
            <div className="zero-facts__row">
              <dt>{t('zero.rex.balance')}</dt>
              <dd className="zero-mono">{data.rexBalance === null ? t('zero.rex.none') : exact(data.rexBalance)}</dd>
            </div>
            <div className="zero-facts__row">
              <dt>{t('zero.rex.fund')}</dt>
              <dd className="zero-mono">{data.fund === null ? t('zero.rex.none') : exact(data.fund)}</dd>
            </div>
          </dl>
        )}
      </QueryState>
    </section>
  );
}
