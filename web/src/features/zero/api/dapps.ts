import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getJson, type RequestOptions } from '../../../lib/api/client';
import { integer, list, NATIVE_QUERY_ROOT, nativePath, record, text, textList } from './nativeApi';

export interface Dapp {
  readonly id: string;
  readonly name: string;
  readonly category: string;
  readonly description: string;
  readonly url: string;
  readonly networks: readonly string[];
  readonly runsOnNetwork: boolean;
}

export interface DappResults {
  readonly total: number;
  readonly dapps: readonly Dapp[];
}

export function parseDapps(json: unknown): DappResults {
  const value = record(json, 'dapps');
  return {
    total: integer(value.total, 'total'),
    dapps: list(value.dapps, 'dapps').map((item, index) => {
      const dapp = record(item, `dapps[${index}]`);
      return {
        id: text(dapp.id, 'id'),
        name: text(dapp.name, 'name'),
        category: text(dapp.category, 'category'),
        description: text(dapp.description, 'description'),
        url: text(dapp.url, 'url'),
        networks: textList(dapp.networks, 'networks'),
        runsOnNetwork: dapp.runsOnNetwork === true,
      };
    }),
  };
}

/** GET …/dapps?q=: the curated app list, searched by name, category and description. */
export function fetchDapps(network: string, query: string, options?: RequestOptions): Promise<DappResults> {
  return getJson(`${nativePath(network, 'dapps')}?${new URLSearchParams({ q: query }).toString()}`, parseDapps, options);
}

export const dappsQueryOptions = (network: string, query: string) =>
  queryOptions({
    queryKey: [NATIVE_QUERY_ROOT, network, 'dapps', query] as const,
    queryFn: ({ signal }) => fetchDapps(network, query, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 10 * 60_000,
  });

export function useDapps(network: string | null, query: string) {
  return useQuery({ ...dappsQueryOptions(network ?? '', query), enabled: network !== null });
}
