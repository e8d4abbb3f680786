import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson, type RequestOptions } from '../../../lib/api/client';
import { accountPath, integer, list, NATIVE_QUERY_ROOT, optionalText, record, text } from './nativeApi';

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

export function parseNativePermissions(json: unknown): NativePermission[] {
  const value = record(json, 'permissions');
  return list(value.permissions, 'permissions').map((item, index) => {
    const field = `permissions[${index}]`;
    const permission = record(item, field);
    const auth = record(permission.required_auth, `${field}.required_auth`);
    return {
      name: text(permission.perm_name, `${field}.perm_name`),
      parent: text(permission.parent, `${field}.parent`),
      threshold: integer(auth.threshold, 'threshold'),
      keys: list(auth.keys ?? [], 'keys').map((key) => {
        const entry = record(key, 'key');
        return { key: text(entry.key, 'key'), weight: integer(entry.weight, 'weight') };
      }),
      accounts: list(auth.accounts ?? [], 'accounts').map((account) => {
        const entry = record(account, 'account');
        const level = record(entry.permission, 'permission');
        return {
          level: `${text(level.actor, 'actor')}@${text(level.permission, 'permission')}`,
          weight: integer(entry.weight, 'weight'),
        };
      }),
      linkedActions: list(permission.linked_actions ?? [], 'linked_actions').map((link) => {
        const entry = record(link, 'linked_action');
        return `${text(entry.account, 'account')}::${optionalText(entry.action, 'action') ?? '*'}`;
      }),
    };
  });
}

/** GET …/accounts/{account}/permissions: the permission tree with its keys. */
export function fetchNativePermissions(network: string, account: string, options?: RequestOptions): Promise<NativePermission[]> {
  return getJson(accountPath(network, account, 'permissions'), parseNativePermissions, options);
}

export const nativePermissionsQueryOptions = (network: string, account: string) =>
  queryOptions({
    queryKey: [NATIVE_QUERY_ROOT, network, 'permissions', account] as const,
    queryFn: ({ signal }) => fetchNativePermissions(network, account, { signal }),
  });

export function useNativePermissions(network: string, account: string) {
  return useQuery(nativePermissionsQueryOptions(network, account));
}
