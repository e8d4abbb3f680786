import { useQueries } from '@tanstack/react-query';
import { outOfSyncNotice, statusQueryOptions, type StatusView } from '../../../lib/api/evm/status';
import { useTranslation } from 'react-i18next';
import { registerEvmTexts } from '../../../lib/i18n/evm';
import { useNetworks, type NetworkSummary } from '../../../lib/networks/api/networks';
import { DemoCase, DemoFrame } from '../../../lib/ui/DemoFrame';
import { QueryError } from '../../../lib/ui/QueryError';

registerEvmTexts();

const SOURCE_NAMES = { blockscout: 'Blockscout', teloscanIndexer: 'Teloscan indexer', ownIndex: 'Own index', rpc: 'Network node' } as const;

function SourceFacts({ status }: { status: StatusView }) {
  const { t } = useTranslation();
  const { source } = status;
  const health = source.primaryHealth;
  const notice = outOfSyncNotice(status);
  return (
    <>
      <dl className="demo-facts">
        <dt>Primary source</dt>
        <dd>{source.primaryName}</dd>
        <dt>In use now</dt>
        <dd>{source.inUseName}</dd>
        <dt>Lists (history, collectibles, approvals)</dt>
        <dd>{SOURCE_NAMES[source.lists]}</dd>
        <dt>Fallback</dt>
        <dd>{SOURCE_NAMES[source.fallback]}</dd>
        <dt>Primary health</dt>
        <dd>
          {health === null || health === undefined
            ? 'Not checked yet'
            : `${health.healthy ? 'Healthy' : 'Unhealthy'}, ${String(health.secondsBehind)} s behind at block ${String(health.blockNumber)}`}
        </dd>
        {source.indexLag !== null && source.indexLag !== undefined && (
          <>
            <dt>Own index</dt>
            <dd>
              {String(source.indexLag.blocksBehind)} blocks behind head {String(source.indexLag.headBlock)}
            </dd>
          </>
        )}
        {source.lastError !== null && source.lastError !== undefined && (
          <>
            <dt>Last error</dt>
            <dd>{source.lastError}</dd>
          </>
        )}
      </dl>
      {notice !== null ? (
        <p className="evm-warning" role="status">
          {t(`evm.balances.out_of_sync_${notice}`, { source: source.primaryName })}
        </p>
      ) : (
        <p className="muted">The screens read this network’s primary source; no warning shows.</p>
      )}
    </>
  );
}

/** /demos/indexer: the live data-source status of every EVM network this server serves, polled like the wallet does. */
export function IndexerDemo() {
  const networks = useNetworks();
  const evmNetworks: NetworkSummary[] = networks.data?.filter((network) => network.kind === 'evm') ?? [];
  const statuses = useQueries({ queries: evmNetworks.map((network) => statusQueryOptions(network.name)) });
  return (
    <DemoFrame path="indexer">
      {networks.isError && <QueryError failed="The networks could not be loaded." error={networks.error} onRetry={() => void networks.refetch()} />}
      <div className="demo-cases">
        {evmNetworks.map((network, index) => {
          const status = statuses[index];
          return (
            <DemoCase key={network.name} title={network.displayName}>
              {status?.data !== undefined ? (
                <SourceFacts status={status.data} />
              ) : status?.isError === true ? (
                <QueryError failed="This network’s status could not be read." error={status.error} onRetry={() => void status.refetch()} />
              ) : (
                <p role="status">Reading the status…</p>
              )}
            </DemoCase>
          );
        })}
      </div>
    </DemoFrame>
  );
}
