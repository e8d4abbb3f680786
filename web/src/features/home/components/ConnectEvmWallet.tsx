import type { ParseKeys } from 'i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { builtInWalletOfBrowser, isMobileBrowser } from '../../../lib/device';
import type { EvmWalletChoice } from '../../../lib/evm-wallet/connection';
import { WALLET_CONNECT_ID } from '../../../lib/evm-wallet/connectionProtocol';
import { isEvmDevWalletAllowed, isLoopbackUrl, keepEvmDevWalletKey, normalisePrivateKey } from '../../../lib/evm-wallet/devWallet';
import { discoverWallets, type DiscoveredWallet } from '../../../lib/evm-wallet/discovery';
import type { PairingOutcome } from '../../../lib/evm-wallet/walletConnect';
import { useHydrated } from '../../../lib/hydration';
import { destinationAfterLogin, RETURN_QUERY } from '../../../lib/navigation/destinations';
import { networksQueryOptions, useNetworks, type NetworkSummary } from '../../../lib/networks/api/networks';
import { walletNetworkFor } from '../../../lib/networks/model/defaultNetwork';
import { notify } from '../../../lib/notify/notify';
import type { Message } from '../../../lib/notify/toastStore';
import { readStoredSession } from '../../../lib/session/storedSession';
import { browserStorage } from '../../../lib/storage';
import { WalletConnectDialog } from './WalletConnectDialog';
import { WalletConnectOption } from './WalletConnectOption';

type Failure = Message | null;

/** A wallet to log in with, or why there is none (the connection protocol's pairing can end without one). */
type Chosen = EvmWalletChoice | Exclude<PairingOutcome, { kind: 'paired' }>;

/** The connection protocol's pairing under way: its link once the relay has handed it out. */
interface Pairing {
  readonly uri: string | null;
}

/** The network an EVM login goes to: the one last used when this server serves it, else the default EVM network. */
function loginNetwork(networks: readonly NetworkSummary[]): NetworkSummary | null {
  return walletNetworkFor(readStoredSession(browserStorage(), 'evm').network, networks);
}

/**
 * Connect Your Wallet, Telos EVM side (spec §2, §4 "EVM login"): the wallets this
 * browser has (EIP-6963 announcements, else window.ethereum), the multiple-provider
 * warning, mobile and connection-protocol wallets (WalletConnect, when this server
 * has a project id), and on the local devnet only the development wallet. The
 * login code (network switch, checksum, session) loads when a wallet is picked.
 */
/** What to do when no wallet announced itself: switch on the browser's own, or get one. */
function noWalletText() {
  if (builtInWalletOfBrowser() === 'brave') return 'antelope.evm.error_builtin_wallet_disabled' as const;
  return isMobileBrowser() ? ('home.evm_no_wallet_mobile' as const) : ('home.evm_no_wallet' as const);
}

