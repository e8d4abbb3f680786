import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api/client';
import { validateAccountName } from '../../../lib/validation/accountName';
import { ACCOUNT_NOT_FOUND, useNativeAccount } from '../api/account';
import { CreatorCard, KeyLookupCard, PermissionsCard, ProfileCard, ProposalsCard } from './LookupCards';
import { LinkedEvmCard } from './LinkedEvmCard';
import { ProducersCard, TransactionLookupCard } from './NetworkLookupCards';
import { SignInPanel } from './SignInPanel';
import { useZero } from './zeroContext';

/** The profile row and the account lookups (creator, children, permissions and links, proposals, key accounts). */
export function ProfilePage() {
  const { t } = useTranslation();
  const { session, network, restoring } = useZero();
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('account');
  const account = asked ?? session?.account ?? null;
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();

  const lookUp = (event: SyntheticEvent) => {
    event.preventDefault();
    const checked = validateAccountName(draft.trim());
    if (!checked.ok) {
      setError(t(checked.error.key, checked.error.values ?? {}));
      return;
    }
    setError(null);
    setSearchParams({ account: checked.value });
  };

  return (
    <section className="page" aria-labelledby="page-title">
      <header className="page__header">
        {network !== null && <p className="eyebrow">{network.displayName}</p>}
        <h1 id="page-title" className="page__title">{account === null ? t('zero.profile.page_title') : t('zero.profile.page_title_for', { account })}</h1>
        <p className="page__lead">{t('zero.profile.lead')}</p>
      </header>
      <form className="zero-lookup" onSubmit={lookUp} noValidate>
        <label htmlFor={inputId}>{t('zero.profile.look_up')}</label>
        <input className="input" id={inputId} value={draft} placeholder={session?.account ?? 'alice'} autoComplete="off" spellCheck={false}
          aria-invalid={error !== null} aria-describedby={errorId} onChange={(event) => { setDraft(event.target.value); }} />
        <button type="submit" className="button button--secondary">{t('zero.lookup.find')}</button>
        {error !== null && <p id={errorId} className="zero-field__error" role="alert">{error}</p>}
      </form>
      {restoring && account === null && (
        <p className="zero-state" role="status"><span className="spinner" aria-hidden="true" />{t('zero.session.restoring')}</p>
      )}
      {!restoring && account === null && <SignInPanel purpose={t('zero.signin.purpose_profile')} />}
      {network !== null && account !== null && (
        <AccountLookups network={network.name} networkName={network.displayName} account={account} hasEvm={network.linkedNetwork !== null} />
      )}
    </section>
  );
}

/** The lookups of an account that exists; an account that does not is said so once. */
function AccountLookups({ network, networkName, account, hasEvm }: { network: string; networkName: string; account: string; hasEvm: boolean }) {
  const { t } = useTranslation();
  const existing = useNativeAccount(network, account);
  const missing = existing.error instanceof ApiError && existing.error.code === ACCOUNT_NOT_FOUND;
  return (
    <div className="zero-grid">
      {missing ? (
        <p className="card zero-card zero-state zero-state--error" role="alert" data-testid="account-missing">
          {t('zero.signin.error_account_missing', { account, network: networkName })}
        </p>
      ) : (
        <>
          <ProfileCard network={network} account={account} />
          {hasEvm && <LinkedEvmCard network={network} account={account} onMove={null} />}
          <CreatorCard network={network} account={account} />
          <PermissionsCard network={network} account={account} />
          <ProposalsCard network={network} account={account} />
          <ProducersCard network={network} account={account} />
        </>
      )}
      <KeyLookupCard network={network} />
      <TransactionLookupCard network={network} />
    </div>
  );
}
