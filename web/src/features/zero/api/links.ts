import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson, type RequestOptions } from '../../../lib/api/client';
import { accountPath, list, NATIVE_QUERY_ROOT, record, text } from './nativeApi';

/** A permission linked to a contract action (`linkauth`). */
export interface NativeLink {
  readonly permission: string;
  readonly code: string;
  /** Empty for every action of the contract. */
  readonly action: string;
}

export function parseNativeLinks(json: unknown): NativeLink[] {
  return list(record(json, 'links').links, 'links').map((item, index) => {
    const link = record(item, `links[${index}]`);
    return {
      permission: text(link.permission, 'permission'),
      code: text(link.code, 'code'),
      action: typeof link.action === 'string' ? link.action : '',
    };
  });
}

/** GET …/accounts/{account}/links. */
export function fetchNativeLinks(network: string, account: string, options?: RequestOptions): Promise<NativeLink[]> {
  return getJson(accountPath(network, account, 'links'), parseNativeLinks, options);
}

export const nativeLinksQueryOptions = (network: string, account: string) =>
  queryOptions({
    queryKey: [NATIVE_QUERY_ROOT, network, 'links', account] as const,
    queryFn: ({ signal }) => fetchNativeLinks(network, account, { signal }),
  });

export function useNativeLinks(network: string, account: string) {
  return useQuery(nativeLinksQueryOptions(network, account));
}
