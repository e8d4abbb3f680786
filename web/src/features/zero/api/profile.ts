import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, type RequestOptions } from '../../../lib/api/client';
import { apiGet, type Schemas } from '../../../lib/api/endpoints';
import { ProfileView as ProfileViewShape } from '../../../lib/api/generated/answerShapes';
import { NATIVE_QUERY_ROOT } from './nativeApi';

export type ProfileView = Schemas['ProfileView'];

/** The account's row of the `profiles` table as fields in words' order: account_name first. */
export interface NativeProfile {
  readonly account: string;
  /** Field → value as the chain stores them. */
  readonly fields: readonly (readonly [string, string])[];
  /** The avatar picture as the browser loads it (the server checked the address), if any. */
  readonly avatarSrc: string | null;
}

function fieldText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function profileFields(view: ProfileView): NativeProfile {
  return {
    account: view.account,
    fields: Object.entries(view.profile).map(([key, field]) => [key, fieldText(field)] as const),
    avatarSrc: view.avatarSrc ?? null,
  };
}

/** The profile row, or null when the account has none (the server's 404 antelope.profile.not_found). */
export async function fetchNativeProfile(network: string, account: string, options?: RequestOptions): Promise<NativeProfile | null> {
  try {
    return profileFields(await apiGet('/api/v1/native/{network}/accounts/{account}/profile', { path: { network, account } }, ProfileViewShape, options));
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
