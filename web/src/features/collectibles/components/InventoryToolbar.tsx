import { useId } from 'react';
import { shortHex } from '../../../lib/format/shortHex';
import { useTranslation } from 'react-i18next';
import type { CollectionOption, InventoryFilters, ViewMode } from '../model/inventory';
import { PAGE_SIZES } from '../model/inventory';

interface InventoryToolbarProps {
  readonly filters: InventoryFilters;
  /** What is in the search box (sent after a pause). */
  readonly searchText: string;
  readonly collections: readonly CollectionOption[] | null;
  readonly collectionsFailed: boolean;
  readonly view: ViewMode;
  readonly onCollection: (collection: string | null) => void;
  readonly onSearchText: (text: string) => void;
  readonly onView: (view: ViewMode) => void;
  readonly onPageSize: (size: number) => void;
}

/** Collection filter, search, grid or list, rows per page. */
export function InventoryToolbar(props: InventoryToolbarProps) {
  const { filters, searchText, collections, collectionsFailed, view } = props;
  const { t } = useTranslation();
  const ids = { collection: useId(), search: useId(), size: useId() };
  // A filter chosen before the list of collections arrived (or one no longer held) stays selectable.
  const options = collections ?? [];
  const chosen = filters.collection;
  const missing = chosen !== null && !options.some((option) => option.address.toLowerCase() === chosen.toLowerCase()) ? chosen : null;

  return (
    <div className="nft-toolbar" role="group" aria-label={t('collectibles.inventory.toolbar')}>
      <div className="nft-field">
        <label htmlFor={ids.collection}>{t('collectibles.inventory.collection')}</label>
        <select className="input"
          id={ids.collection}
          value={filters.collection ?? ''}
          onChange={(event) => { props.onCollection(event.target.value === '' ? null : event.target.value); }}
        >
          <option value="">{t('collectibles.inventory.all_collections')}</option>
          {options.map((option) => (
            <option key={option.address} value={option.address}>
              {t('collectibles.inventory.collection_option', { name: option.name ?? shortHex(option.address), count: option.count })}
            </option>
          ))}
          {missing !== null && <option value={missing}>{shortHex(missing)}</option>}
        </select>
        {collectionsFailed && <p className="muted nft-field__note">{t('collectibles.inventory.collections_failed')}</p>}
      </div>
      <div className="nft-field nft-field--grow">
        <label htmlFor={ids.search}>{t('collectibles.inventory.search')}</label>
        <input className="input"
          id={ids.search}
          type="search"
          value={searchText}
          placeholder={t('collectibles.inventory.search_placeholder')}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => { props.onSearchText(event.target.value); }}
        />
      </div>
      <fieldset className="nft-segmented">
        <legend>{t('collectibles.inventory.view')}</legend>
        {(['grid', 'list'] as const).map((mode) => (
          <button
            key={mode}
            type="button"
            className={`nft-segmented__option${mode === view ? ' active' : ''}`}
            aria-pressed={mode === view}
            onClick={() => { props.onView(mode); }}
          >
            {t(`collectibles.inventory.view_${mode}`)}
          </button>
        ))}
      </fieldset>
      <div className="nft-field">
        <label htmlFor={ids.size}>{t('collectibles.inventory.per_page')}</label>
        <select className="input" id={ids.size} value={filters.pageSize} onChange={(event) => { props.onPageSize(Number(event.target.value)); }}>
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
