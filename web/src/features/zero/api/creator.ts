import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, type RequestOptions } from '../../../lib/api/client';
import { apiGet, type Schemas } from '../../../lib/api/endpoints';
import { CreatorView as CreatorViewShape } from '../../../lib/api/generated/answerShapes';
import { NATIVE_QUERY_ROOT } from './nativeApi';

export type CreatorView = Schemas['CreatorView'];

/** Who created the account, as the screen shows it. */
export interface NativeCreator {
  readonly creator: string;
  readonly timestamp: string | null;
  readonly trxId: string | null;
}

/** History services send an empty string for an unknown field. */
function nonEmpty(value: string | null): string | null {
  return value === null || value === '' ? null : value;
}

export function creatorFacts(view: CreatorView): NativeCreator {
  return { creator: view.creator, timestamp: nonEmpty(view.timestamp), trxId: nonEmpty(view.trxId) };
}

/** The creator, or null when the history service knows none (accounts made at genesis). */
export async function fetchNativeCreator(network: string, account: string, options?: RequestOptions): Promise<NativeCreator | null> {
  try {
    return creatorFacts(await apiGet('/api/v1/native/{network}/accounts/{account}/creator', { path: { network, account } }, CreatorViewShape, options));
  } catch (error) {
    if (error instanceof ApiError && error.code === 'antelope.history.creator_not_found') return null;
    throw error;
  }
}

export const nativeCreatorQueryOptions = (network: string, account: string) =>
  queryOptions({
    queryKey: [NATIVE_QUERY_ROOT, network, 'creator', account] as const,
    queryFn: ({ signal }) => fetchNativeCreator(network, account, { signal }),
  });

export function useNativeCreator(network: string, account: string) {
  return useQuery(nativeCreatorQueryOptions(network, account));
}
