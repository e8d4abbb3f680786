import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { NetworkSummary } from '../networks/api/networks';
import { useNetworkChange } from './useNetworkChange';

/** How a network is named in the chooser: its name, and whether it is a test or local network. */
function optionLabel(network: NetworkSummary, kinds: { devnet: string; testnet: string }): string {
  if (network.isDevnet) return `${network.displayName} (${kinds.devnet})`;
  return network.isTestnet ? `${network.displayName} (${kinds.testnet})` : network.displayName;
}

/**
 * The EVM network the screens show (spec §4): every EVM network this server serves.
 * Choosing one asks a connected wallet to switch first; the choice only sticks when
 * the wallet followed (or for a read-only session, which has no wallet to ask).
 */
export function NetworkChooser({ networks, current }: { networks: readonly NetworkSummary[]; current: NetworkSummary }) {
  const { t } = useTranslation();
  const id = useId();
  const { busy, change } = useNetworkChange();
  const kinds = { devnet: t('network.devnet'), testnet: t('network.testnet') };
  const evmNetworks = networks.filter((network) => network.kind === 'evm');
  if (evmNetworks.length < 2) return null;

  const choose = async (name: string) => {
    const target = evmNetworks.find((network) => network.name === name);
    if (target === undefined || target.name === current.name) return;
    await change(target);
  };

  return (
    <div className="network-chooser">
      <label htmlFor={id} className="network-chooser__label">
        {t('network.chooser_label')}
      </label>
      <select
        id={id}
        className="network-chooser__select"
        value={current.name}
        disabled={busy}
        aria-describedby={busy ? `${id}-busy` : undefined}
        onChange={(event) => void choose(event.target.value)}
      >
        {evmNetworks.map((network) => (
          <option key={network.name} value={network.name}>
            {optionLabel(network, kinds)}
          </option>
        ))}
      </select>
      {busy && (
        <span id={`${id}-busy`} className="network-chooser__busy" role="status">
          {t('network.chooser_busy')}
        </span>
      )}
    </div>
  );
}
