/**
 * What the approvals list shows, kept in the page's URL (`?type=erc20&sort=amount&dir=asc&q=…&revoked=1`)
 * so a reload or a shared link shows the same list. The server filters, searches and
 * sorts (GET …/approvals?type&includeRevoked&sort&dir&search); this file only reads
 * the URL safely (unknown values fall back to the defaults) and writes the server query.
 */

import type { EndpointQuery } from '../../../lib/api/endpoints';

export const APPROVAL_TYPES = ['erc20', 'erc721', 'erc1155'] as const;
export type ApprovalType = (typeof APPROVAL_TYPES)[number];

/** The six sort orders of the server, most useful first (value at risk is its default). */
export const SORT_KEYS = ['valueAtRisk', 'amount', 'date', 'token', 'spender', 'type'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

export const SORT_DIRECTIONS = ['desc', 'asc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export interface ListQuery {
  /** One standard, or every one when null. */
  readonly type: ApprovalType | null;
  readonly sort: SortKey;
  readonly dir: SortDirection;
  /** Free text in token, spender, collection, address or token id. */
  readonly search: string;
  readonly includeRevoked: boolean;
}

export const DEFAULT_LIST_QUERY: ListQuery = { type: null, sort: 'valueAtRisk', dir: 'desc', search: '', includeRevoked: false };

/** The search box's debounce: a request per pause in typing, not per key. */
export const SEARCH_DEBOUNCE_MS = 300;

function oneOf<T extends string>(values: readonly T[], text: string | null): T | null {
  return values.find((value) => value === text) ?? null;
}

export function readListQuery(params: URLSearchParams): ListQuery {
  return {
    type: oneOf(APPROVAL_TYPES, params.get('type')),
    sort: oneOf(SORT_KEYS, params.get('sort')) ?? DEFAULT_LIST_QUERY.sort,
    dir: oneOf(SORT_DIRECTIONS, params.get('dir')) ?? DEFAULT_LIST_QUERY.dir,
    search: (params.get('q') ?? '').trim(),
    includeRevoked: params.get('revoked') === '1',
  };
}

/** `current` with `change` applied, as URL parameters; defaults are left out to keep links short. Other parameters are kept. */
export function writeListQuery(current: URLSearchParams, change: Partial<ListQuery>): URLSearchParams {
  const next = { ...readListQuery(current), ...change };
  const params = new URLSearchParams(current);
  const set = (name: string, value: string | null) => {
    if (value === null) params.delete(name);
    else params.set(name, value);
  };
  set('type', next.type);
  set('sort', next.sort === DEFAULT_LIST_QUERY.sort ? null : next.sort);
  set('dir', next.dir === DEFAULT_LIST_QUERY.dir ? null : next.dir);
  const search = next.search.trim();
  set('q', search === '' ? null : search);
  set('revoked', next.includeRevoked ? '1' : null);
  return params;
}

export type ApprovalsServerQuery = EndpointQuery<'/api/v1/evm/{network}/accounts/{address}/approvals'>;

/** The query of GET …/approvals for `query`, prices in `fiat`, in the order the URL names them. */
export function serverQuery(query: ListQuery, fiat: string): ApprovalsServerQuery {
  return {
    ...(query.type === null ? {} : { type: query.type }),
    sort: query.sort,
    dir: query.dir,
    ...(query.search === '' ? {} : { search: query.search }),
    ...(query.includeRevoked ? { includeRevoked: true } : {}),
    fiat,
  };
}

/** True when the list is narrowed (an empty answer then means "no match", not "no approvals"). */
export function isFiltered(query: ListQuery): boolean {
  return query.type !== null || query.search !== '';
}
