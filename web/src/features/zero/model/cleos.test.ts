import { describe, expect, it } from 'vitest';
import { cleosCommand, shellQuote } from './cleos';

describe('cleosCommand', () => {
  it('writes the exact push action command', () => {
    const command = cleosCommand('https://mainnet.telos.net', {
      contract: 'eosio.token',
      action: 'transfer',
      data: { from: 'alice', to: 'bob', quantity: '1.0000 TLOS', memo: 'rent' },
      actor: 'alice',
      permission: 'active',
    });
    expect(command).toBe(
      `cleos -u 'https://mainnet.telos.net' push action eosio.token transfer ` +
        `'{"from":"alice","to":"bob","quantity":"1.0000 TLOS","memo":"rent"}' -p alice@active`,
    );
  });

  it('keeps quotes in a memo safe for the shell', () => {
    const command = cleosCommand('http://127.0.0.1:8888', {
      contract: 'eosio.token',
      action: 'transfer',
      data: { memo: "it's $HOME; `x`" },
      actor: 'eosio',
      permission: 'owner',
    });
    expect(command).toBe(`cleos -u 'http://127.0.0.1:8888' push action eosio.token transfer '{"memo":"it'\\''s $HOME; \`x\`"}' -p eosio@owner`);
  });

  it('quotes plain text in single quotes', () => {
    expect(shellQuote('')).toBe("''");
    expect(shellQuote("a'b")).toBe(`'a'\\''b'`);
  });
});
