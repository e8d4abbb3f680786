/** Shared test data of the batch model's tests: a plan as the server answers it. */

import type { PreparedTransaction } from '../../../lib/evm-wallet/transactions';
import type { RevokePlan, SkipReason } from '../api/revokePlan';

export const OWNER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
export const TUSD = '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9';
export const SPENDER_A = '0xa513E6E4b8f2a923D98304ec87F64353C4D5C853';
export const SPENDER_B = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
export const ART = '0x5FC8d32690cc91D4c39d9d3abcBD16989F875707';

export function transaction(to: string, feeWei = '1000'): PreparedTransaction {
  return {
    kind: 'revoke',
    chainId: 41,
    from: OWNER,
    to,
    data: '0x095ea7b3',
    value: '0',
    gas: '30000',
    gasLimit: '36000',
    gasPrice: '1000000000',
    fee: { wei: feeWei, amount: '0', symbol: 'TLOS', fiat: null, fiatCurrency: 'USD' },
    effect: { action: 'revokeAllowance', token: { address: TUSD, symbol: 'TUSD', name: 'Tandem USD' }, spender: to },
    grantsApproval: false,
    warnings: [],
  };
}

/** A plan with a transaction for each of `send` and a skip for each of `skip`. */
export function plan(send: readonly string[], skip: readonly [string, SkipReason][] = []): RevokePlan {
  return {
    owner: OWNER,
    transactions: send.map((item, index) => ({ item, transaction: transaction(item.split('-')[1] ?? TUSD, String(1000 * (index + 1))) })),
    skipped: skip.map(([item, reason]) => ({ item, reason, detail: reason === 'would_fail' ? 'execution reverted' : null })),
  };
}

export const ID_1 = `${SPENDER_A}-${TUSD}`;
export const ID_2 = `${SPENDER_B}-${TUSD}`;
export const ID_3 = `${SPENDER_B}-${ART}-7`;
export const ID_4 = `${SPENDER_A}-${ART}`;
