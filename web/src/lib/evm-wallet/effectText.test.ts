import { describe, expect, it } from 'vitest';
import { registerTxTexts } from '../i18n/tx';
import { translate } from '../i18n/i18n';
import type { Message } from '../notify/toastStore';
import { effectMessage, type Effect } from './effectText';

registerTxTexts();

const CAROL = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
const TUSD = '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9';
const ART = '0x5FC8d32690cc91D4c39d9d3abcBD16989F875707';

function words(effect: Effect): string {
  const message: Message = effectMessage(effect, (amount) => amount);
  return 'text' in message ? message.text : translate(message.key, message.values ?? {});
}

describe('effectMessage', () => {
  it('words each effect the server prepares, as the review has always read', () => {
    const tusd = { address: TUSD, symbol: 'TUSD', name: 'Tandem USD' };
    const art = { address: ART, symbol: 'ART', name: 'Tandem Art' };
    const cases: [Effect, string][] = [
      [{ action: 'send', asset: { address: null, symbol: 'TLOS', name: null }, amount: '1.5', to: CAROL }, 'Send 1.5 TLOS to 0x90F7…b906'],
      [{ action: 'send', asset: tusd, amount: '2.5', to: CAROL }, 'Send 2.5 TUSD to 0x90F7…b906'],
      [{ action: 'nftTransfer', collection: art, tokenId: '3', quantity: null, to: CAROL }, 'Send Tandem Art #3 to 0x90F7…b906'],
      [{ action: 'nftTransfer', collection: { address: ART, symbol: null, name: null }, tokenId: '1', quantity: '5', to: CAROL }, 'Send 5 × 0x5FC8…5707 #1 to 0x90F7…b906'],
      [{ action: 'nftTransfer', collection: art, tokenId: '1', quantity: '1', to: CAROL }, 'Send Tandem Art #1 to 0x90F7…b906'],
      [{ action: 'wrap', amount: '2.5', symbol: 'TLOS', wrappedSymbol: 'WTLOS' }, 'Wrap 2.5 TLOS into WTLOS'],
      [{ action: 'unwrap', amount: '2.5', symbol: 'TLOS', wrappedSymbol: 'WTLOS' }, 'Unwrap 2.5 WTLOS into TLOS'],
      [{ action: 'stake', amount: '5', symbol: 'TLOS', shares: '4.5', stakedSymbol: 'STLOS' }, 'Stake 5 TLOS for about 4.5 STLOS'],
      [
        { action: 'unstake', amount: '1', symbol: 'TLOS', lock: { seconds: 3600, value: 1, unit: 'hour' } },
        'Unstake 1 TLOS; it stays locked for 1 hour before you can withdraw it',
      ],
      [{ action: 'withdraw', amount: '10', symbol: 'TLOS' }, 'Withdraw 10 TLOS of unlocked stake'],
      [{ action: 'approve', token: tusd, spender: CAROL, amount: '100', unlimited: false }, 'Allow 0x90F7…b906 to spend 100 TUSD'],
      [{ action: 'approve', token: tusd, spender: CAROL, amount: '1e70', unlimited: true }, 'Allow 0x90F7…b906 to spend unlimited TUSD'],
      [{ action: 'approve', token: tusd, spender: CAROL, amount: '0', unlimited: false }, "Revoke 0x90F7…b906's allowance to spend TUSD"],
      [{ action: 'revokeAllowance', token: { address: TUSD, symbol: null, name: 'Tandem USD' }, spender: CAROL }, "Revoke 0x90F7…b906's allowance to spend Tandem USD"],
      [{ action: 'revokeAllowance', token: { address: TUSD, symbol: ' ', name: null }, spender: CAROL }, "Revoke 0x90F7…b906's allowance to spend 0xCf7E…0Fc9"],
      [{ action: 'revokeNft', collection: art, tokenId: '7', spender: CAROL }, "Remove 0x90F7…b906's approval for Tandem Art #7"],
      [{ action: 'revokeOperator', collection: art, operator: CAROL }, "Remove 0x90F7…b906's approval for all of Tandem Art"],
    ];
    for (const [effect, sentence] of cases) expect(words(effect)).toBe(sentence);
  });

  it('writes amounts with the formatter it is given', () => {
    const message = effectMessage({ action: 'withdraw', amount: '1000', symbol: 'TLOS' }, (amount) => `${amount}!`);
    expect(message).toEqual({ key: 'tx.effect.withdraw', values: { amount: '1000!', symbol: 'TLOS' } });
  });
});

describe('effectMessage with the user’s names and display precision', () => {
  it('names parties by the given names and writes an estimate at display precision, amounts whole', () => {
    const message = effectMessage(
      { action: 'stake', amount: '10', symbol: 'TLOS', shares: '9.090909090909090908', stakedSymbol: 'STLOS' },
      (amount) => amount,
      (address) => address,
      (amount) => Number(amount).toFixed(4),
    );
    expect('text' in message ? message.text : translate(message.key, message.values ?? {})).toBe('Stake 10 TLOS for about 9.0909 STLOS');
    const named = effectMessage({ action: 'send', asset: { address: null, symbol: 'TLOS', name: null }, amount: '1', to: CAROL }, (a) => a, () => 'Carol');
    expect('text' in named ? named.text : translate(named.key, named.values ?? {})).toBe('Send 1 TLOS to Carol');
  });
});
