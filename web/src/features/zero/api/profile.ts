import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, getJson, type RequestOptions } from '../../../lib/api/client';
import { accountPath, NATIVE_QUERY_ROOT, record, text } from './nativeApi';

/** The account's row of the `profiles` table: account_name plus whatever fields it has. */
export interface NativeProfile {
  readonly account: string;
  /** Field → value as the chain stores them, account_name first. */
  readonly fields: readonly (readonly [string, string])[];
}

function fieldText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function parseNativeProfile(json: unknown): NativeProfile {
  const value = record(json, 'profile');
  const row = record(value.profile, 'profile.profile');
  return {
    account: text(value.account, 'account'),
    fields: Object.entries(row).map(([key, field]) => [key, fieldText(field)] as const),
  };
}

/** The profile row, or null when the account has none (the server's 404 antelope.profile.not_found). */
export async function fetchNativeProfile(network: string, account: string, options?: RequestOptions): Promise<NativeProfile | null> {
  try {
    return await getJson(accountPath(network, account, 'profile'), parseNativeProfile, options);
  } catch (error) {
    if (error instanceof ApiError && error.code === 'antelope.profile.not_found') return null;
    throw error;
  }
}

export const nativeProfileQueryOptions = (network: string, account: string) =>
  queryOptions({
    queryKey: [NATIVE_QUERY_ROOT, network, 'profile', account] as const,
    queryFn: ({ signal }) => fetchNativeProfile(network, account, { signal }),
  });

export function useNativeProfile(network: string, account: string) {
  return useQuery(nativeProfileQueryOptions(network, account));
}
