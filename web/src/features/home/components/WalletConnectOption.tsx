import type { ParseKeys } from 'i18next';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useClientConfig } from '../../../lib/api/clientConfig';

interface WalletConnectOptionProps {
  /** Another login is under way. */
  readonly busy: boolean;
  /** This one is. */
  readonly connecting: boolean;
  readonly onConnect: (projectId: string) => void;
}

/**
 * Mobile and connection-protocol wallets (WalletConnect v2). It works only when
 * this server has a project id (GET /api/v1/client-config); otherwise it stays in
 * the list, disabled, and says why and who can change it.
 */
export function WalletConnectOption({ busy, connecting, onConnect }: WalletConnectOptionProps) {
  const { t } = useTranslation();
  const reasonId = useId();
  const config = useClientConfig();
  const projectId = config.data?.walletConnectProjectId ?? null;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const wasConnecting = useRef(false);

  // The pairing dialog gives the focus back to its opener, which was disabled meanwhile: take it back here.
  useEffect(() => {
    if (wasConnecting.current && !connecting && (document.activeElement === null || document.activeElement === document.body)) {
      buttonRef.current?.focus();
    }
    wasConnecting.current = connecting;
  }, [connecting]);

  if (projectId !== null) {
    return (
      <button ref={buttonRef} type="button" className="connect-option" disabled={busy} onClick={() => { onConnect(projectId); }}>
        <span className="planned__text">
          <span className="planned__label">{connecting ? t('home.evm_walletconnect_connecting') : t('home.evm_walletconnect')}</span>
          <span className="planned__detail">{t('home.evm_walletconnect_detail')}</span>
        </span>
        <span className="connect-option__go" aria-hidden="true">→</span>
      </button>
    );
  }

  let reason: ParseKeys = 'home.evm_walletconnect_off';
  if (config.isPending) reason = 'home.evm_walletconnect_checking';
  else if (config.isError) reason = 'home.evm_walletconnect_config_failed';
  return (
    <div className="connect-unavailable">
      {/* aria-disabled, not disabled: it stays focusable, so keyboard and screen-reader users also hear why. */}
      <button type="button" className="planned planned--option" aria-disabled="true" aria-describedby={reasonId}>
        <span className="planned__text">
          <span className="planned__label">{t('home.evm_walletconnect')}</span>
          <span className="planned__detail">{t('home.evm_walletconnect_detail')}</span>
        </span>
      </button>
      <p id={reasonId} className="connect-unavailable__reason">
        {config.isPending ? (
          <span className="reserve">
            <span>{t(reason)}</span>
            {/* The usual answer holds its room meanwhile, so the page does not jump when it comes. */}
            <span className="reserve__hidden" aria-hidden="true">
              {t('home.evm_walletconnect_off')}
            </span>
          </span>
        ) : (
          t(reason)
        )}
      </p>
    </div>
  );
}
