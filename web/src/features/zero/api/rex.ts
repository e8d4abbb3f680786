import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RequestOptions } from '../../../lib/api/client';
import { apiGet, type Schemas } from '../../../lib/api/endpoints';
import { RexView as RexViewShape } from '../../../lib/api/generated/answerShapes';
import { NATIVE_QUERY_ROOT } from './nativeApi';

/** GET …/accounts/{account}/rex: value = rex_balance × lendable ÷ total_rex + fund (spec §7). */
export type NativeRex = Schemas['RexView'];

export function fetchNativeRex(network: string, account: string, options?: RequestOptions): Promise<NativeRex> {
  return apiGet('/api/v1/native/{network}/accounts/{account}/rex', { path: { network, account } }, RexViewShape, options);
}

export const nativeRexQueryOptions = (network: string, account: string) =>
  queryOptions({
    queryKey: [NATIVE_QUERY_ROOT, network, 'rex', account] as const,
    queryFn: ({ signal }) => fetchNativeRex(network, account, { signal }),
  });

export function useNativeRex(network: string, account: string) {
  return useQuery(nativeRexQueryOptions(network, account));
}
