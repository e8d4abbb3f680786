import { useTranslation } from 'react-i18next';
import type { NetworkSummary, useNetworks } from '../../../lib/networks/api/networks';
import { QueryError } from '../../../lib/ui/QueryError';

/**
 * What an EVM screen shows instead of its content while the served networks load, when
 * they cannot be read, or when this server serves no EVM network; `null` once there is
 * a network to show.
 */
export function NetworkState({ networks, network }: { networks: ReturnType<typeof useNetworks>; network: NetworkSummary | null }) {
  const { t } = useTranslation();
  if (networks.isPending) {
    return (
      <p className="state" role="status">
        <span className="spinner" aria-hidden="true" />
        {t('evm.wallet.network_loading')}
      </p>
    );
  }
  if (networks.isError) {
    return <QueryError failed={t('evm.wallet.network_failed')} error={networks.error} onRetry={() => void networks.refetch()} />;
  }
  if (network === null) {
    return (
      <p className="state" role="alert">
        {t('evm.wallet.network_missing')}
      </p>
    );
  }
  return null;
}
