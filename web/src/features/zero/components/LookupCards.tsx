import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDateTimeFormatter } from '../../../lib/preferences/usePreferences';
import { useNativeChildren } from '../api/children';
import { useNativeCreator } from '../api/creator';
import { useKeyAccounts } from '../api/keyAccounts';
import { useNativeLinks } from '../api/links';
import { useNativePermissions } from '../api/permissions';
import { useNativeProfile } from '../api/profile';
import { useNativeProposals, type ProposalRole } from '../api/proposals';
import { chainTime } from '../model/explorer';
import { profileFieldLabel } from '../model/profileFields';
import { QueryState } from './QueryState';

interface AccountProps {
  network: string;
  account: string;
}

function AccountLink({ name }: { name: string }) {
  return <Link to={`/zero/profile?account=${encodeURIComponent(name)}`}>{name}</Link>;
}

export function ProfileCard({ network, account }: AccountProps) {
  const { t } = useTranslation();
  const query = useNativeProfile(network, account);
  return (
    <section className="card zero-card" aria-labelledby="zero-profile-title">
      <h2 id="zero-profile-title" className="zero-card__title">{t('zero.profile.title')}</h2>
      <QueryState query={query} loading={t('zero.profile.loading')} failed={t('zero.profile.failed')}>
        {(profile) =>
          profile === null ? (
            <p className="zero-muted" data-testid="no-profile">{t('zero.profile.none', { account })}</p>
          ) : (
            <>
            {profile.avatarSrc !== null && <ProfileAvatar src={profile.avatarSrc} account={account} />}
            <dl className="zero-facts">
              {profile.fields.map(([field, value]) => (
                <div key={field} className="zero-facts__row">
                  <dt>{profileFieldLabel(field)}</dt>
                  <dd className="text-break">{value === '' ? t('zero.profile.empty_field') : value}</dd>
                </div>
              ))}
            </dl>
            </>
          )
        }
      </QueryState>
    </section>
  );
}

/** The profile's picture; a picture that does not load gives way to the account's initial. */
function ProfileAvatar({ src, account }: { src: string; account: string }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  return failed ? (
    <span className="zero-avatar zero-avatar--fallback" role="img" aria-label={t('zero.profile.avatar', { account })} data-testid="profile-avatar">
      {account.charAt(0).toUpperCase()}
    </span>
  ) : (
    <img className="zero-avatar" src={src} alt={t('zero.profile.avatar', { account })} width={64} height={64} loading="lazy"
      referrerPolicy="no-referrer" data-testid="profile-avatar" onError={() => { setFailed(true); }} />
  );
}

