import { useDeferredValue, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDapps } from '../api/dapps';
import { linkHost, linkRiskKey, type LinkRiskLabel } from '../model/linkRisk';
import { QueryState } from './QueryState';
import { useZero } from './zeroContext';

/** Why a flagged app's link is not offered as a link: what was found and what not to do. */
function RiskyLinkWarning({ url, risk }: { url: string; risk: LinkRiskLabel }) {
  const { t } = useTranslation();
  const host = linkHost(url);
  return (
    <div className="zero-warning" role="note" data-testid="dapp-risk" data-risk={risk.code}>
      <p><strong>{t('zero.dapps.risk.title')}</strong></p>
      <p>{t(linkRiskKey(risk), { host, domain: risk.domain })}</p>
      <p>{t('zero.dapps.risk.advice')}</p>
      <p className="zero-muted">{t('zero.dapps.risk.address')} <span className="zero-mono">{url}</span></p>
    </div>
  );
}

/** An app's name: its link, or for a flagged link the plain name and the warning instead. */
function DappHeading({ name, url, risk }: { name: string; url: string; risk: LinkRiskLabel | null }) {
  if (risk === null) {
    return <h2 className="zero-dapp__name"><a href={url} target="_blank" rel="noreferrer">{name}</a></h2>;
  }
  return (
    <>
      <h2 className="zero-dapp__name">{name}</h2>
      <RiskyLinkWarning url={url} risk={risk} />
    </>
  );
}

/** The curated list of native apps, searched by name, category and description; a link on the phishing list or imitating a listed app is shown as a warning, not as a link. */
export function DappSearchPage() {
  const { t } = useTranslation();
  const { network } = useZero();
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim());
  const results = useDapps(network?.name ?? null, query);
  const inputId = useId();
  return (
    <section className="page" aria-labelledby="page-title">
      <header className="page__header">
        {network !== null && <p className="eyebrow">{network.displayName}</p>}
        <h1 id="page-title" className="page__title">{t('zero.dapps.title')}</h1>
        <p className="page__lead">{t('zero.dapps.lead')}</p>
      </header>
      <div className="zero-lookup" role="search">
        <label htmlFor={inputId}>{t('zero.dapps.search')}</label>
        <input className="input" id={inputId} type="search" value={search} placeholder={t('zero.dapps.placeholder')} onChange={(event) => { setSearch(event.target.value); }} />
      </div>
      {network === null ? (
        <p className="zero-state" role="status"><span className="spinner" aria-hidden="true" />{t('zero.network.loading')}</p>
      ) : (
        <QueryState query={results} loading={t('zero.dapps.loading')} failed={t('zero.dapps.failed')}>
          {(data) => (
            <>
              <p className="zero-muted" role="status">{t('zero.dapps.count', { count: data.total })}</p>
              {data.dapps.length > 0 && (
                <ul className="zero-dapps" aria-busy={results.isFetching}>
                  {data.dapps.map((dapp) => (
                    <li key={dapp.id} className="card zero-dapp">
                      <DappHeading name={dapp.name} url={dapp.url} risk={dapp.risk ?? null} />
                      <p className="zero-dapp__meta">
                        <span className="badge">{dapp.category}</span>
                        <span className="zero-muted">
                          {dapp.runsOnNetwork ? t('zero.dapps.runs_here', { network: network.displayName }) : t('zero.dapps.runs_elsewhere', { networks: dapp.networks.join(', ') })}
                        </span>
                      </p>
                      <p>{dapp.description}</p>
                    </li>
                  ))}
                </ul>
              )}
              {data.dapps.length === 0 && <p>{t('zero.dapps.none')}</p>}
            </>
          )}
        </QueryState>
      )}
    </section>
  );
}
