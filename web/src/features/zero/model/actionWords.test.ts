import { describe, expect, it } from 'vitest';
import { actionWords } from './actionWords';

const eosio = (action: string, data: unknown) => actionWords({ contract: 'eosio', action, data });

describe('actionWords', () => {
  it('names a transfer with its amount, parties and memo (Hyperion’s derived fields are not arguments)', () => {
    expect(actionWords({ contract: 'eosio.token', action: 'transfer', data: { from: 'alice', to: 'bob', quantity: '1.5000 TLOS', memo: 'rent', amount: 1.5, symbol: 'TLOS' } }))
      .toEqual({ key: 'transfer_memo', values: { quantity: '1.5000 TLOS', from: 'alice', to: 'bob', memo: 'rent' } });
    expect(actionWords({ contract: 'token.seeds', action: 'transfer', data: { from: 'alice', to: 'bob', quantity: '2.0000 SEEDS', memo: '' } }))
      .toEqual({ key: 'transfer', values: { quantity: '2.0000 SEEDS', from: 'alice', to: 'bob' } });
  });

  it('names REX bought, sold, deposited and withdrawn with their figures', () => {
    expect(eosio('buyrex', { from: 'alice', amount: '10.0000 TLOS' })).toEqual({ key: 'buyrex', values: { amount: '10.0000 TLOS' } });
    expect(eosio('sellrex', { from: 'alice', rex: '5000.0000 REX' })).toEqual({ key: 'sellrex', values: { rex: '5000.0000 REX' } });
    expect(eosio('deposit', { owner: 'alice', amount: '10.0000 TLOS' })).toEqual({ key: 'rex_deposit', values: { amount: '10.0000 TLOS' } });
    expect(eosio('withdraw', { owner: 'alice', amount: '1.0000 TLOS' })).toEqual({ key: 'rex_withdraw', values: { amount: '1.0000 TLOS' } });
  });

  it('names a vote by its proxy, its producers, or no vote at all', () => {
    expect(eosio('voteproducer', { voter: 'alice', proxy: 'bob', producers: [] })).toEqual({ key: 'vote_proxy', values: { proxy: 'bob' } });
    expect(eosio('voteproducer', { voter: 'alice', proxy: '', producers: ['prod.a', 'prod.b'] }))
      .toEqual({ key: 'vote_producers', values: { count: 2, producers: 'prod.a, prod.b' } });
    expect(eosio('voteproducer', { voter: 'alice', proxy: '', producers: [] })).toEqual({ key: 'vote_none', values: {} });
  });

  it('says which permission changed and how it can sign', () => {
    const auth = { threshold: 1, keys: [{ key: 'PUB_K1_x', weight: 1 }], accounts: [{ permission: { actor: 'bob', permission: 'active' }, weight: 1 }], waits: [] };
    expect(eosio('updateauth', { account: 'alice', permission: 'claim', parent: 'active', auth }))
      .toEqual({ key: 'updateauth', values: { permission: 'claim', parent: 'active', threshold: 1, keys: 1, accounts: 1 } });
    expect(eosio('updateauth', { account: 'alice', permission: 'owner', parent: '', auth: { ...auth, accounts: [] } }))
      .toEqual({ key: 'updateauth_root', values: { permission: 'owner', threshold: 1, keys: 1, accounts: 0 } });
    expect(eosio('linkauth', { account: 'alice', code: 'eosio', type: 'claimrewards', requirement: 'claim' }))
      .toEqual({ key: 'linkauth', values: { permission: 'claim', code: 'eosio', type: 'claimrewards' } });
    expect(eosio('deleteauth', { account: 'alice', permission: 'claim' })).toEqual({ key: 'deleteauth', values: { permission: 'claim' } });
  });

  it('names the account created, the RAM bought and the resources staked', () => {
    expect(eosio('newaccount', { creator: 'alice', name: 'newbie', newact: 'newbie' })).toEqual({ key: 'newaccount', values: { name: 'newbie', creator: 'alice' } });
    expect(eosio('buyrambytes', { payer: 'alice', receiver: 'newbie', bytes: 4096 })).toEqual({ key: 'buyrambytes', values: { bytes: 4096, receiver: 'newbie', payer: 'alice' } });
    expect(eosio('buyram', { payer: 'alice', receiver: 'alice', quant: '1.0000 TLOS' })).toEqual({ key: 'buyram', values: { quantity: '1.0000 TLOS', receiver: 'alice', payer: 'alice' } });
    expect(eosio('delegatebw', { from: 'alice', receiver: 'newbie', stake_net_quantity: '1.0000 TLOS', stake_cpu_quantity: '2.0000 TLOS', transfer: false }))
      .toEqual({ key: 'delegatebw', values: { cpu: '2.0000 TLOS', net: '1.0000 TLOS', receiver: 'newbie' } });
  });

  it('names a multisig proposal by its name and proposer', () => {
    expect(actionWords({ contract: 'eosio.msig', action: 'propose', data: { proposer: 'alice', proposal_name: 'sendbob', requested: [], trx: {} } }))
      .toEqual({ key: 'msig_propose', values: { proposal: 'sendbob', proposer: 'alice' } });
  });

  it('shows any other action’s contract, name and decoded arguments, long values cut', () => {
    const words = actionWords({ contract: 'game.app', action: 'play', data: { player: 'alice', moves: [1, 2, 3], note: 'x'.repeat(200) } });
    expect(words.key).toBe('call');
    expect(words.values).toEqual({ contract: 'game.app', action: 'play' });
    if (words.key !== 'call' || !('args' in words)) throw new Error('expected arguments');
    expect(words.args.slice(0, 2)).toEqual([{ name: 'player', value: 'alice' }, { name: 'moves', value: '[1,2,3]' }]);
    expect(words.args[2]?.value).toHaveLength(80);
    expect(words.args[2]?.value.endsWith('…')).toBe(true);
  });

  it('falls back to the arguments when a known action’s data is not what its ABI says', () => {
    expect(eosio('buyrex', 'a1b2c3')).toEqual({ key: 'call', values: { contract: 'eosio', action: 'buyrex' }, args: [{ name: 'data', value: 'a1b2c3' }] });
    expect(eosio('buyrambytes', { payer: 'alice', receiver: 'bob', bytes: 'lots' }).key).toBe('call');
    expect(eosio('toString', {}).key).toBe('call');
  });
});

