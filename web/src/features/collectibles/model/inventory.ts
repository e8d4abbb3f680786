/**
 * The inventory's filters and paging (spec §3 "NFT filters and paging": collection
 * and searchTerm; offset and limit) as a pure reducer, the request they make, and
 * the small decisions around them. Changing a filter or the page size goes back to
 * the first page; a new account starts from scratch (spec §4 "The NFT inventory is
 * reset when the account changes": the page remounts per account, see
 * CollectibleInventoryPage, and {@link keepPageOf} keeps another account's rows
 * from ever standing in as a placeholder).
 */

import { trySetItem, type StorageLike } from '../../../lib/storage';

export const PAGE_SIZES = [12, 24, 48, 96] as const;
export const DEFAULT_PAGE_SIZE = 24;
/** How long typing pauses before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface InventoryFilters {
  /** Collection contract address, or null for every collection. */
  readonly collection: string | null;
  /** What the user typed (sent trimmed). */
  readonly search: string;
  /** 1-based. */
  readonly page: number;
  readonly pageSize: number;
}

export const INITIAL_FILTERS: InventoryFilters = { collection: null, search: '', page: 1, pageSize: DEFAULT_PAGE_SIZE };

export type InventoryAction =
  | { readonly type: 'collection'; readonly collection: string | null }
  | { readonly type: 'search'; readonly search: string }
  | { readonly type: 'page'; readonly page: number }
  | { readonly type: 'pageSize'; readonly pageSize: number }
  | { readonly type: 'clear' };

export function isPageSize(value: number): boolean {
  return (PAGE_SIZES as readonly number[]).includes(value);
}

export function inventoryReducer(state: InventoryFilters, action: InventoryAction): InventoryFilters {
  switch (action.type) {
    case 'collection':
      return action.collection === state.collection ? state : { ...state, collection: action.collection, page: 1 };
    case 'search':
      return action.search === state.search ? state : { ...state, search: action.search, page: 1 };
    case 'page':
      return Number.isInteger(action.page) && action.page >= 1 ? { ...state, page: action.page } : state;
    case 'pageSize':
      return isPageSize(action.pageSize) ? { ...state, pageSize: action.pageSize, page: 1 } : state;
    case 'clear':
      return { ...INITIAL_FILTERS, pageSize: state.pageSize };
  }
}

export interface PageRequest {
  readonly collection: string | null;
  /** Trimmed; null when blank, so the server is not asked to match "". */
  readonly search: string | null;
  readonly offset: number;
  readonly limit: number;
}

export function pageRequest(filters: InventoryFilters): PageRequest {
  const search = filters.search.trim();
  return {
    collection: filters.collection,
    search: search === '' ? null : search,
    offset: (filters.page - 1) * filters.pageSize,
    limit: filters.pageSize,
  };
}

export function isFiltered(filters: InventoryFilters): boolean {
  return filters.collection !== null || filters.search.trim() !== '';
}

/** Pages for `total` rows; at least one, so an empty result still has "page 1 of 1". */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The page to show when `total` shrank under the current one (after a transfer, say). */
export function clampPage(page: number, total: number, pageSize: number): number {
  return Math.min(Math.max(1, page), pageCount(total, pageSize));
}

/** "13–24 of 30": the 1-based rows a page shows, or null when there are none. */
export function shownRange(total: number, page: number, pageSize: number): { from: number; to: number } | null {
  const from = (page - 1) * pageSize + 1;
  if (total === 0 || from > total) return null;
  return { from, to: Math.min(total, page * pageSize) };
}

export interface CollectionOption {
  /** Contract address as the server wrote it (EIP-55). */
  readonly address: string;
  readonly name: string | null;
  /** Distinct tokens of this collection the account holds. */
  readonly count: number;
}

/** The collections among the account's rows, named ones first by name, then by address. */
export function collectionOptions(rows: readonly { contractAddress: string; contractPrettyName?: string | null }[]): CollectionOption[] {
  const byAddress = new Map<string, { address: string; name: string | null; count: number }>();
  for (const row of rows) {
    const key = row.contractAddress.toLowerCase();
    const known = byAddress.get(key);
    if (known) {
      known.count += 1;
      known.name ??= row.contractPrettyName ?? null;
    } else {
      byAddress.set(key, { address: row.contractAddress, name: row.contractPrettyName ?? null, count: 1 });
    }
  }
  return [...byAddress.values()].sort((a, b) => {
    if (a.name !== null && b.name === null) return -1;
    if (a.name === null && b.name !== null) return 1;
    const byName = (a.name ?? '').localeCompare(b.name ?? '', undefined, { sensitivity: 'base' });
    return byName !== 0 ? byName : a.address.toLowerCase().localeCompare(b.address.toLowerCase());
  });
}

/**
 * TanStack Query `placeholderData` for an account's pages: while the next page or
 * filter loads, the previous page stays on screen, but only if it was the same
 * account's. Another account's collectibles never show under this one.
 */
export function keepPageOf<T extends { readonly address: string }>(address: string, previous: T | undefined): T | undefined {
  return previous?.address.toLowerCase() === address.toLowerCase() ? previous : undefined;
}

export type ViewMode = 'grid' | 'list';
const VIEW_KEY = 'tandem.collectibles.view';

/** The grid or list choice is a preference, kept across accounts and reloads. */
export function readViewMode(storage: StorageLike | null): ViewMode {
  return storage?.getItem(VIEW_KEY) === 'list' ? 'list' : 'grid';
}

export function saveViewMode(storage: StorageLike | null, mode: ViewMode): void {
  trySetItem(storage, VIEW_KEY, mode);
}
