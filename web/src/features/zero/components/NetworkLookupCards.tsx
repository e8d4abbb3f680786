import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isoDateTime } from '../../../lib/preferences/dateTime';
import { useDateTimeFormatter } from '../../../lib/preferences/usePreferences';
import { useNativeAccount } from '../api/account';
import { useProducers } from '../api/producers';
import { useNativeTransaction } from '../api/transaction';
import { chainTime } from '../model/explorer';
import { summary } from './HistoryCard';
import { QueryState } from './QueryState';

const TRANSACTION_ID = /^[0-9a-fA-F]{64}$/;

/** A transaction by id (spec §7 get_transaction): paste it, see its actions. */
export function TransactionLookupCard({ network }: { network: string }) {
  const { t } = useTranslation();
  const dateTime = useDateTimeFormatter();
  const [draft, setDraft] = useState('');
  const [id, setId] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const query = useNativeTransaction(network, id);
  const inputId = useId();
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const trimmed = draft.trim();
    // Checked here too: a malformed id is said at once, without asking the server.
    const ok = TRANSACTION_ID.test(trimmed);
    setInvalid(!ok);
    setId(ok ? trimmed.toLowerCase() : null);
  };
  return (
    <section className="card zero-card" aria-labelledby="zero-trx-title">
      <h2 id="zero-trx-title" className="zero-card__title">{t('zero.transaction.title')}</h2>
      <form className="zero-signin__form" onSubmit={submit} noValidate>
        <div className="zero-field">
          <label htmlFor={inputId}>{t('zero.transaction.id')}</label>
          <input className="input" id={inputId} value={draft} autoComplete="off" spellCheck={false} aria-invalid={invalid}
            aria-describedby={invalid ? `${inputId}-error` : undefined} onChange={(event) => { setDraft(event.target.value); }} />
          {invalid && <p id={`${inputId}-error`} className="zero-field__error" role="alert">{t('zero.transaction.bad_id')}</p>}
        </div>
        <button type="submit" className="button button--secondary">{t('zero.transaction.find')}</button>
      </form>
      {id !== null && (
        <QueryState query={query} loading={t('zero.transaction.loading')} failed={t('zero.transaction.failed')}>
          {(trx) => (
            <div data-testid="transaction-actions">
              <p className="zero-muted">
                {trx.blockNum != null && t('zero.transaction.block', { block: trx.blockNum })}
                {trx.timestamp != null && <> · <time dateTime={isoDateTime(chainTime(trx.timestamp))}>{dateTime(chainTime(trx.timestamp))}</time></>}
                {' · '}{t('zero.transaction.actions', { count: trx.actions.length })}
              </p>
              <ol className="zero-history">
                {trx.actions.map((action, index) => (
                  <li key={index} className="zero-history__item">
                    <span className="zero-history__action">{`${action.contract}::${action.action}`}</span>
                    <span className="zero-history__summary">{summary(action) ?? action.authorization.join(', ')}</span>
                  </li>
                ))}
              </ol>
            </div>
          )}
        </QueryState>
      )}
    </section>
  );
}

/** Shown producers before "and N more". */
const SHOWN_PRODUCERS = 21;

/** The block producers in vote order, the active schedule, and whom the account votes for (spec §7). */
export function ProducersCard({ network, account }: { network: string; account: string }) {
  const { t } = useTranslation();
  const query = useProducers(network);
  const voter = useNativeAccount(network, account).data;
  const votes = new Set(voter?.votedProducers ?? []);
  return (
    <section className="card zero-card" aria-labelledby="zero-producers-title">
      <h2 id="zero-producers-title" className="zero-card__title">{t('zero.producers.title')}</h2>
      {voter?.voterProxy != null && <p className="zero-muted">{t('zero.producers.votes_proxy', { account, proxy: voter.voterProxy })}</p>}
      <QueryState query={query} loading={t('zero.producers.loading')} failed={t('zero.producers.failed')}>
        {(data) => (
          <>
            <p className="zero-muted" data-testid="producer-schedule">{t('zero.producers.schedule', { names: data.schedule.join(', ') })}</p>
            {data.producers.length === 0 ? (
              <p className="zero-muted">{t('zero.producers.none')}</p>
            ) : (
              <ol className="zero-list" data-testid="producers">
                {data.producers.slice(0, SHOWN_PRODUCERS).map((producer) => (
                  <li key={producer.owner}>
                    <strong>{producer.owner}</strong>
                    {producer.url !== '' && <> · <a href={producer.url} target="_blank" rel="noreferrer">{producer.url.replace(/^https?:\/\//, '')}</a></>}
                    {producer.scheduled && <span className="badge">{t('zero.producers.scheduled')}</span>}
                    {votes.has(producer.owner) && <span className="badge">{t('zero.producers.votes_for', { account })}</span>}
                  </li>
                ))}
              </ol>
            )}
            {data.producers.length > SHOWN_PRODUCERS && (
              <p className="zero-muted">{t('zero.producers.more', { count: data.producers.length - SHOWN_PRODUCERS })}</p>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}
