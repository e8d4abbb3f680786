import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson, type RequestOptions } from '../../../lib/api/client';
import {
  accountPath,
  NATIVE_QUERY_ROOT,
  optionalAsset,
  optionalInteger,
  optionalText,
  asset,
  integer,
  record,
  text,
  textList,
  type AssetView,
} from './nativeApi';

/** CPU (µs) or NET (bytes) use; every number is null when the account is unlimited. */
export interface LimitView {
  readonly used: number | null;
  readonly available: number | null;
  readonly max: number | null;
  readonly unlimited: boolean;
}

export interface RamView {
  readonly quota: number | null;
  readonly usage: number;
  readonly available: number | null;
  readonly unlimited: boolean;
}

/** GET …/accounts/{account}: resources of spec §3 "Native account data read". */
export interface NativeAccount {
  readonly account: string;
  readonly created: string;
  readonly liquid: AssetView | null;
  readonly ram: RamView;
  readonly cpu: LimitView;
  readonly net: LimitView;
  readonly stakedCpu: AssetView | null;
  readonly stakedNet: AssetView | null;
  readonly refundCpu: AssetView | null;
  readonly refundNet: AssetView | null;
  readonly refundRequestTime: string | null;
  /** Self-delegated CPU and NET plus refunds. */
  readonly totalResources: AssetView;
  readonly voterProxy: string | null;
  readonly votedProducers: readonly string[];
}

function limit(json: unknown, field: string): LimitView {
  const value = record(json, field);
  return {
    used: optionalInteger(value.used, `${field}.used`),
    available: optionalInteger(value.available, `${field}.available`),
    max: optionalInteger(value.max, `${field}.max`),
    unlimited: value.unlimited === true,
  };
}

export function parseNativeAccount(json: unknown): NativeAccount {
  const value = record(json, 'account');
  const ram = record(value.ram, 'ram');
  return {
    account: text(value.account, 'account'),
    created: text(value.created, 'created'),
    liquid: optionalAsset(value.liquid, 'liquid'),
    ram: {
      quota: optionalInteger(ram.quota, 'ram.quota'),
      usage: integer(ram.usage, 'ram.usage'),
      available: optionalInteger(ram.available, 'ram.available'),
      unlimited: ram.unlimited === true,
    },
    cpu: limit(value.cpu, 'cpu'),
    net: limit(value.net, 'net'),
    stakedCpu: optionalAsset(value.stakedCpu, 'stakedCpu'),
    stakedNet: optionalAsset(value.stakedNet, 'stakedNet'),
    refundCpu: optionalAsset(value.refundCpu, 'refundCpu'),
    refundNet: optionalAsset(value.refundNet, 'refundNet'),
    refundRequestTime: optionalText(value.refundRequestTime, 'refundRequestTime'),
    totalResources: asset(value.totalResources, 'totalResources'),
    voterProxy: optionalText(value.voterProxy, 'voterProxy'),
    votedProducers: textList(value.votedProducers ?? [], 'votedProducers'),
  };
}

export function fetchNativeAccount(network: string, account: string, options?: RequestOptions): Promise<NativeAccount> {
  return getJson(accountPath(network, account), parseNativeAccount, options);
}

export const nativeAccountQueryOptions = (network: string, account: string) =>
  queryOptions({
    queryKey: [NATIVE_QUERY_ROOT, network, 'account', account] as const,
    queryFn: ({ signal }) => fetchNativeAccount(network, account, { signal }),
    refetchInterval: 10_000,
  });

/** The server's error code for an account the chain does not have. */
export const ACCOUNT_NOT_FOUND = 'antelope.account.not_found';

export function useNativeAccount(network: string, account: string) {
  return useQuery(nativeAccountQueryOptions(network, account));
}
