/**
 * Creating a native account (issue 15, spec §5): a basic name (exactly 12 of a-z and
 * 1-5) nobody holds, a key pair made in the browser and backed up before anything is
 * signed (spec §5: "displaying a private key needs a warning confirmation"), and the
 * creator paying `newaccount`, `buyrambytes` and `delegatebw` with the cost shown first.
 */

import { addAmounts, compareValue, fromPlainString, toPlainString, type FixedAmount } from '../../../lib/amount/fixedAmount';
import type { AssetView } from '../api/nativeApi';
import type { NativeActionRequest } from './nativeSession';
import { RECOMMENDED_STAKE } from './sponsorDecision';

/** RAM bought for the new account: `newaccount` itself takes about 3 KiB. */
export const NEW_ACCOUNT_RAM_BYTES = 4096;

/** How many of the private key's last characters the backup check asks for. */
export const BACKUP_CHECK_LENGTH = 6;

export interface NewAccountPlan {
  readonly creator: string;
  readonly name: string;
  /** The public key of owner and active. */
  readonly publicKey: string;
  /** The system token's symbol and decimals. */
  readonly symbol: string;
  readonly decimals: number;
}

/** `n.nnnn SYM` with every decimal of the token. */
export function quantity(amount: FixedAmount, symbol: string): string {
  const text = toPlainString(amount);
  const [integer = '0', fraction = ''] = text.split('.');
  return amount.decimals === 0 ? `${integer} ${symbol}` : `${integer}.${fraction.padEnd(amount.decimals, '0')} ${symbol}`;
}

/** An exact amount as the API's asset view. */
export function assetView(amount: FixedAmount, symbol: string): AssetView {
  const text = quantity(amount, symbol);
  return { quantity: text, amount: text.split(' ')[0] ?? '0', symbol, decimals: amount.decimals };
}

/** Spec §9's advice, staked for each of CPU and NET of the new account (and given to it). */
export function stakeEach(decimals: number): FixedAmount {
  return fromPlainString(RECOMMENDED_STAKE, decimals) ?? { raw: 0n, decimals };
}

function authority(publicKey: string) {
  return { threshold: 1, keys: [{ key: publicKey, weight: 1 }], accounts: [], waits: [] };
}

/** The creator's three actions: the account, its RAM, and its CPU and NET stake (transferred to it). */
export function newAccountActions(plan: NewAccountPlan): NativeActionRequest[] {
  const stake = quantity(stakeEach(plan.decimals), plan.symbol);
  return [
    {
      contract: 'eosio',
      name: 'newaccount',
      data: { creator: plan.creator, name: plan.name, owner: authority(plan.publicKey), active: authority(plan.publicKey) },
    },
    { contract: 'eosio', name: 'buyrambytes', data: { payer: plan.creator, receiver: plan.name, bytes: NEW_ACCOUNT_RAM_BYTES } },
    {
      contract: 'eosio',
      name: 'delegatebw',
      data: { from: plan.creator, receiver: plan.name, stake_net_quantity: stake, stake_cpu_quantity: stake, transfer: true },
    },
  ];
}

export interface CreationCost {
  readonly ram: FixedAmount;
  readonly cpu: FixedAmount;
  readonly net: FixedAmount;
  readonly total: FixedAmount;
}

/** What the creator pays: the RAM's price now plus both stakes. */
export function creationCost(ram: AssetView): CreationCost | null {
  const ramAmount = fromPlainString(ram.amount, ram.decimals);
  if (ramAmount === null) return null;
  const stake = stakeEach(ram.decimals);
  return { ram: ramAmount, cpu: stake, net: stake, total: addAmounts(addAmounts(ramAmount, stake), stake) };
}

/** Whether the creator's liquid balance covers the cost. */
export function canAfford(liquid: AssetView | null, total: FixedAmount): boolean {
  const held = liquid === null ? null : fromPlainString(liquid.amount, liquid.decimals);
  return held !== null && compareValue(held, total) >= 0;
}

/** The backup check: the key's last characters, typed back exactly. */
export function backupMatches(privateKey: string, typed: string): boolean {
  return typed.trim() === privateKey.slice(-BACKUP_CHECK_LENGTH);
}
