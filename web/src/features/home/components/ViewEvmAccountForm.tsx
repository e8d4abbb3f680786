import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import '../../../lib/i18n/i18n';
import { RETURN_QUERY, returnPath } from '../../../lib/navigation/destinations';
import { networksQueryOptions } from '../../../lib/networks/api/networks';
import { defaultNetwork } from '../../../lib/networks/model/defaultNetwork';
import { EVM_VIEWER_LANDING, storeEvmViewerSession } from '../../../lib/session/evmViewer';
import { notifyStoredAccountChanged } from '../../../lib/session/storedAccount';
import { browserStorage } from '../../../lib/storage';

/**
 * View Any Account, EVM side (spec §4 Login): an address opens the wallet
 * read-only on the devnet when the server runs one, else on Telos EVM. The
 * checksum rule (and the hash it needs) loads only when the form is sent.
 * It returns to the page a guard turned away, like a wallet sign-in.
 */
export function ViewEvmAccountForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const inputId = useId();
  const errorId = useId();
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const view = async () => {
    const { validateEvmAddress } = await import('../../../lib/validation/evmAddress');
    const checked = validateEvmAddress(address.trim());
    if (!checked.ok) {
      setError(t(checked.error.key, checked.error.values ?? {}));
      return;
    }
    let networkName: string | null;
    try {
      networkName = defaultNetwork(await queryClient.query(networksQueryOptions()), 'evm')?.name ?? null;
    } catch {
      setError(t('home.view_evm_networks_failed'));
      return;
    }
    if (networkName === null) {
      setError(t('home.view_evm_no_network'));
      return;
    }
    const storage = browserStorage();
    if (storage !== null) storeEvmViewerSession(storage, checked.value.checksummed, networkName);
    notifyStoredAccountChanged();
    // Back to the page a guard turned away, when there is one.
    await navigate(returnPath(searchParams.get(RETURN_QUERY)) ?? EVM_VIEWER_LANDING);
  };

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setBusy(true);
    void view().finally(() => { setBusy(false); });
  };

  return (
    <form className="view-evm" onSubmit={submit} noValidate>
      <label htmlFor={inputId} className="view-evm__label">
        <span className="planned__label">{t('home.view_evm_label')}</span>
        <span className="planned__detail">{t('home.view_evm_detail')}</span>
      </label>
      <div className="view-evm__row">
        <input
          id={inputId}
          className="view-evm__input"
          value={address}
          onChange={(event) => { setAddress(event.target.value); setError(null); }}
          placeholder="0x…"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error !== null}
          aria-describedby={error !== null ? errorId : undefined}
        />
        <button type="submit" className="button button--primary" disabled={busy}>
          {t('home.view_evm_submit')}
        </button>
      </div>
      {error !== null && (
        <p id={errorId} className="view-evm__error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
