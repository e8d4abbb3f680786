import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { destinationAfterLogin } from '../../../lib/navigation/destinations';
import { isDevWalletAllowed } from '../model/devWallet';
import { nativeSessionStore, type NativeSession } from '../model/nativeSession';
import { CleosForm, DevWalletForm, ViewerForm, WalletForm } from './SignInForms';
import { useZero } from './zeroContext';

export const SIGN_IN_METHODS = ['anchor', 'extension', 'cleos', 'devkey', 'viewer'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

function methodFrom(value: string | null): SignInMethod | null {
  return SIGN_IN_METHODS.find((method) => method === value) ?? null;
}

/** Native sign-in (spec §4 Login): choose the network and a way in; the query `signin` preselects one. */
export function SignInPanel({ purpose }: { purpose: string }) {
  const { t } = useTranslation();
  const { networks, network, chooseNetwork } = useZero();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [method, setMethod] = useState<SignInMethod | null>(() => methodFrom(searchParams.get('signin')));
  const networkId = useId();
  const devWallet = isDevWalletAllowed(network);
  const methods = SIGN_IN_METHODS.filter((candidate) => candidate !== 'devkey' || devWallet);
  const selected = method === 'devkey' && !devWallet ? null : method;

  const signedIn = (session: Omit<NativeSession, 'network'>) => {
    if (network === null) return;
    nativeSessionStore.start({ ...session, network: network.name });
    const target = destinationAfterLogin('native', pathname);
    void navigate(target ?? pathname, { replace: true });
  };

  return (
    <section className="card zero-signin" aria-labelledby="zero-signin-title">
      <h2 id="zero-signin-title" className="zero-card__title">
        {t('zero.signin.title')}
      </h2>
      <p className="zero-muted">{purpose}</p>

      {networks && networks.length > 1 && (
        <div className="zero-field">
          <label htmlFor={networkId}>{t('zero.network.label')}</label>
          <select className="input" id={networkId} value={network?.name ?? ''} onChange={(event) => { chooseNetwork(event.target.value); }}>
            {networks.map((candidate) => (
              <option key={candidate.name} value={candidate.name}>
                {candidate.displayName}
              </option>
            ))}
          </select>
        </div>
      )}
      {!networks && (
        <p className="zero-state" role="status">
          <span className="spinner" aria-hidden="true" />
          {t('zero.network.loading')}
        </p>
      )}

      <fieldset className="zero-methods">
        <legend>{t('zero.signin.choose')}</legend>
        {methods.map((candidate) => (
          <label key={candidate} className={`zero-method${selected === candidate ? ' zero-method--selected' : ''}`}>
            <input type="radio" name="zero-signin-method" value={candidate} checked={selected === candidate} onChange={() => { setMethod(candidate); }} />
            <span className="zero-method__text">
              <span className="zero-method__label">{t(`zero.signin.method.${candidate}.label`)}</span>
              <span className="zero-method__detail">{t(`zero.signin.method.${candidate}.detail`)}</span>
            </span>
          </label>
        ))}
      </fieldset>

      {network !== null && selected === 'anchor' && <WalletForm network={network} wallets={['anchor']} onSignedIn={signedIn} />}
      {network !== null && selected === 'extension' && (
        <WalletForm network={network} wallets={['scatter', 'wombat', 'tokenpocket']} onSignedIn={signedIn} />
      )}
      {network !== null && selected === 'cleos' && <CleosForm onSignedIn={signedIn} />}
      {network !== null && selected === 'devkey' && <DevWalletForm network={network} onSignedIn={signedIn} />}
      {network !== null && selected === 'viewer' && <ViewerForm network={network} onSignedIn={signedIn} />}
    </section>
  );
}
