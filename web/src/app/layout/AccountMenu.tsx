import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { clearSession, readStoredAccount, shortAccountLabel, type AccountKind } from '../../lib/session/storedAccount';
import { Icon } from '../../lib/ui/icons';
import { destinationAfterLogout } from '../../lib/navigation/destinations';

type CopyState = 'idle' | 'copied' | 'failed';

/** What each chain's menu is called, on its button and in its panel. */
export const CHAIN_LABEL: Readonly<Record<AccountKind, { short: string; long: string }>> = {
  evm: { short: 'EVM', long: 'Telos EVM account' },
  native: { short: 'Zero', long: 'Telos Zero account' },
};

const OTHER: Readonly<Record<AccountKind, AccountKind>> = { evm: 'native', native: 'evm' };

/** Each chain's wallet screen, where its menu leads first. */
const WALLET_PATH: Readonly<Record<AccountKind, string>> = { evm: '/evm/wallet', native: '/zero/balance' };

/** The account overflow menu of one chain's session: copy address and Disconnect (that session only). */
export function AccountMenu({ account, kind, paired = false }: { account: string; kind: AccountKind; paired?: boolean }) {
  const [open, setOpen] = useState(false);
  const [copyState, setCopyState] = useState<CopyState>('idle');
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const copyAddress = async () => {
    try {
      await navigator.clipboard.writeText(account);
      setCopyState('copied');
    } catch {
      setCopyState('failed');
    }
  };

  const disconnect = () => {
    setOpen(false);
    clearSession(kind);
    const target = destinationAfterLogout(pathname, kind, readStoredAccount(OTHER[kind]) !== null);
    if (target !== null) void navigate(target);
  };

  return (
    <div className={paired ? 'account-menu account-menu--paired' : 'account-menu'} ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="account-menu__button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`Account menu for ${account}`}
        onClick={() => {
          setOpen((wasOpen) => !wasOpen);
          setCopyState('idle');
        }}
      >
        <span className="account-menu__avatar" aria-hidden="true" />
        <span className="account-menu__chain" aria-hidden="true">{CHAIN_LABEL[kind].short}</span>
        <span className="account-menu__label">{shortAccountLabel(account)}</span>
        <Icon name="chevronDown" size={16} />
      </button>
      <div id={panelId} className="account-menu__panel" hidden={!open}>
        <p className="account-menu__title">{CHAIN_LABEL[kind].long}</p>
        <p className="account-menu__account">{account}</p>
        <Link to={WALLET_PATH[kind]} className="account-menu__item" onClick={() => { setOpen(false); }}>
          <Icon name="wallet" />
          {kind === 'evm' ? 'Open the EVM wallet' : 'Open the Zero wallet'}
        </Link>
        <button type="button" className="account-menu__item" onClick={() => void copyAddress()}>
          <Icon name="copy" />
          {kind === 'evm' ? 'Copy address' : 'Copy account name'}
        </button>
        <button type="button" className="account-menu__item" onClick={disconnect}>
          <Icon name="logout" />
          Disconnect
        </button>
        <p className="account-menu__status" role="status">
          {copyState === 'copied' ? 'Address copied' : copyState === 'failed' ? 'Could not copy: clipboard access was refused' : ''}
        </p>
      </div>
    </div>
  );
}
