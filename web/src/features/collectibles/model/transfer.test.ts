import { describe, expect, it } from 'vitest';
import { checkQuantity, checkRecipient, checkTransfer, transferAccess, withoutError } from './transfer';

const CAROL = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
const DAVE = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65';

describe('transferAccess', () => {
  const connected = { account: CAROL, isViewer: false, canSign: true };

  it('shows the form to a connected wallet that holds the collectible', () => {
    expect(transferAccess(20n, connected)).toEqual({ kind: 'form', held: 20n });
  });

  it('asks to connect when nobody is logged in, the session is read-only, or the wallet is not connected here', () => {
    expect(transferAccess(0n, { account: null, isViewer: false, canSign: false })).toEqual({ kind: 'connect', reason: 'anonymous' });
    expect(transferAccess(1n, { account: CAROL, isViewer: true, canSign: false })).toEqual({ kind: 'connect', reason: 'viewer' });
    expect(transferAccess(1n, { account: CAROL, isViewer: false, canSign: false })).toEqual({ kind: 'connect', reason: 'reconnect' });
  });

  it('says so when the connected account holds none', () => {
    expect(transferAccess(0n, connected)).toEqual({ kind: 'not_owner', account: CAROL });
  });
});

describe('checkRecipient', () => {
  it('uses the spec address messages', () => {
    expect(checkRecipient('', CAROL)).toEqual({ ok: false, error: { key: 'antelope.contracts.error_address_required' } });
    expect(checkRecipient('0x1234', CAROL)).toEqual({ ok: false, error: { key: 'antelope.evm.error_invalid_address' } });
    expect(checkRecipient(DAVE.replace('d', 'D'), CAROL)).toEqual({ ok: false, error: { key: 'validation.invalid_checksum_address' } });
  });

  it('accepts a lowercase address with the "verify it" warning and checksums it', () => {
    expect(checkRecipient(` ${DAVE.toLowerCase()} `, CAROL)).toEqual({ ok: true, to: DAVE, warning: 'validation.address_lowercase' });
    expect(checkRecipient(DAVE, CAROL)).toEqual({ ok: true, to: DAVE, warning: null });
  });

  it('refuses the zero address and the sender itself', () => {
    expect(checkRecipient(`0x${'0'.repeat(40)}`, CAROL)).toEqual({ ok: false, error: { key: 'collectibles.transfer.zero_address' } });
    expect(checkRecipient(CAROL.toLowerCase(), CAROL)).toEqual({ ok: false, error: { key: 'collectibles.transfer.own_address' } });
  });
});

describe('checkQuantity', () => {
  it('takes a whole number from 1 to the amount held', () => {
    expect(checkQuantity('5', 20n)).toEqual({ ok: true, quantity: '5' });
    expect(checkQuantity(' 020 ', 20n)).toEqual({ ok: true, quantity: '20' });
  });

  it('says what is wrong otherwise', () => {
    expect(checkQuantity('', 20n)).toEqual({ ok: false, error: { key: 'collectibles.transfer.quantity_required' } });
    for (const text of ['0', '-1', '1.5', '1e3', 'abc']) {
      expect(checkQuantity(text, 20n), text).toEqual({ ok: false, error: { key: 'collectibles.transfer.quantity_whole' } });
    }
    expect(checkQuantity('21', 20n)).toEqual({ ok: false, error: { key: 'collectibles.transfer.quantity_above_held', values: { held: '20' } } });
  });
});

describe('checkTransfer', () => {
  it('ignores the quantity of an ERC-721', () => {
    expect(checkTransfer({ recipient: DAVE, quantity: 'nonsense' }, { standard: 'erc721', from: CAROL, held: 1n })).toEqual({
      ok: true,
      value: { to: DAVE, quantity: null, warning: null },
    });
  });

  it('reports every field at once', () => {
    expect(checkTransfer({ recipient: '0x12', quantity: '99' }, { standard: 'erc1155', from: CAROL, held: 20n })).toEqual({
      ok: false,
      errors: {
        recipient: { key: 'antelope.evm.error_invalid_address' },
        quantity: { key: 'collectibles.transfer.quantity_above_held', values: { held: '20' } },
      },
    });
  });

  it('answers the request fields of an ERC-1155 transfer', () => {
    expect(checkTransfer({ recipient: DAVE, quantity: '5' }, { standard: 'erc1155', from: CAROL, held: 20n })).toEqual({
      ok: true,
      value: { to: DAVE, quantity: '5', warning: null },
    });
  });
});

describe('withoutError', () => {
  it('drops the field the user is fixing and keeps the other', () => {
    const errors = { recipient: { key: 'antelope.evm.error_invalid_address' as const }, quantity: { key: 'collectibles.transfer.quantity_whole' as const } };
    expect(withoutError(errors, 'recipient')).toEqual({ quantity: { key: 'collectibles.transfer.quantity_whole' } });
    expect(errors.recipient).toBeDefined();
  });
});
