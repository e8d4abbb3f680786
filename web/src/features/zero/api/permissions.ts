import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RequestOptions } from '../../../lib/api/client';
import { apiGet, type Schemas } from '../../../lib/api/endpoints';
import { PermissionsView as PermissionsViewShape } from '../../../lib/api/generated/answerShapes';
import { level, NATIVE_QUERY_ROOT } from './nativeApi';

export type PermissionsView = Schemas['PermissionsView'];

/** One permission as the screen shows it. */
export interface NativePermission {
  readonly name: string;
  readonly parent: string;
  readonly threshold: number;
  readonly keys: readonly { readonly key: string; readonly weight: number }[];
  /** `actor@permission` with its weight. */
  readonly accounts: readonly { readonly level: string; readonly weight: number }[];
  /** `contract::action` (or `contract::*`) this permission is linked to. */
  readonly linkedActions: readonly string[];
}

export function permissionTree(view: PermissionsView): NativePermission[] {
  return view.permissions.map((permission) => ({
    name: permission.perm_name,
    parent: permission.parent,
    threshold: permission.required_auth.threshold,
    keys: permission.required_auth.keys.map(({ key, weight }) => ({ key, weight })),
    accounts: permission.required_auth.accounts.map((account) => ({ level: level(account.permission), weight: account.weight })),
    linkedActions: permission.linked_actions.map((link) => `${link.account}::${link.action ?? '*'}`),
  }));
}

/** GET …/accounts/{account}/permissions: the permission tree with its keys. */
export async function fetchNativePermissions(network: string, account: string, options?: RequestOptions): Promise<NativePermission[]> {
  return permissionTree(await apiGet('/api/v1/native/{network}/accounts/{account}/permissions', { path: { network, account } }, PermissionsViewShape, options));
}

export const nativePermissionsQueryOptions = (network: string, account: string) =>
  queryOptions({
    queryKey: [NATIVE_QUERY_ROOT, network, 'permissions', account] as const,
    queryFn: ({ signal }) => fetchNativePermissions(network, account, { signal }),
  });

export function useNativePermissions(network: string, account: string) {
  return useQuery(nativePermissionsQueryOptions(network, account));
}
