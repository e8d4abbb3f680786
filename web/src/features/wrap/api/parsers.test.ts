import { describe, expect, it } from 'vitest';
import { parseBalances } from './balances';
import { parseWrappedToken } from './wrappedToken';

describe('wrap answers', () => {
  it('finds the wrapped token contract of the network in GET /api/v1/networks', () => {
    const networks = {
      networks: [
        { name: 'telos', kind: 'native', wrappedToken: null },
        { name: 'telos-evm-devnet', kind: 'evm', wrappedToken: { symbol: 'WTLOS', contract: '0x5FbDB2315678afecb367f032d93F642f64180aa3' } },
        { name: 'bad', kind: 'evm', wrappedToken: { symbol: 'WTLOS', contract: 'eosio.token' } },
      ],
    };
    expect(parseWrappedToken(networks, 'telos-evm-devnet')).toBe('0x5FbDB2315678afecb367f032d93F642f64180aa3');
    expect(parseWrappedToken(networks, 'telos')).toBeNull();
    expect(parseWrappedToken(networks, 'bad')).toBeNull();
    expect(parseWrappedToken(networks, 'missing')).toBeNull();
    expect(() => parseWrappedToken({}, 'telos')).toThrow('networks is not a list');
  });

  it('checks the balance rows it reads', () => {
    const row = { token: { symbol: 'TLOS', isNative: true }, amount: { value: '1.5', raw: '1500000000000000000', decimals: 18 } };
    expect(parseBalances({ fetchedMs: 1, balances: [row] }).balances).toHaveLength(1);
    expect(() => parseBalances({ balances: [row] })).toThrow('fetchedMs');
    expect(() => parseBalances({ fetchedMs: 1, balances: [{ ...row, amount: { value: 1.5, decimals: 18 } }] })).toThrow('balances[0].amount.value');
  });
});
