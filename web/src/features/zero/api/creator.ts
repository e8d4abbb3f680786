import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, getJson, type RequestOptions } from '../../../lib/api/client';
import { accountPath, NATIVE_QUERY_ROOT, optionalText, record, text } from './nativeApi';

/** GET …/accounts/{account}/creator. */
export interface NativeCreator {
  readonly creator: string;
  readonly timestamp: string | null;
  readonly trxId: string | null;
}

/** History services send an empty string for an unknown field. */
function nonEmpty(value: string | null): string | null {
  return value === null || value === '' ? null : value;
}

export function parseNativeCreator(json: unknown): NativeCreator {
  const value = record(json, 'creator');
  return {
    creator: text(value.creator, 'creator'),
    timestamp: nonEmpty(optionalText(value.timestamp, 'timestamp')),
    trxId: nonEmpty(optionalText(value.trxId, 'trxId')),
  };
}

/** The creator, or null when the history service knows none (accounts made at genesis). */
export async function fetchNativeCreator(network: string, account: string, options?: RequestOptions): Promise<NativeCreator | null> {
  try {
    return await getJson(accountPath(network, account, 'creator'), parseNativeCreator, options);
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
