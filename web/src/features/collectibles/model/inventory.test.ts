import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../../lib/storage';
import {
  clampPage,
  collectionOptions,
  DEFAULT_PAGE_SIZE,
  INITIAL_FILTERS,
  inventoryReducer,
  isFiltered,
  keepPageOf,
  pageCount,
  pageRequest,
  readViewMode,
  saveViewMode,
  shownRange,
  type InventoryFilters,
} from './inventory';

const ART = '0x5FC8d32690cc91D4c39d9d3abcBD16989F875707';
const ITEMS = '0x0165878A594ca255338adfa4d48449f69242Eb8F';

describe('inventoryReducer', () => {
  const onPage3: InventoryFilters = { ...INITIAL_FILTERS, page: 3 };

  it('goes back to the first page when the collection, the search or the page size changes', () => {
    expect(inventoryReducer(onPage3, { type: 'collection', collection: ART })).toEqual({ ...INITIAL_FILTERS, collection: ART, page: 1 });
    expect(inventoryReducer(onPage3, { type: 'search', search: 'sun' })).toEqual({ ...INITIAL_FILTERS, search: 'sun', page: 1 });
    expect(inventoryReducer(onPage3, { type: 'pageSize', pageSize: 48 })).toEqual({ ...INITIAL_FILTERS, pageSize: 48, page: 1 });
  });

  it('keeps the page when nothing really changed', () => {
    expect(inventoryReducer(onPage3, { type: 'collection', collection: null })).toBe(onPage3);
    expect(inventoryReducer(onPage3, { type: 'search', search: '' })).toBe(onPage3);
  });

  it('moves between pages and ignores impossible pages and sizes', () => {
    expect(inventoryReducer(INITIAL_FILTERS, { type: 'page', page: 2 }).page).toBe(2);
    expect(inventoryReducer(onPage3, { type: 'page', page: 0 })).toBe(onPage3);
    expect(inventoryReducer(onPage3, { type: 'page', page: 1.5 })).toBe(onPage3);
    expect(inventoryReducer(onPage3, { type: 'pageSize', pageSize: 7 })).toBe(onPage3);
  });

  it('clears the filters but keeps the chosen page size', () => {
    const state: InventoryFilters = { collection: ART, search: 'orb', page: 2, pageSize: 12 };
    expect(inventoryReducer(state, { type: 'clear' })).toEqual({ ...INITIAL_FILTERS, pageSize: 12 });
  });
});

describe('pageRequest', () => {
  it('turns the page into offset and limit and trims the search', () => {
    expect(pageRequest({ collection: ITEMS, search: '  sword ', page: 3, pageSize: 12 })).toEqual({
      collection: ITEMS,
      search: 'sword',
      offset: 24,
      limit: 12,
    });
  });

  it('sends no search for blank text', () => {
    expect(pageRequest({ ...INITIAL_FILTERS, search: '   ' })).toEqual({ collection: null, search: null, offset: 0, limit: DEFAULT_PAGE_SIZE });
    expect(isFiltered({ ...INITIAL_FILTERS, search: '   ' })).toBe(false);
    expect(isFiltered({ ...INITIAL_FILTERS, collection: ART })).toBe(true);
  });
});

describe('paging figures', () => {
  it('counts pages, at least one', () => {
    expect(pageCount(0, 24)).toBe(1);
    expect(pageCount(24, 24)).toBe(1);
    expect(pageCount(25, 24)).toBe(2);
  });

  it('pulls the page back when the total shrank under it', () => {
    expect(clampPage(3, 25, 12)).toBe(3);
    expect(clampPage(3, 24, 12)).toBe(2);
    expect(clampPage(3, 0, 12)).toBe(1);
  });

  it('says which rows a page shows', () => {
    expect(shownRange(30, 2, 12)).toEqual({ from: 13, to: 24 });
    expect(shownRange(30, 3, 12)).toEqual({ from: 25, to: 30 });
    expect(shownRange(0, 1, 12)).toBeNull();
    expect(shownRange(5, 2, 12)).toBeNull();
  });
});

describe('collectionOptions', () => {
  it('lists each collection once with how many of its tokens are held, named ones first', () => {
    const rows = [
      { contractAddress: ITEMS, contractPrettyName: 'Tandem Items' },
      { contractAddress: '0x00000000000000000000000000000000000000aa', contractPrettyName: null },
      { contractAddress: ART, contractPrettyName: 'Tandem Art' },
      { contractAddress: ITEMS.toLowerCase(), contractPrettyName: 'Tandem Items' },
      { contractAddress: ART, contractPrettyName: 'Tandem Art' },
      { contractAddress: ART },
    ];
    expect(collectionOptions(rows)).toEqual([
      { address: ART, name: 'Tandem Art', count: 3 },
      { address: ITEMS, name: 'Tandem Items', count: 2 },
      { address: '0x00000000000000000000000000000000000000aa', name: null, count: 1 },
    ]);
  });
});

describe('keepPageOf', () => {
  it('keeps the previous page on screen only when it belongs to the same account', () => {
    const previous = { address: ART, nfts: [] };
    expect(keepPageOf(ART.toLowerCase(), previous)).toBe(previous);
    expect(keepPageOf(ITEMS, previous)).toBeUndefined();
    expect(keepPageOf(ART, undefined)).toBeUndefined();
  });
});

describe('view mode', () => {
  it('is the grid until the user picks the list, and the choice is remembered', () => {
    const storage = memoryStorage();
    expect(readViewMode(storage)).toBe('grid');
    saveViewMode(storage, 'list');
    expect(readViewMode(storage)).toBe('list');
    expect(readViewMode(null)).toBe('grid');
  });
});
