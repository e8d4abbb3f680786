import { useEffect, useRef } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { appConfig } from '../../../lib/config';
import { RETURN_QUERY, returnPath, returnScreenName } from '../../../lib/navigation/destinations';
import { isWithin } from '../../../lib/navigation/paths';
import { useStoredAccount } from '../../../lib/session/useStoredAccount';
import { connectGroups, nativeSignInPath } from '../model/connectOptions';
import { ConnectEvmWallet } from './ConnectEvmWallet';
import { ViewEvmAccountForm } from './ViewEvmAccountForm';
import './home.css';

export function HomePage() {
  const [searchParams] = useSearchParams();
  const groups = connectGroups(searchParams.get('login'));
  const next = returnPath(searchParams.get(RETURN_QUERY));
  const nextScreen = returnScreenName(next);
  // Signed in on the native chain only, and turned away from wrapping: spec §8's message first.
  const nativeAccount = useStoredAccount('native');
  const evmAccount = useStoredAccount('evm');
  const nativeOnly = nativeAccount !== null && evmAccount === null;
  const wrapFromNative = nativeOnly && next !== null && isWithin(next.split(/[?#]/, 1)[0] ?? '', '/evm/wrap');
  // The header's "Connect Wallet" leads here (`/#connect`), from this page too: each click
  // (a new location key) brings the choices into view and moves the focus to them.
  const { hash, key } = useLocation();
  const connect = useRef<HTMLElement>(null);
  useEffect(() => {
    if (hash !== '#connect') return;
    connect.current?.scrollIntoView({ block: 'start' });
    connect.current?.focus({ preventScroll: true });
  }, [hash, key]);

  return (
    <div className="home">
      <section className="home__hero" aria-labelledby="page-title">
        <p className="eyebrow">Telos · Telos EVM</p>
        <h1 id="page-title" className="home__title">
          One wallet for Telos and Telos EVM
        </h1>
        <p className="home__lead">
          Tandem is a web wallet you can run on your own server. See balances, send and receive, stake and wrap TLOS,
          and keep an eye on your approvals. Your keys stay in your wallet.
        </p>
        <ul className="home__facts">
          <li>
            <strong>Self-hosted</strong>
            <span>One small server, no third-party tracking.</span>
          </li>
          <li>
            <strong>Your wallet signs</strong>
            <span>The server never sees a key.</span>
          </li>
          <li>
            <strong>Both chains</strong>
            <span>Native accounts and EVM addresses side by side.</span>
          </li>
        </ul>
      </section>

      <section ref={connect} tabIndex={-1} className="card home__connect" id="connect" aria-labelledby="connect-title">
        <h2 id="connect-title" className="home__connect-title">
          Connect Your Wallet
        </h2>
        {next !== null && (
          <p className="home__return-note" role="note">
            {wrapFromNative ? 'Wrap/unwrap not supported on the native chain: wrapping TLOS happens on Telos EVM. ' : ''}
            {nextScreen ?? 'The page you opened'} shows an EVM account, and none is connected in this browser.
            Connect your wallet or view an address below, and Tandem takes you back there.
          </p>
        )}
        <p className="home__connect-lead">Pick the wallet that holds your account.</p>

        {groups.map((group) => (
          <div className="connect-group" key={group.id}>
            <h3 className="connect-group__title">{group.title}</h3>
            {group.id === 'evm' ? (
              <ConnectEvmWallet />
            ) : (
            <div className="connect-group__options">
              {group.options.map((option) => (
                <Link key={option.label} to={option.to} className="connect-option">
                  <span className="planned__text">
                    <span className="planned__label">{option.label}</span>
                    <span className="planned__detail">{option.detail}</span>
                  </span>
                  <span className="connect-option__go" aria-hidden="true">→</span>
                </Link>
              ))}
            </div>
            )}
          </div>
        ))}

        <div className="home__alternatives">
          <Link to={nativeSignInPath('viewer')} className="connect-option connect-option--secondary">
            <span className="planned__label">View Any Account</span>
            <span className="planned__detail">Any Telos Zero account, read-only</span>
          </Link>
          <Link to="/zero/create-account" className="connect-option connect-option--secondary">
            <span className="planned__label">Create a New Account</span>
            <span className="planned__detail">A Telos Zero account with keys made in this browser, paid for by an account you hold</span>
          </Link>
        </div>
        <ViewEvmAccountForm />

        <p className="home__discontinued">
          Cloud wallet sign-in (Google, Facebook, X, GitHub and e-mail) is discontinued: connect one of the wallets above instead.
        </p>
      </section>

      <footer className="home__links">
        <details className="web-wallet-explainer">
          <summary>What is a Web Wallet</summary>
          <p>
            A web wallet is a page that shows what your accounts hold and prepares transactions for you. It does not
            hold your keys: every transaction is signed by the wallet you connect (a browser extension, a phone app or
            an authenticator), which asks you first. Closing the page never loses funds.
          </p>
        </details>
        <p className="home__legal">
          {appConfig.termsOfServiceUrl !== null ? <a href={appConfig.termsOfServiceUrl}>Terms of Service</a> : null}
          {appConfig.privacyPolicyUrl !== null ? <a href={appConfig.privacyPolicyUrl}>Privacy Policy</a> : null}
        </p>
      </footer>
    </div>
  );
}