export function CreatorCard({ network, account }: AccountProps) {
  const { t } = useTranslation();
  const dateTime = useDateTimeFormatter();
  const creator = useNativeCreator(network, account);
  const children = useNativeChildren(network, account);
  return (
    <section className="card zero-card" aria-labelledby="zero-family-title">
      <h2 id="zero-family-title" className="zero-card__title">{t('zero.lookup.family')}</h2>
      <h3 className="zero-subtitle">{t('zero.lookup.creator')}</h3>
      <QueryState query={creator} loading={t('zero.lookup.loading_creator')} failed={t('zero.lookup.failed_creator')}>
        {(found) =>
          found === null ? (
            <p className="zero-muted">{t('zero.lookup.no_creator')}</p>
          ) : (
            <p data-testid="creator">
              <AccountLink name={found.creator} />
              {found.timestamp !== null && <span className="zero-muted"> · {dateTime(chainTime(found.timestamp))}</span>}
            </p>
          )
        }
      </QueryState>
      <h3 className="zero-subtitle">{t('zero.lookup.children')}</h3>
      <QueryState query={children} loading={t('zero.lookup.loading_children')} failed={t('zero.lookup.failed_children')}>
        {(list) =>
          list.length === 0 ? (
            <p className="zero-muted">{t('zero.lookup.no_children')}</p>
          ) : (
            <ul className="zero-list" data-testid="children">
              {list.map((name) => <li key={name}><AccountLink name={name} /></li>)}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}

export function PermissionsCard({ network, account }: AccountProps) {
  const { t } = useTranslation();
  const permissions = useNativePermissions(network, account);
  const links = useNativeLinks(network, account);
  return (
    <section className="card zero-card zero-card--wide" aria-labelledby="zero-permissions-title">
      <h2 id="zero-permissions-title" className="zero-card__title">{t('zero.lookup.permissions')}</h2>
      <QueryState query={permissions} loading={t('zero.lookup.loading_permissions')} failed={t('zero.lookup.failed_permissions')}>
        {(list) => (
          <ul className="zero-permissions">
            {list.map((permission) => (
              <li key={permission.name} data-permission={permission.name}>
                <p>
                  <strong>{permission.name}</strong>
                  <span className="zero-muted">{' '}{t('zero.lookup.permission_parent', { parent: permission.parent === '' ? '—' : permission.parent, threshold: permission.threshold })}</span>
                </p>
                <ul className="zero-list">
                  {permission.keys.map((key) => <li key={key.key} className="zero-mono text-break">{`${key.key} (${key.weight})`}</li>)}
                  {permission.accounts.map((level) => <li key={level.level} className="zero-mono">{`${level.level} (${level.weight})`}</li>)}
                  {permission.linkedActions.map((linked) => <li key={linked} className="zero-muted">{t('zero.lookup.linked_to', { action: linked })}</li>)}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      <h3 className="zero-subtitle">{t('zero.lookup.links')}</h3>
      <QueryState query={links} loading={t('zero.lookup.loading_links')} failed={t('zero.lookup.failed_links')}>
        {(list) =>
          list.length === 0 ? (
            <p className="zero-muted">{t('zero.lookup.no_links')}</p>
          ) : (
            <ul className="zero-list" data-testid="links">
              {list.map((link) => (
                <li key={`${link.permission}:${link.code}:${link.action}`}>
                  {t('zero.lookup.link', { permission: link.permission, action: `${link.code}::${link.action === '' ? '*' : link.action}` })}
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}

function ProposalList({ network, account, role }: AccountProps & { role: ProposalRole }) {
  const { t } = useTranslation();
  const query = useNativeProposals(network, account, role);
  return (
    <QueryState query={query} loading={t('zero.lookup.loading_proposals')} failed={t('zero.lookup.failed_proposals')}>
      {(list) =>
        list.length === 0 ? (
          <p className="zero-muted">{t('zero.lookup.no_proposals')}</p>
        ) : (
          <ul className="zero-list" data-testid={`proposals-${role}`}>
            {list.map((proposal) => (
              <li key={`${proposal.proposer}/${proposal.name}`}>
                <strong>{`${proposal.proposer}/${proposal.name}`}</strong>
                <span className="zero-muted">
                  {' · '}
                  {proposal.executed ? t('zero.lookup.executed') : t('zero.lookup.approvals', { provided: proposal.provided.length, requested: proposal.requested.length + proposal.provided.length })}
                </span>
              </li>
            ))}
          </ul>
        )
      }
    </QueryState>
  );
}

export function ProposalsCard({ network, account }: AccountProps) {
  const { t } = useTranslation();
  return (
    <section className="card zero-card" aria-labelledby="zero-proposals-title">
      <h2 id="zero-proposals-title" className="zero-card__title">{t('zero.lookup.proposals')}</h2>
      <h3 className="zero-subtitle">{t('zero.lookup.proposed')}</h3>
      <ProposalList network={network} account={account} role="proposer" />
      <h3 className="zero-subtitle">{t('zero.lookup.requested')}</h3>
      <ProposalList network={network} account={account} role="requested" />
    </section>
  );
}

export function KeyLookupCard({ network }: { network: string }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const [key, setKey] = useState<string | null>(null);
  const query = useKeyAccounts(network, key);
  const inputId = useId();
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const trimmed = draft.trim();
    setKey(trimmed === '' ? null : trimmed);
  };
  return (
    <section className="card zero-card" aria-labelledby="zero-key-title">
      <h2 id="zero-key-title" className="zero-card__title">{t('zero.lookup.key_title')}</h2>
      <form className="zero-signin__form" onSubmit={submit}>
        <div className="zero-field">
          <label htmlFor={inputId}>{t('zero.lookup.public_key')}</label>
          <input className="input" id={inputId} value={draft} autoComplete="off" spellCheck={false} placeholder="EOS… / PUB_K1_…" onChange={(event) => { setDraft(event.target.value); }} />
        </div>
        <button type="submit" className="button button--secondary">{t('zero.lookup.find')}</button>
      </form>
      {key !== null && (
        <QueryState query={query} loading={t('zero.lookup.loading_key')} failed={t('zero.lookup.failed_key')}>
          {(accounts) =>
            accounts.length === 0 ? (
              <p className="zero-muted">{t('zero.lookup.no_key_accounts')}</p>
            ) : (
              <ul className="zero-list" data-testid="key-accounts">
                {accounts.map((name) => <li key={name}><AccountLink name={name} /></li>)}
              </ul>
            )
          }
        </QueryState>
      )}
    </section>
  );
}
