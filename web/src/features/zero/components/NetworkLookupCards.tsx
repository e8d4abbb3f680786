import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { isoDateTime } from '../../../lib/preferences/dateTime';
import { useDateTimeFormatter } from '../../../lib/preferences/usePreferences';
import { useNativeAccount } from '../api/account';
import { useProducers } from '../api/producers';
import { useNativeTransaction } from '../api/transaction';
import { chainTime, TRANSACTION_QUERY } from '../model/explorer';
import { NativeActionText } from './NativeActionText';
import { QueryState } from './QueryState';

const TRANSACTION_ID = /^[0-9a-fA-F]{64}$/;

/**
 * A transaction by id (spec §7 get_transaction): paste it, see its actions. A history row's
 * id opens it here through the address (`?trx=<id>`), so the view can be linked and shared.
 */
export function TransactionLookupCard({ network }: { network: string }) {
  const { t } = useTranslation();
  const dateTime = useDateTimeFormatter();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const linked = params.get(TRANSACTION_QUERY);
  // The id on show is the address's: a row's link and the form both set it there.
  const id = linked !== null && TRANSACTION_ID.test(linked) ? linked.toLowerCase() : null;
  // A malformed id is said until the next lookup, or until a row opens another transaction.
  const [invalidAt, setInvalidAt] = useState<string | null>(null);
  const invalid = invalidAt !== null && invalidAt === (id ?? '');
  const query = useNativeTransaction(network, id);
  const inputId = useId();
  const card = useRef<HTMLElement>(null);
  const openedFromRow = (location.state as { openTransaction?: boolean } | null)?.openTransaction === true;
  useEffect(() => {
    // A row's link brings the card into view and reading order; a typed lookup stays put.
    if (id === null || !openedFromRow) return;
    card.current?.scrollIntoView({ block: 'nearest' });
    card.current?.focus({ preventScroll: true });
  }, [id, openedFromRow]);
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = new FormData(event.currentTarget).get(TRANSACTION_QUERY);
    const trimmed = typeof typed === 'string' ? typed.trim() : '';
    // Checked here too: a malformed id is said at once, without asking the server.
    const ok = TRANSACTION_ID.test(trimmed);
    setInvalidAt(ok ? null : id ?? '');
    // A malformed id leaves the address (and what the user typed) as it is.
    if (!ok) return;
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set(TRANSACTION_QUERY, trimmed.toLowerCase());
      return next;
    }, { replace: true, preventScrollReset: true });
  };
  return (
    <section ref={card} tabIndex={-1} className="card zero-card" aria-labelledby="zero-trx-title">
      <h2 id="zero-trx-title" className="zero-card__title">{t('zero.transaction.title')}</h2>
      <form className="zero-signin__form" onSubmit={submit} noValidate>
        <div className="zero-field">
          <label htmlFor={inputId}>{t('zero.transaction.id')}</label>
          <input className="input" id={inputId} name={TRANSACTION_QUERY} key={id ?? ''} defaultValue={id ?? ''} autoComplete="off" spellCheck={false}
            aria-invalid={invalid} aria-describedby={invalid ? `${inputId}-error` : undefined} />
          {invalid && <p id={`${inputId}-error`} className="zero-field__error" role="alert">{t('zero.transaction.bad_id')}</p>}
        </div>
        <button type="submit" className="button button--secondary">{t('zero.transaction.find')}</button>
      </form>
      {id !== null && !invalid && (
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
                    <NativeActionText action={action} />
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
