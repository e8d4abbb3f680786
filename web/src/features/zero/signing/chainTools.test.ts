import { ABI, Action, Serializer, Transaction } from '@wharfkit/antelope';
import { describe, expect, it } from 'vitest';
import { actionWords } from '../model/actionWords';
import { actionsToSign, decodeTransaction } from './chainTools';

/** eosio.token's transfer, as its ABI describes it. */
const TOKEN_ABI = ABI.from({
  version: 'eosio::abi/1.1',
  structs: [{
    name: 'transfer',
    base: '',
    fields: [
      { name: 'from', type: 'name' },
      { name: 'to', type: 'name' },
      { name: 'quantity', type: 'asset' },
      { name: 'memo', type: 'string' },
    ],
  }],
  actions: [{ name: 'transfer', type: 'transfer', ricardian_contract: '' }],
});

const TRANSFER = { from: 'alice', to: 'bob', quantity: '1.2345 TLOS', memo: 'rent' };

/** A sponsored transaction as the fee sponsor returns it: its no-op first, then alice's transfer. */
function sponsoredTransfer(): string {
  const transaction = Transaction.from({
    expiration: '2026-11-29T12:00:00',
    ref_block_num: 1,
    ref_block_prefix: 2,
    actions: [
      Action.from({ account: 'greymassnoop', name: 'noop', authorization: [{ actor: 'greymassfuel', permission: 'cosign' }], data: '' }),
      Action.from({ account: 'eosio.token', name: 'transfer', authorization: [{ actor: 'alice', permission: 'active' }], data: TRANSFER }, TOKEN_ABI),
    ],
  });
  return Serializer.encode({ object: transaction }).hexString;
}

describe('the actions a wallet shows before it signs', () => {
  it('decodes each action with its contract’s ABI and names who authorizes it', () => {
    const actions = actionsToSign(decodeTransaction(sponsoredTransfer()), new Map([['eosio.token', TOKEN_ABI], ['greymassnoop', null]]));
    expect(actions).toEqual([
      { contract: 'greymassnoop', action: 'noop', authorization: ['greymassfuel@cosign'], data: '' },
      { contract: 'eosio.token', action: 'transfer', authorization: ['alice@active'], data: TRANSFER },
    ]);
    // Decoded as the history service decodes: the transfer reads in words.
    expect(actionWords(actions[1] ?? { contract: '', action: '', data: null })).toEqual({
      key: 'transfer_memo',
      values: { quantity: '1.2345 TLOS', from: 'alice', to: 'bob', memo: 'rent' },
    });
  });

  it('shows the data as hex where the network has no ABI for the contract or the ABI lacks the action', () => {
    const transaction = decodeTransaction(sponsoredTransfer());
    const hex = transaction.actions[1]?.data.hexString;
    expect(hex).toMatch(/^[0-9a-f]+$/);
    const withoutAbi = actionsToSign(transaction, new Map());
    expect(withoutAbi[1]?.data).toBe(hex);
    const otherAbi = ABI.from({ version: 'eosio::abi/1.1', structs: [], actions: [] });
    expect(actionsToSign(transaction, new Map([['eosio.token', otherAbi]]))[1]?.data).toBe(hex);
  });
});
