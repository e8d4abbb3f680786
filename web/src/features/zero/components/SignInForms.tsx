import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api/client';
import { validateAccountName } from '../../../lib/validation/accountName';
import type { NetworkSummary } from '../../../lib/networks/api/networks';
import { fetchKeyAccounts } from '../api/keyAccounts';
import { ACCOUNT_NOT_FOUND, fetchNativeAccount } from '../api/account';
import { CLEOS_DEFAULT_ACCOUNT, CLEOS_PERMISSIONS, type CleosPermission } from '../model/cleos';
import { keepDevWalletKey } from '../model/devWalletKey';
import { DEFAULT_PERMISSION, type NativeSession, type WalletAuthenticatorId } from '../model/nativeSession';
import { isWalletRefusal } from '../model/walletRefusal';

type SignedIn = (session: Omit<NativeSession, 'network'>) => void;

function FieldError({ id, message }: { id: string; message: string | null }) {
  return message === null ? null : (
    <p id={id} className="zero-field__error" role="alert">
      {message}
    </p>
  );
}

function Busy({ text }: { text: string }) {
  return (
    <p className="zero-state" role="status">
      <span className="spinner" aria-hidden="true" />
      {text}
    </p>
  );
}

/** Anchor and extension wallets through WharfKit; its own prompts (QR code, pop-ups) appear on top. */
export function WalletForm({ network, wallets, onSignedIn }: { network: NetworkSummary; wallets: readonly WalletAuthenticatorId[]; onSignedIn: SignedIn }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<WalletAuthenticatorId | null>(null);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  const connect = async (wallet: WalletAuthenticatorId) => {
    if (typeof network.chainId !== 'string' || network.rpcUrl === null) {
      setError(t('zero.signin.error_no_rpc', { network: network.displayName }));
      return;
    }
    setBusy(wallet);
    setError(null);
    try {
      const { loginWithWallet } = await import('../signing/walletLogin');
      try {
        const login = await loginWithWallet(wallet, { id: network.chainId, rpcUrl: network.rpcUrl });
        onSignedIn({ ...login, authenticator: wallet });
      } catch (thrown) {
        // Spec §4: a cancelled login is only logged.
        if (isWalletRefusal(thrown)) console.info('native login cancelled', thrown);
        else setError(t('zero.signin.error_login_native', { message: thrown instanceof Error ? thrown.message : String(thrown) }));
      }
    } catch (thrown) {
      setError(t('zero.signin.error_load', { message: thrown instanceof Error ? thrown.message : String(thrown) }));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="zero-signin__form">
      <div className="button-row">
        {wallets.map((wallet) => (
          <button key={wallet} type="button" className="button button--primary" disabled={busy !== null} aria-describedby={error === null ? undefined : errorId} onClick={() => void connect(wallet)}>
            {t(`zero.signin.wallet.${wallet}`)}
          </button>
        ))}
      </div>
      {busy !== null && <Busy text={t('zero.signin.waiting_wallet', { wallet: t(`zero.signin.wallet.${busy}`) })} />}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

function useAccountField(initial: string) {
  const [value, setValue] = useState(initial);
  const [touched, setTouched] = useState(false);
  const checked = validateAccountName(value.trim());
  return { value, setValue, touched, setTouched, checked };
}

/** The command-line style sign-in (spec §6): active or owner, an account name defaulting to the system account. */
export function CleosForm({ onSignedIn }: { onSignedIn: SignedIn }) {
  const { t } = useTranslation();
  const account = useAccountField(CLEOS_DEFAULT_ACCOUNT);
  const [permission, setPermission] = useState<CleosPermission>('active');
  const accountId = useId();
  const errorId = useId();

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    account.setTouched(true);
    if (account.checked.ok) onSignedIn({ account: account.checked.value, permission, authenticator: 'cleos', signer: null });
  };

  const error = account.touched && !account.checked.ok ? t(account.checked.error.key, account.checked.error.values ?? {}) : null;
  return (
    <form className="zero-signin__form" onSubmit={submit} noValidate>
      <p className="zero-muted">{t('zero.signin.cleos_explainer')}</p>
      <fieldset className="choice-row zero-inline-choice">
        <legend>{t('zero.signin.permission')}</legend>
        {CLEOS_PERMISSIONS.map((candidate) => (
          <label key={candidate}>
            <input type="radio" name="cleos-permission" value={candidate} checked={permission === candidate} onChange={() => { setPermission(candidate); }} />
            {candidate}
          </label>
        ))}
      </fieldset>
      <div className="zero-field">
        <label htmlFor={accountId}>{t('zero.signin.account_name')}</label>
        <input className="input" id={accountId} value={account.value} autoComplete="off" spellCheck={false} aria-invalid={error !== null} aria-describedby={errorId}
          onChange={(event) => { account.setValue(event.target.value); }} onBlur={() => { account.setTouched(true); }} />
        <FieldError id={errorId} message={error} />
      </div>
      <button type="submit" className="button button--primary">{t('zero.signin.continue')}</button>
    </form>
  );
}

/** Viewer mode: any existing account, read-only, with the active permission (spec §6). */
export function ViewerForm({ network, onSignedIn }: { network: NetworkSummary; onSignedIn: SignedIn }) {
  const { t } = useTranslation();
  const account = useAccountField('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const accountId = useId();
  const errorId = useId();

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    account.setTouched(true);
    if (!account.checked.ok) return;
    setBusy(true);
    setError(null);
    try {
      await fetchNativeAccount(network.name, account.checked.value);
      onSignedIn({ account: account.checked.value, permission: DEFAULT_PERMISSION, authenticator: 'viewer', signer: null });
    } catch (thrown) {
      setError(
        thrown instanceof ApiError && thrown.code === ACCOUNT_NOT_FOUND
          ? t('zero.signin.error_account_missing', { account: account.checked.value, network: network.displayName })
          : t('zero.signin.error_lookup', { message: thrown instanceof Error ? thrown.message : String(thrown) }),
      );
    } finally {
      setBusy(false);
    }
  };

  const shown = error ?? (account.touched && !account.checked.ok ? t(account.checked.error.key, account.checked.error.values ?? {}) : null);
  return (
    <form className="zero-signin__form" onSubmit={(event) => void submit(event)} noValidate>
      <div className="zero-field">
        <label htmlFor={accountId}>{t('zero.signin.account_to_view')}</label>
        <input className="input" id={accountId} value={account.value} autoComplete="off" spellCheck={false} placeholder="alice" aria-invalid={shown !== null} aria-describedby={errorId}
          onChange={(event) => { account.setValue(event.target.value); setError(null); }} />
        <FieldError id={errorId} message={shown} />
      </div>
      <button type="submit" className="button button--primary" disabled={busy}>{t('zero.signin.view')}</button>
      {busy && <Busy text={t('zero.signin.checking_account')} />}
    </form>
  );
}

/** The development wallet (devnet only, docs/adr/0003): paste a devnet key, pick its account. */
export function DevWalletForm({ network, onSignedIn }: { network: NetworkSummary; onSignedIn: SignedIn }) {
  const { t } = useTranslation();
  const [key, setKey] = useState('');
  const [accounts, setAccounts] = useState<string[] | null>(null);
  const [account, setAccount] = useState('');
  const [permission, setPermission] = useState(DEFAULT_PERMISSION);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const keyId = useId();
  const accountId = useId();
  const permissionId = useId();
  const errorId = useId();

  const findAccounts = async (event: SyntheticEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { publicKeyOf } = await import('../signing/devWalletSigner');
      let publicKey: string;
      try {
        publicKey = publicKeyOf(key);
      } catch {
        setError(t('zero.signin.error_bad_key'));
        return;
      }
      const found = await fetchKeyAccounts(network.name, publicKey);
      if (found.length === 0) setError(t('zero.signin.error_key_no_account'));
      setAccounts(found);
      setAccount(found[0] ?? '');
    } catch (thrown) {
      setError(t('zero.signin.error_lookup', { message: thrown instanceof Error ? thrown.message : String(thrown) }));
    } finally {
      setBusy(false);
    }
  };

  const signIn = async () => {
    setBusy(true);
    setError(null);
    try {
      const { devWalletSigner } = await import('../signing/devWalletSigner');
      const signer = devWalletSigner(network, key, account, permission.trim() || DEFAULT_PERMISSION);
      keepDevWalletKey(key.trim());
      onSignedIn({ account, permission: permission.trim() || DEFAULT_PERMISSION, authenticator: 'devkey', signer });
    } catch (thrown) {
      setError(t('zero.signin.error_login_native', { message: thrown instanceof Error ? thrown.message : String(thrown) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="zero-signin__form" onSubmit={(event) => void findAccounts(event)} noValidate>
      <p className="zero-warning">{t('zero.signin.devkey_warning')}</p>
      <div className="zero-field">
        <label htmlFor={keyId}>{t('zero.signin.private_key')}</label>
        <input className="input" id={keyId} type="password" value={key} autoComplete="off" spellCheck={false} aria-describedby={errorId}
          onChange={(event) => { setKey(event.target.value); setAccounts(null); }} />
      </div>
      {accounts === null && (
        <button type="submit" className="button button--primary" disabled={busy || key.trim() === ''}>{t('zero.signin.find_accounts')}</button>
      )}
      {accounts !== null && accounts.length > 0 && (
        <>
          <div className="zero-field">
            <label htmlFor={accountId}>{t('zero.signin.account_name')}</label>
            <select className="input" id={accountId} value={account} onChange={(event) => { setAccount(event.target.value); }}>
              {accounts.map((name) => <option key={name} value={name}>{name}</option>)}
            </select>
          </div>
          <div className="zero-field">
            <label htmlFor={permissionId}>{t('zero.signin.permission')}</label>
            <input className="input" id={permissionId} value={permission} autoComplete="off" spellCheck={false} onChange={(event) => { setPermission(event.target.value); }} />
          </div>
          <button type="button" className="button button--primary" disabled={busy} onClick={() => void signIn()}>{t('zero.signin.sign_in')}</button>
        </>
      )}
      {busy && <Busy text={t('zero.signin.checking_key')} />}
      <FieldError id={errorId} message={error} />
    </form>
  );
}
