import { describe, expect, it } from 'vitest';
import { backupMatches, canAfford, creationCost, NEW_ACCOUNT_RAM_BYTES, newAccountActions, quantity } from './createAccount';

const asset = (amount: string, symbol = 'TLOS', decimals = 4) => ({ quantity: `${amount} ${symbol}`, amount, symbol, decimals });

describe('newAccountActions', () => {
  it('creates the account with the key as owner and active, buys its RAM and stakes 0.5 TLOS each, all paid by the creator', () => {
    const actions = newAccountActions({ creator: 'alice', name: 'newuser12345', publicKey: 'PUB_K1_x', symbol: 'TLOS', decimals: 4 });
    expect(actions.map((action) => `${action.contract}::${action.name}`)).toEqual(['eosio::newaccount', 'eosio::buyrambytes', 'eosio::delegatebw']);
    const owner = { threshold: 1, keys: [{ key: 'PUB_K1_x', weight: 1 }], accounts: [], waits: [] };
    expect(actions[0]?.data).toEqual({ creator: 'alice', name: 'newuser12345', owner, active: owner });
    expect(actions[1]?.data).toEqual({ payer: 'alice', receiver: 'newuser12345', bytes: NEW_ACCOUNT_RAM_BYTES });
    expect(actions[2]?.data).toEqual({
      from: 'alice', receiver: 'newuser12345', stake_net_quantity: '0.5000 TLOS', stake_cpu_quantity: '0.5000 TLOS', transfer: true,
    });
  });
});

describe('creationCost', () => {
  it('adds the RAM price and both stakes exactly', () => {
    const cost = creationCost(asset('0.0598'));
    expect(cost && quantity(cost.total, 'TLOS')).toBe('1.0598 TLOS');
    expect(creationCost(asset('n/a'))).toBeNull();
  });

  it('says whether the creator can pay', () => {
    const cost = creationCost(asset('0.0598'));
    if (cost === null) throw new Error('cost');
    expect(canAfford(asset('1.0598'), cost.total)).toBe(true);
    expect(canAfford(asset('1.0597'), cost.total)).toBe(false);
    expect(canAfford(null, cost.total)).toBe(false);
  });
});

describe('backupMatches', () => {
  it('asks for the last six characters exactly', () => {
    const key = '5KQwrPbwdL6PhXujxW37FSSQZ1JiwsST4cqQzDeyXtP79zkvFD3';
    expect(backupMatches(key, 'zkvFD3')).toBe(true);
    expect(backupMatches(key, ' zkvFD3 ')).toBe(true);
    expect(backupMatches(key, 'zkvfd3')).toBe(false);
    expect(backupMatches(key, '')).toBe(false);
  });
});