describe('TLOS moved between Telos Zero and Telos EVM (ADR 0035)', () => {
  const token = (data: unknown) => actionWords({ contract: 'eosio.token', action: 'transfer', data });

  it('names a deposit to an EVM address, to the linked address, and a withdrawal’s payout', () => {
    expect(token({ from: 'alice', to: 'eosio.evm', quantity: '12.5000 TLOS', memo: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' }))
      .toEqual({ key: 'move_to_evm', values: { quantity: '12.5000 TLOS', from: 'alice', address: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' } });
    expect(token({ from: 'alice', to: 'eosio.evm', quantity: '1.0000 TLOS', memo: '' }))
      .toEqual({ key: 'move_to_evm_linked', values: { quantity: '1.0000 TLOS', from: 'alice' } });
    expect(token({ from: 'eosio.evm', to: 'alice', quantity: '1.0000 TLOS', memo: 'Withdraw balance for: alice' }))
      .toEqual({ key: 'move_from_evm', values: { quantity: '1.0000 TLOS', to: 'alice' } });
    // Any other transfer from the contract is a plain transfer.
    expect(token({ from: 'eosio.evm', to: 'alice', quantity: '1.0000 TLOS', memo: 'refund' }).key).toBe('transfer_memo');
  });

  it('names the contract’s own actions', () => {
    const evm = (action: string, data: unknown) => actionWords({ contract: 'eosio.evm', action, data });
    expect(evm('withdraw', { to: 'alice', quantity: '2.0000 TLOS' })).toEqual({ key: 'evm_withdraw', values: { quantity: '2.0000 TLOS', to: 'alice' } });
    expect(evm('openwallet', { account: 'alice', address: '70997970c51812dc3a010c7d01b50e0d17dc79c8' }))
      .toEqual({ key: 'evm_openwallet', values: { account: 'alice', address: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' } });
    expect(evm('create', { account: 'alice', data: '' })).toEqual({ key: 'evm_create', values: { account: 'alice' } });
    expect(evm('raw', { tx: 'f8' }).key).toBe('call');
  });
});
