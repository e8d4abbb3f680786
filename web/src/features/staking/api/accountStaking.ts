import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RequestOptions } from '../../../lib/api/client';
import { apiGet, type Schemas } from '../../../lib/api/endpoints';
import { evmAccountResourceKey } from '../../../lib/api/evm/keys';
import { AccountStaking as AccountStakingShape } from '../../../lib/api/generated/answerShapes';
import { STAKING_REFRESH_MS } from './stakingApi';

export type AccountStaking = Schemas['AccountStaking'];
export type EscrowDeposit = Schemas['DepositView'];

/** GET /api/v1/evm/{network}/accounts/{address}/staking: STLOS held and its worth, the escrow deposits, what can be withdrawn. */
export function fetchAccountStaking(network: string, address: string, options?: RequestOptions): Promise<AccountStaking> {
  return apiGet('/api/v1/evm/{network}/accounts/{address}/staking', { path: { network, address } }, AccountStakingShape, options);
}

export const accountStakingQueryOptions = (network: string, address: string) =>
  queryOptions({
    queryKey: evmAccountResourceKey(network, address, 'staking'),
    queryFn: ({ signal }) => fetchAccountStaking(network, address, { signal }),
    refetchInterval: STAKING_REFRESH_MS,
    placeholderData: keepPreviousData,
  });

export function useAccountStaking(network: string, address: string) {
  return useQuery(accountStakingQueryOptions(network, address));
}
