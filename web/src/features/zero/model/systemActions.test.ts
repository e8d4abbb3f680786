import { describe, expect, it } from 'vitest';
import {
  checkBandwidth, checkQuantity, checkRamBytes, checkReceiver, checkVote, delegateAction, mayBuyRex, producerVoteAction,
  rexStakeActions, rexUnstakeActions, sortedProducers,
} from './systemActions';

const plain = { decimal: '.', group: ',' } as const;
const tlos = (raw: bigint) => ({ raw, decimals: 4 });

describe('system actions', () => {
  it('stakes into REX with the vote first when one is needed', () => {
    expect(rexStakeActions('alice', '10.0000 TLOS', null).map((a) => a.name)).toEqual(['deposit', 'buyrex']);
    const withProxy = rexStakeActions('dave', '1.0000 TLOS', 'bob');
    expect(withProxy.map((a) => a.name)).toEqual(['voteproducer', 'deposit', 'buyrex']);
    expect(withProxy[0]?.data).toEqual({ voter: 'dave', proxy: 'bob', producers: [] });
    expect(rexUnstakeActions('alice', '6.0000 REX', '1.0000 TLOS')).toEqual([
      { contract: 'eosio', name: 'sellrex', data: { from: 'alice', rex: '6.0000 REX' } },
      { contract: 'eosio', name: 'withdraw', data: { owner: 'alice', amount: '1.0000 TLOS' } },
    ]);
    expect(delegateAction('alice', 'bob', '1.0000 TLOS', '2.0000 TLOS', false).data).toEqual({
      from: 'alice', receiver: 'bob', stake_net_quantity: '2.0000 TLOS', stake_cpu_quantity: '1.0000 TLOS', transfer: false,
    });
  });

  it('knows when REX needs a vote', () => {
    expect(mayBuyRex({ proxy: 'bob', producers: [] })).toBe(true);
    expect(mayBuyRex({ proxy: null, producers: ['carol'] })).toBe(false);
    expect(mayBuyRex({ proxy: '', producers: Array.from({ length: 21 }, (_, i) => `p${i}`) })).toBe(true);
  });

  it('orders producers as the contract wants', () => {
    expect(sortedProducers(['zeta', 'a.b', 'a1', 'a', 'zeta', 'ab'])).toEqual(['a', 'a.b', 'a1', 'ab', 'zeta']);
    expect(producerVoteAction('alice', ['dan', 'carol']).data).toEqual({ voter: 'alice', proxy: '', producers: ['carol', 'dan'] });
  });

  it('checks amounts, bytes, receivers and votes before signing', () => {
    expect(checkQuantity('10', tlos(100_000n), 'TLOS', plain)).toEqual({ ok: true, value: '10.0000 TLOS' });
    expect(checkQuantity('0', tlos(100_000n), 'TLOS', plain)).toMatchObject({ ok: false, error: { key: 'stake.error_amount_zero' } });
    expect(checkQuantity('11', tlos(100_000n), 'TLOS', plain)).toMatchObject({ ok: false, error: { key: 'validation.balance_too_low' } });
    expect(checkQuantity('11', { decimals: 4, available: null }, 'TLOS', plain)).toEqual({ ok: true, value: '11.0000 TLOS' });
    expect(checkQuantity('0.00001', { decimals: 4, available: null }, 'TLOS', plain).ok).toBe(false);
    expect(checkBandwidth({ cpu: '1', net: '' }, { cpu: tlos(50_000n), net: tlos(50_000n), total: tlos(50_000n) }, 'TLOS', plain))
      .toEqual({ ok: true, cpu: '1.0000 TLOS', net: '0.0000 TLOS' });
    expect(checkBandwidth({ cpu: '3', net: '3' }, { cpu: tlos(50_000n), net: tlos(50_000n), total: tlos(50_000n) }, 'TLOS', plain))
      .toMatchObject({ ok: false, errors: { cpu: { key: 'validation.balance_too_low' } } });
    expect(checkBandwidth({ cpu: '', net: '' }, { cpu: tlos(1n), net: tlos(1n), total: null }, 'TLOS', plain))
      .toMatchObject({ ok: false, errors: { cpu: { key: 'stake.error_bandwidth_zero' } } });
    expect(checkBandwidth({ cpu: '2', net: '' }, { cpu: tlos(10_000n), net: tlos(10_000n), total: null }, 'TLOS', plain))
      .toMatchObject({ ok: false, errors: { cpu: { key: 'validation.balance_too_low' } } });
    expect(checkRamBytes('4,096', 5000)).toEqual({ ok: true, value: 4096 });
    expect(checkRamBytes('1.5', 5000)).toMatchObject({ ok: false, error: { key: 'stake.error_bytes_whole' } });
    expect(checkRamBytes('6000', 5000)).toMatchObject({ ok: false, error: { key: 'stake.error_bytes_unused' } });
    expect(checkReceiver('', 'alice')).toEqual({ ok: true, value: 'alice' });
    expect(checkReceiver('Bob', 'alice').ok).toBe(false);
    const registered = new Map([['carol', true], ['idle', false]]);
    expect(checkVote(['carol'], registered, false)).toEqual({ ok: true, value: ['carol'] });
    expect(checkVote(['dave'], registered, false)).toMatchObject({ ok: false, error: { key: 'stake.vote.error_not_producer', values: { account: 'dave' } } });
    expect(checkVote(['carol'], registered, true)).toMatchObject({ ok: false, error: { key: 'stake.vote.error_rex_holder', values: { count: 21 } } });
    expect(checkVote(['idle'], registered, false)).toMatchObject({ ok: false, error: { key: 'stake.vote.error_inactive' } });
    expect(checkVote(Array.from({ length: 31 }, (_, i) => `p${i}`), registered, false)).toMatchObject({ ok: false, error: { key: 'stake.vote.error_too_many' } });
  });
});
