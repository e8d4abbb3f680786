import { useEffect, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInEvmScreen } from '../../../lib/evm-screen/evmScreen';
import { registerCollectiblesTexts } from '../../../lib/i18n/collectibles';
import type { NetworkSummary } from '../../../lib/networks/api/networks';
import { browserStorage } from '../../../lib/storage';
import { CoverageNotice } from '../../../lib/ui/CoverageNotice';
import { QueryError } from '../../../lib/ui/QueryError';
import { useInventory, useInventoryCollections } from '../api/inventory';
import {
  clampPage,
  collectionOptions,
  INITIAL_FILTERS,
  inventoryReducer,
  isFiltered,
  pageCount,
  pageRequest,
  readViewMode,
  saveViewMode,
  SEARCH_DEBOUNCE_MS,
  shownRange,
  type ViewMode,
} from '../model/inventory';
import { InventoryResults } from './InventoryResults';
import { InventoryToolbar } from './InventoryToolbar';
import './collectibles.css';

registerCollectiblesTexts();

/** /evm/collectible-inventory: the account's collectibles, filtered, searched and paged by the server. */
export function CollectibleInventoryPage() {
  const { account, network } = useSignedInEvmScreen();
  // Spec §4: the inventory is reset when the account changes — a new account mounts a fresh one.
  return <Inventory key={`${network.name}:${account.toLowerCase()}`} network={network} address={account} />;
}

function Inventory({ network, address }: { network: NetworkSummary; address: string }) {
  const { t } = useTranslation();
  const [filters, dispatch] = useReducer(inventoryReducer, INITIAL_FILTERS);
  const [searchText, setSearchText] = useState('');
  const [view, setView] = useState<ViewMode>(() => readViewMode(browserStorage()));
  const inventory = useInventory({ network: network.name, address, ...pageRequest(filters) });
  const collections = useInventoryCollections(network.name, address);

  // The search is sent once typing pauses, not on every key.
  useEffect(() => {
    const timer = window.setTimeout(() => { dispatch({ type: 'search', search: searchText }); }, SEARCH_DEBOUNCE_MS);
    return () => { window.clearTimeout(timer); };
  }, [searchText]);

  // After a transfer the total may shrink under the page on screen: go to the last page that exists.
  const total = inventory.data?.total;
  useEffect(() => {
    if (total === undefined) return;
    const page = clampPage(filters.page, total, filters.pageSize);
    if (page !== filters.page) dispatch({ type: 'page', page });
  }, [total, filters.page, filters.pageSize]);

  const chooseView = (mode: ViewMode) => {
    setView(mode);
    saveViewMode(browserStorage(), mode);
  };
  const clearFilters = () => {
    setSearchText('');
    dispatch({ type: 'clear' });
  };

  const data = inventory.data;
  const pages = data ? pageCount(data.total, filters.pageSize) : 1;
  const range = data ? shownRange(data.total, filters.page, filters.pageSize) : null;

  return (
    <section className="card nft-card-panel" aria-labelledby="nft-inventory-title" aria-busy={inventory.isFetching}>
      <h2 id="nft-inventory-title" className="visually-hidden">
        {t('collectibles.inventory.results')}
      </h2>
      <InventoryToolbar
        filters={filters}
        searchText={searchText}
        collections={collections.data ? collectionOptions(collections.data.nfts) : null}
        collectionsFailed={collections.isError}
        view={view}
        onCollection={(collection) => { dispatch({ type: 'collection', collection }); }}
        onSearchText={setSearchText}
        onView={chooseView}
        onPageSize={(pageSize) => { dispatch({ type: 'pageSize', pageSize }); }}
      />

      <CoverageNotice coverage={data?.coverage} lag={data?.indexLag} subject="collectibles" />

      <div className="nft-summary" aria-live="polite">
        {data && (
          <p className="muted">
            <span data-testid="nft-total">{t('collectibles.inventory.count', { count: data.total })}</span>
            {range && data.total > filters.pageSize && <> · {t('collectibles.inventory.showing', { ...range, total: data.total })}</>}
          </p>
        )}
        {inventory.isFetching && !inventory.isPending && (
          <p className="state muted" role="status">
            <span className="spinner" aria-hidden="true" />
            {t('collectibles.inventory.updating')}
          </p>
        )}
      </div>

      {inventory.isPending && (
        <>
          <p className="state" role="status">
            <span className="spinner" aria-hidden="true" />
            {t('collectibles.inventory.loading')}
          </p>
          <ul className="nft-grid" aria-hidden="true">
            {Array.from({ length: 4 }, (_, index) => (
              <li key={index} className="nft-card nft-card--skeleton">
                <span className="nft-media nft-media--card skeleton" />
                <span className="skeleton skeleton--text" />
              </li>
            ))}
          </ul>
        </>
      )}
      {inventory.isError && (
        <QueryError failed={t('collectibles.error_fetching_collection_nfts')} error={inventory.error} onRetry={() => void inventory.refetch()} />
      )}

      {data?.nfts.length === 0 && !inventory.isPlaceholderData && (
        <div className="nft-empty">
          {isFiltered(filters) ? (
            <>
              <p>{t('collectibles.inventory.empty_filtered')}</p>
              <button type="button" className="button button--secondary button--small" onClick={clearFilters}>
                {t('collectibles.inventory.clear_filters')}
              </button>
            </>
          ) : (
            <p>{t('collectibles.inventory.empty')}</p>
          )}
        </div>
      )}
      {data && data.nfts.length > 0 && <InventoryResults nfts={data.nfts} view={view} network={network.name} />}

      {data && pages > 1 && (
        <nav className="nft-paging" aria-label={t('collectibles.inventory.paging')}>
          <button type="button" className="button button--secondary button--small" disabled={filters.page <= 1} onClick={() => { dispatch({ type: 'page', page: filters.page - 1 }); }}>
            {t('collectibles.inventory.previous')}
          </button>
          <span>{t('collectibles.inventory.page_of', { page: filters.page, pages })}</span>
          <button type="button" className="button button--secondary button--small" disabled={filters.page >= pages} onClick={() => { dispatch({ type: 'page', page: filters.page + 1 }); }}>
            {t('collectibles.inventory.next')}
          </button>
        </nav>
      )}
    </section>
  );
}
