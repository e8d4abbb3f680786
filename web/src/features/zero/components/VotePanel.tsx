import { useMemo, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { NetworkSummary } from '../../../lib/networks/api/networks';
import { useNativeAccount } from '../api/account';
import { useProducerInfo, type ProducerInfo } from '../api/producerInfo';
import { useProducers, type ProducersView } from '../api/producers';
import { useNativeRex } from '../api/rex';
import type { NativeSession } from '../model/nativeSession';
import { checkReceiver, checkVote, MAX_VOTED_PRODUCERS, producerVoteAction, proxyVoteAction, sortedProducers } from '../model/systemActions';
import type { FieldError } from '../model/transferForm';
import { QueryState } from './QueryState';
import { FieldMessage, isFieldError, StakeField, unitsOf, useAccountLookup } from './StakeFields';
import type { SystemActionPlan } from './SystemActionDialog';

/** Each producer's share of all votes, in percent with two decimals (vote weights are the chain's floating numbers). */
function shares(view: ProducersView): Map<string, string> {
  const weights = view.producers.map((producer) => Number(producer.totalVotes) || 0);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  return new Map(view.producers.map((producer, index) => [producer.owner, total > 0 ? `${((100 * (weights[index] ?? 0)) / total).toFixed(2)} %` : '0.00 %']));
}

/** A country's name in the reader's language from its ISO code (the code itself when unknown). */
function countryName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** What the producer published (bp.json): its name, logo and place, when it did. */
function PublishedCell({ owner, info }: { owner: string; info: ProducerInfo | undefined }) {
  const { i18n } = useTranslation();
  const place = [info?.city, info?.country == null ? null : countryName(info.country, i18n.language)].filter(Boolean).join(', ');
  return (
    <span className="stake-producer">
      {info?.logo != null && <img className="stake-producer__logo" src={info.logo} alt="" width={24} height={24} loading="lazy" />}
      <span>
        <span className="stake-producer__owner">{owner}</span>
        {info?.name != null && <span className="stake-producer__name">{info.name}</span>}
        {place !== '' && <span className="zero-muted stake-producer__place">{place}</span>}
      </span>
    </span>
  );
}

/** Producer voting: the current vote, the producer list to choose from (up to 30), or a proxy. */
export function VotePanel({ session, network, onPlan }: { session: NativeSession; network: NetworkSummary; onPlan: ((plan: SystemActionPlan) => void) | null }) {
  const { t } = useTranslation();
  const account = useNativeAccount(network.name, session.account).data;
  const producers = useProducers(network.name);
  const published = useProducerInfo(network.name).data;
  const infoOf = useMemo(() => new Map(published?.producers.map((info) => [info.owner, info]) ?? []), [published]);
  const rex = useNativeRex(network.name, session.account).data;
  const lookup = useAccountLookup(network);
  const [chosen, setChosen] = useState<string[] | null>(null);
  const [typed, setTyped] = useState('');
  const [voteError, setVoteError] = useState<FieldError | undefined>(undefined);
  const [proxy, setProxy] = useState('');
  const [proxyError, setProxyError] = useState<FieldError | undefined>(undefined);
  const [checking, setChecking] = useState(false);
  const current = useMemo(() => account?.votedProducers ?? [], [account]);
  const selection = chosen ?? current;
  const currentProxy = account?.voterProxy ?? null;

  const toggle = (producer: string, on: boolean) => {
    setChosen(on ? sortedProducers([...selection, producer]) : selection.filter((name) => name !== producer));
  };

  const reviewVote = (view: ProducersView) => (event: SyntheticEvent) => {
    event.preventDefault();
    const registered = new Map(view.producers.map((producer) => [producer.owner, producer.isActive]));
    const extra = typed.trim();
    const wanted = extra === '' ? selection : [...selection, extra];
    if (wanted.length === 0) {
      setVoteError({ key: 'stake.vote.error_none' });
      return;
    }
    const vote = checkVote(wanted, registered, unitsOf(rex?.rexBalance).raw > 0n);
    if (!vote.ok) {
      setVoteError(vote.error);
      return;
    }
    setVoteError(undefined);
    const list = vote.value.join(', ');
    onPlan?.({
      title: t('stake.vote.vote_title'),
      facts: [[t('stake.vote.producers_fact'), list]],
      notes: currentProxy === null ? [] : [t('stake.vote.replaces_proxy', { proxy: currentProxy })],
      actions: [producerVoteAction(session.account, vote.value)],
      spent: null,
      done: t('stake.vote.vote_done', { list }),
    });
  };

  const reviewProxy = async (event: SyntheticEvent) => {
    event.preventDefault();
    const name = checkReceiver(proxy, '');
    if (!name.ok || name.value === '') {
      setProxyError(name.ok ? { key: 'validation.account_required' } : name.error);
      return;
    }
    if (name.value === session.account) {
      setProxyError({ key: 'stake.vote.error_self_proxy' });
      return;
    }
    setChecking(true);
    const found = await lookup(name.value);
    setChecking(false);
    if (isFieldError(found) || !found.isProxy) {
      setProxyError(isFieldError(found) ? found : { key: 'stake.rex.error_not_proxy', values: { account: name.value } });
      return;
    }
    setProxyError(undefined);
    onPlan?.({
      title: t('stake.vote.proxy_title'),
      facts: [[t('stake.vote.proxy_fact'), name.value]],
      notes: [t('stake.vote.proxy_note', { proxy: name.value })],
      actions: [proxyVoteAction(session.account, name.value)],
      spent: null,
      done: t('stake.vote.proxy_done', { proxy: name.value }),
    });
  };

  return (
    <>
      <section className="card zero-card zero-card--wide" aria-labelledby="vote-current-title" data-testid="vote-current">
        <h2 id="vote-current-title" className="zero-card__title">{t('stake.vote.current')}</h2>
        {account === undefined ? <p className="zero-muted">{t('zero.resources.loading')}</p>
          : currentProxy !== null ? <p>{t('stake.vote.through_proxy', { proxy: currentProxy })}</p>
            : current.length > 0 ? <p>{t('stake.vote.for_producers', { count: current.length, list: current.join(', ') })}</p>
              : <p>{t('stake.vote.none')}</p>}
      </section>
      <section className="card zero-card zero-card--wide" aria-labelledby="vote-producers-title">
        <h2 id="vote-producers-title" className="zero-card__title">{t('stake.vote.producers')}</h2>
        <QueryState query={producers} loading={t('zero.producers.loading')} failed={t('zero.producers.failed')}>
          {(view) => {
            const share = shares(view);
            return (
              <form noValidate onSubmit={reviewVote(view)}>
                <table className="zero-table" data-testid="producer-table">
                  <thead>
                    <tr>
                      {onPlan !== null && <th scope="col"><span className="visually-hidden">{t('stake.vote.choose', { producer: '' })}</span></th>}
                      <th scope="col" className="zero-num">{t('stake.vote.rank')}</th>
                      <th scope="col">{t('stake.vote.producer')}</th>
                      <th scope="col" className="zero-num">{t('stake.vote.votes')}</th>
                      <th scope="col">{t('stake.vote.website')}</th>
                      <th scope="col">{t('stake.vote.status')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {view.producers.map((producer, index) => (
                      <tr key={producer.owner} data-producer={producer.owner}>
                        {onPlan !== null && (
                          <td>
                            <input type="checkbox" checked={selection.includes(producer.owner)} aria-label={t('stake.vote.choose', { producer: producer.owner })}
                              onChange={(event) => { toggle(producer.owner, event.target.checked); }} />
                          </td>
                        )}
                        <td className="zero-num">{index + 1}</td>
                        <th scope="row"><PublishedCell owner={producer.owner} info={infoOf.get(producer.owner)} /></th>
                        <td className="zero-num zero-mono">{share.get(producer.owner)}</td>
                        <td>{/^https?:\/\//.test(producer.url) ? <a href={producer.url} target="_blank" rel="noopener noreferrer">{producer.url.replace(/^https?:\/\//, '')}</a> : producer.url}</td>
                        <td>{producer.scheduled ? t('stake.vote.scheduled') : producer.isActive ? t('stake.vote.active') : t('stake.vote.inactive')}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                {onPlan !== null && (
                  <>
                    <p className="zero-muted" role="status">{t('stake.vote.chosen_count', { count: selection.length, max: MAX_VOTED_PRODUCERS })}</p>
                    <div className="stake-narrow"><StakeField label={t('stake.vote.add_by_name')} value={typed} inputMode="text" onChange={setTyped} /></div>
                    <FieldMessage id="vote-error" error={voteError} />
                    <div className="button-row"><button type="submit" className="button button--primary">{t('stake.vote.submit')}</button></div>
                  </>
                )}
              </form>
            );
          }}
        </QueryState>
      </section>
      {onPlan !== null && (
        <section className="card zero-card zero-card--wide" aria-labelledby="vote-proxy-title">
          <h2 id="vote-proxy-title" className="zero-card__title">{t('stake.vote.proxy_legend')}</h2>
          <form className="zero-signin__form stake-narrow" noValidate onSubmit={(event) => void reviewProxy(event)}>
            <StakeField label={t('stake.vote.proxy')} value={proxy} inputMode="text" error={proxyError} onChange={setProxy} />
            <div className="button-row">
              <button type="submit" className="button button--primary" disabled={checking}>{checking ? t('stake.checking') : t('stake.vote.proxy_submit')}</button>
            </div>
          </form>
        </section>
      )}
    </>
  );
}