export function ConnectEvmWallet() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const networks = useNetworks();
  const discovery = useQuery({ queryKey: ['evm-wallets'], queryFn: () => discoverWallets(), staleTime: Infinity, gcTime: 0 });
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<Failure>(null);
  const [pairing, setPairing] = useState<Pairing | null>(null);
  const pairingAbort = useRef<AbortController | null>(null);
  // Leaving home (the browser's Back) while the pairing dialog is open cancels the pairing too.
  useEffect(() => () => pairingAbort.current?.abort(), []);
  const hydrated = useHydrated();
  // Pre-rendered, the page knows no network yet: only once hydrated may the devnet's wallet show.
  const devNetwork = hydrated ? (networks.data?.find((network) => isEvmDevWalletAllowed(network)) ?? null) : null;
  // The devnet is reached on this machine only: opened from a loopback address, the page keeps
  // the development wallet's room until the networks are known, so nothing below it moves.
  const reservesDevWallet = !hydrated || (networks.isPending && isLoopbackUrl(window.location.href));

  /** A login that did not happen: the user's no is a neutral message (spec §4, §8), a cancelled pairing says nothing. */
  const report = (outcome: { kind: 'rejected' | 'failed' | 'cancelled'; message?: ParseKeys; values?: Record<string, string> }) => {
    if (outcome.kind === 'cancelled' || outcome.message === undefined) return;
    const message = { key: outcome.message, ...(outcome.values === undefined ? {} : { values: outcome.values }) };
    if (outcome.kind === 'rejected') notify.neutral(message);
    else setFailure(message);
  };

  const login = async (id: string, choose: (network: NetworkSummary) => Promise<Chosen>) => {
    setBusy(id);
    setFailure(null);
    try {
      const network = loginNetwork(await queryClient.query(networksQueryOptions()));
      if (network === null) {
        setFailure({ key: 'home.view_evm_no_network' });
        return;
      }
      const [{ connectEvmWallet }, { reportSwitchOutcome }] = await Promise.all([
        import('../../../lib/evm-wallet/connection'),
        import('../../../lib/wallet/switchNetwork'),
      ]);
      const chosen = await choose(network);
      if (!('provider' in chosen)) {
        report(chosen);
        return;
      }
      const outcome = await connectEvmWallet(chosen, network);
      if (outcome.kind !== 'connected') {
        // A wallet session made for this login (the connection protocol's) ends with it.
        chosen.end?.().catch(() => undefined);
        report(outcome);
        return;
      }
      reportSwitchOutcome(outcome.switched, network.displayName, notify, outcome.connection.address);
      const target = destinationAfterLogin('evm', pathname, searchParams.get(RETURN_QUERY));
      if (target !== null) await navigate(target);
    } catch (error) {
      setFailure({ text: `${t('antelope.evm.error_login')}: ${error instanceof Error ? error.message : String(error)}` });
    } finally {
      setBusy(null);
    }
  };

  const connectInjected = (wallet: DiscoveredWallet) =>
    login(wallet.id, async () => (await import('../../../lib/evm-wallet/walletChoices')).injectedChoice(wallet));

  const connectWalletConnect = (projectId: string) =>
    login(WALLET_CONNECT_ID, async (network) => {
      const controller = new AbortController();
      pairingAbort.current = controller;
      setPairing({ uri: null });
      try {
        const { pairWalletConnect } = await import('../../../lib/evm-wallet/walletConnect');
        const outcome = await pairWalletConnect(
          { projectId, network, origin: window.location.origin },
          { signal: controller.signal, onUri: (uri) => { setPairing((current) => (current === null ? null : { uri })); } },
        );
        return outcome.kind === 'paired' ? outcome.choice : outcome;
      } finally {
        pairingAbort.current = null;
        setPairing(null);
      }
    });

  const wallets = discovery.data?.wallets ?? [];
  return (
    <div className="connect-group__options" aria-busy={busy !== null || discovery.isPending}>
      {wallets.map((wallet) => (
        <button
          key={wallet.id}
          type="button"
          className="connect-option"
          disabled={busy !== null}
          onClick={() => void connectInjected(wallet)}
        >
          <span className="planned__text">
            <span className="planned__label">
              {wallet.icon !== null && <img src={wallet.icon} alt="" width={20} height={20} className="connect-option__icon" />}
              {busy === wallet.id ? t('home.evm_connecting', { wallet: wallet.name }) : t('home.evm_connect', { wallet: wallet.name })}
            </span>
            <span className="planned__detail">{t('home.evm_injected_detail')}</span>
          </span>
          <span className="connect-option__go" aria-hidden="true">→</span>
        </button>
      ))}
      {/* While the wallets are asked to announce themselves (150 ms), the "none found" note
          already takes its place, unseen: the options and the View form below do not jump
          when it shows, so a click aimed at them lands where it was aimed. */}
      {(discovery.isPending || (discovery.isSuccess && wallets.length === 0)) && (
        <p className={discovery.isPending ? 'connect-note connect-note--pending' : 'connect-note'} aria-hidden={discovery.isPending}>
          {/* The browser's facts are read once hydrated: the pre-rendered page was built without them. */}
          {t(hydrated ? noWalletText() : 'home.evm_no_wallet')}
        </p>
      )}
      {discovery.data?.multipleLegacyProviders === true && (
        <p className="connect-note connect-note--warning" role="alert">
          {t('antelope.evm.error_multiple_providers')}
        </p>
      )}
      <WalletConnectOption
        busy={busy !== null}
        connecting={busy === WALLET_CONNECT_ID}
        onConnect={(projectId) => void connectWalletConnect(projectId)}
      />
      {pairing !== null && <WalletConnectDialog uri={pairing.uri} onCancel={() => pairingAbort.current?.abort()} />}
      {devNetwork === null && reservesDevWallet && <DevWalletRoom loopbackOnly={!hydrated} />}
      {devNetwork !== null && (
        <DevWalletForm
          busy={busy !== null}
          onConnect={(key) =>
            login('dev', async (network) => {
              keepEvmDevWalletKey(key);
              return (await import('../../../lib/evm-wallet/walletChoices')).devWalletChoice(network, key);
            })
          }
        />
      )}
      {failure !== null && (
        <p className="view-evm__error" role="alert">
          {'text' in failure ? failure.text : t(failure.key, failure.values ?? {})}
        </p>
      )}
    </div>
  );
}

/** The development wallet's closed box, unseen: the room it takes when it shows. */
function DevWalletRoom({ loopbackOnly }: { loopbackOnly: boolean }) {
  const { t } = useTranslation();
  return (
    <details className="dev-wallet dev-wallet--room" aria-hidden="true" data-loopback-only={loopbackOnly ? '' : undefined}>
      <summary tabIndex={-1}>
        <span className="planned__label">{t('home.evm_dev_title')}</span>
        <span className="planned__detail">{t('home.evm_dev_detail')}</span>
      </summary>
    </details>
  );
}

function DevWalletForm({ busy, onConnect }: { busy: boolean; onConnect: (key: `0x${string}`) => Promise<void> }) {
  const { t } = useTranslation();
  const inputId = useId();
  const errorId = useId();
  const [key, setKey] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const normalised = normalisePrivateKey(key);
    if (normalised === null) {
      setError(t('home.evm_dev_key_invalid'));
      return;
    }
    setError(null);
    void onConnect(normalised);
  };

  return (
    <details className="dev-wallet">
      <summary>
        <span className="planned__label">{t('home.evm_dev_title')}</span>
        <span className="planned__detail">{t('home.evm_dev_detail')}</span>
      </summary>
      <form onSubmit={submit} noValidate className="view-evm">
        <p className="connect-note connect-note--warning">{t('home.evm_dev_warning')}</p>
        <label htmlFor={inputId} className="view-evm__label">
          <span className="planned__label">{t('home.evm_dev_key')}</span>
        </label>
        <div className="view-evm__row">
          <input
            id={inputId}
            type="password"
            className="view-evm__input"
            value={key}
            onChange={(event) => {
              setKey(event.target.value);
              setError(null);
            }}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={error !== null}
            aria-describedby={error !== null ? errorId : undefined}
          />
          <button type="submit" className="button button--primary" disabled={busy}>
            {t('home.evm_dev_connect')}
          </button>
        </div>
        {error !== null && (
          <p id={errorId} className="view-evm__error" role="alert">
            {error}
          </p>
        )}
      </form>
    </details>
  );
}
