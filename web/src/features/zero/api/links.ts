import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RequestOptions } from '../../../lib/api/client';
import { apiGet, type Schemas } from '../../../lib/api/endpoints';
import { LinksView as LinksViewShape } from '../../../lib/api/generated/answerShapes';
import { NATIVE_QUERY_ROOT } from './nativeApi';

export type LinksView = Schemas['LinksView'];

/** A permission linked to a contract action (`linkauth`). */
export interface NativeLink {
  readonly permission: string;
  readonly code: string;
  /** Empty for every action of the contract. */
  readonly action: string;
}

/** GET …/accounts/{account}/links. */
export function fetchNativeLinks(network: string, account: string, options?: RequestOptions): Promise<NativeLink[]> {
  return apiGet('/api/v1/native/{network}/accounts/{account}/links', { path: { network, account } }, LinksViewShape, options).then((view) =>
    view.links.map(({ permission, code, action }) => ({ permission, code, action })),
  );
}

export const nativeLinksQueryOptions = (network: string, account: string) =>
  queryOptions({
    queryKey: [NATIVE_QUERY_ROOT, network, 'links', account] as const,
    queryFn: ({ signal }) => fetchNativeLinks(network, account, { signal }),
  });

export function useNativeLinks(network: string, account: string) {
  return useQuery(nativeLinksQueryOptions(network, account));
}
