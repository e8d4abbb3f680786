import { describe, expect, it } from 'vitest';
import amountVectors from '../../../../../testdata/vectors/amount_parse.json';
import addressVectors from '../../../../../testdata/vectors/evm_address.json';
import { MAX_UINT256 } from '../../../lib/amount/fixedAmount';
import { EN_US_SEPARATORS } from '../../../lib/amount/format';
import { ApiError } from '../../../lib/api/client';
import type { BalancesView } from '../../../lib/api/evm/balances';
import {
  addAmounts,
  amountInputText,
  checkSendForm,
  feeReserveWei,
  fiatValue,
  maxSendable,
  pickToken,
  plainAmount,
  sendTokens,
  serverProblem,
  smallestUnit,
  type SendToken,
  type SendTokenList,
} from './sendForm';

const ACCOUNT = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65';
const OTHER = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc';
const TUSD_ADDRESS = '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9';

const TLOS: SendToken = {
  id: 'TLOS-native-devnet',
  symbol: 'TLOS',
  name: 'Telos',
  decimals: 18,
  isNative: true,
  address: null,
  available: { raw: 5n * 10n ** 18n, decimals: 18 },
  price: { raw: 2n, decimals: 1 },
};

const TUSD: SendToken = {
  id: `TUSD-${TUSD_ADDRESS}-devnet`,
  symbol: 'TUSD',
  name: 'Tandem USD',
  decimals: 6,
  isNative: false,
  address: TUSD_ADDRESS,
  available: { raw: 250_000_000n, decimals: 6 },
  price: null,
};

const TOKENS: SendTokenList = [TLOS, TUSD];

function amountView(raw: string, decimals: number, value: string) {
  return { raw, decimals, value, formatted: value };
}

describe('sendTokens', () => {
  it('keeps the native coin and ERC-20 rows with their exact balance and price', () => {
    const view = {
      address: ACCOUNT,
      network: 'telos-evm-devnet',
      fiat: 'USD',
      locale: 'en-US',
      fetchedMs: 1,
      source: 'ownIndex',
      totalFiatValue: amountView('0', 2, '0'),
      balances: [
        {
          amount: amountView('1500000000000000001', 18, '1.500000000000000001'),
          price: '0.2',
          priceAvailable: true,
          priceSource: 'aggregator',
          token: { id: 'TLOS', decimals: 18, isNative: true, isSystem: true, name: 'Telos', symbol: 'TLOS', type: 'native' },
        },
        {
          amount: amountView('7', 6, '0.000007'),
          price: '0',
          priceAvailable: false,
          priceSource: 'none',
          token: { id: 'TUSD', address: TUSD_ADDRESS, decimals: 6, isNative: false, isSystem: false, name: 'Tandem USD', symbol: 'TUSD', type: 'erc20' },
        },
        {
          amount: amountView('1', 0, '1'),
          price: '0',
          priceAvailable: false,
          priceSource: 'none',
          token: { id: 'ART', address: OTHER, decimals: 0, isNative: false, isSystem: false, name: 'Art', symbol: 'ART', type: 'erc721' },
        },
      ],
    } as unknown as BalancesView;
    const tokens = sendTokens(view);
    expect(tokens.map((token) => token.symbol)).toEqual(['TLOS', 'TUSD']);
    expect(tokens[0]?.available).toEqual({ raw: 1_500_000_000_000_000_001n, decimals: 18 });
    expect(tokens[0]?.price).toEqual({ raw: 2n, decimals: 1 });
    expect(tokens[1]).toMatchObject({ address: TUSD_ADDRESS, isNative: false, price: null });
  });
});

describe('pickToken', () => {
  it('prefers the picked token, then the ?token= symbol in any case, then the native coin', () => {
    expect(pickToken(TOKENS, TUSD.id, 'TLOS')).toBe(TUSD);
    expect(pickToken(TOKENS, null, 'tusd')).toBe(TUSD);
    expect(pickToken(TOKENS, null, 'NOPE')).toBe(TLOS);
    expect(pickToken([TUSD, TLOS], 'gone', null)).toBe(TLOS);
    expect(pickToken([TUSD], null, null)).toBe(TUSD);
  });
});

describe('checkSendForm', () => {
  const check = (to: string, amount: string, token: SendToken = TLOS) =>
    checkSendForm({ to, amount }, token, ACCOUNT, EN_US_SEPARATORS);

  it('builds the server request from valid fields: checksummed recipient, exact amount, token address', () => {
    expect(check(OTHER, '1.25').request).toEqual({ kind: 'send', from: ACCOUNT, to: OTHER, amount: '1.25' });
    expect(check(`  ${OTHER}\n`, '1,000.5', { ...TUSD, available: { raw: 10n ** 12n, decimals: 6 } }).request).toEqual({
      kind: 'send',
      from: ACCOUNT,
      token: TUSD_ADDRESS,
      to: OTHER,
      amount: '1000.5',
    });
  });

  it('gives the spec messages for decimals, balance and zero', () => {
    expect(check(OTHER, '1.1234567', TUSD).errors.amount).toEqual({ key: 'validation.too_many_decimals', values: { count: 6 } });
    expect(check(OTHER, '250.000001', TUSD).errors.amount).toEqual({ key: 'validation.balance_too_low' });
    expect(check(OTHER, '250', TUSD).errors.amount).toBeUndefined();
    expect(check(OTHER, '0').errors.amount).toEqual({ key: 'validation.amount_positive' });
    expect(check(OTHER, '').request).toBeNull();
  });

  it('warns about a lowercase address, the own address and the token contract', () => {
    expect(check(OTHER.toLowerCase(), '1').warnings).toEqual([{ key: 'validation.address_lowercase' }]);
    expect(check(ACCOUNT, '1').warnings).toEqual([{ key: 'evm.send.warning_self' }]);
    expect(check(TUSD_ADDRESS, '1', TUSD).warnings).toEqual([{ key: 'evm.send.warning_token_contract', values: { symbol: 'TUSD' } }]);
    expect(check(OTHER, '1').warnings).toEqual([]);
  });

  describe('agrees with the shared address vectors', () => {
    for (const vector of addressVectors.cases) {
      it(vector.name, () => {
        const result = check(vector.input, '1');
        // The form trims a pasted address; the rule itself never trims.
        const trimmed = vector.input.trim() !== vector.input;
        if ('error' in vector.expect && !trimmed) {
          expect(result.errors.to?.key).toBe(vector.expect.error);
          expect(result.request).toBeNull();
        } else {
          const expected = 'ok' in vector.expect ? vector.expect.ok : { checksummed: vector.input.trim(), warning: null };
          expect(result.errors.to).toBeUndefined();
          expect(result.request?.to).toBe(expected.checksummed);
          const lowercase = result.warnings.some((warning) => warning.key === 'validation.address_lowercase');
          expect(lowercase).toBe(expected.warning === 'validation.address_lowercase');
        }
      });
    }
  });

  describe('agrees with the shared amount vectors', () => {
    for (const vector of amountVectors.cases) {
      it(vector.name, () => {
        const { decimals, decimalSeparator, groupSeparator } = vector.options;
        const token = { ...TUSD, decimals, available: { raw: MAX_UINT256, decimals } };
        const result = checkSendForm({ to: OTHER, amount: vector.input }, token, ACCOUNT, { decimal: decimalSeparator, group: groupSeparator });
        if ('error' in vector.expect) {
          expect(result.errors.amount?.key).toBe(vector.expect.error);
        } else if (vector.expect.ok.raw === '0') {
          expect(result.errors.amount?.key).toBe('validation.amount_positive');
        } else {
          expect(result.amount?.raw.toString()).toBe(vector.expect.ok.raw);
          expect(result.request?.amount).toBe(vector.expect.ok.plain);
        }
      });
    }
  });
});

describe('Max', () => {
  const prepared = { gasLimit: '25200', gasPrice: '500000000000' };

  it('keeps the gas limit at the gas price for the fee of a TLOS send', () => {
    const reserve = feeReserveWei(prepared);
    expect(reserve).toBe(12_600_000_000_000_000n);
    expect(maxSendable(TLOS, reserve)).toEqual({ raw: 5n * 10n ** 18n - reserve, decimals: 18 });
  });

  it('sends the whole balance of a token, and nothing when the fee takes all the TLOS', () => {
    expect(maxSendable(TUSD, 10n ** 18n)).toEqual(TUSD.available);
    expect(maxSendable({ ...TLOS, available: { raw: 1000n, decimals: 18 } }, 1000n)).toBeNull();
  });

  it('writes the amount as the user would type it, every digit, no grouping', () => {
    expect(amountInputText({ raw: 1_234_500_000n, decimals: 6 }, EN_US_SEPARATORS)).toBe('1234.5');
    expect(amountInputText({ raw: 1_234_500_000n, decimals: 6 }, { decimal: ',', group: '.' })).toBe('1234,5');
    expect(plainAmount({ raw: 1n, decimals: 18 })).toBe('0.000000000000000001');
    expect(smallestUnit(18)).toBe('0.000000000000000001');
    expect(smallestUnit(6)).toBe('0.000001');
    expect(smallestUnit(0)).toBe('1');
  });
});

describe('amount arithmetic', () => {
  it('values the amount in fiat exactly and adds the fee', () => {
    expect(fiatValue({ raw: 15n, decimals: 1 }, { raw: 2345n, decimals: 4 })).toEqual({ raw: 35175n, decimals: 5 });
    expect(fiatValue({ raw: 15n, decimals: 1 }, null)).toBeNull();
    expect(addAmounts({ raw: 15n, decimals: 1 }, { raw: 25n, decimals: 3 })).toEqual({ raw: 1525n, decimals: 3 });
  });
});

describe('serverProblem', () => {
  it('puts a rejected field under its input, with the details as message values', () => {
    const error = new ApiError('validation.too_many_decimals', 'too many', 400, { field: 'amount', count: 6 });
    expect(serverProblem(error)).toEqual({ field: 'amount', code: 'validation.too_many_decimals', message: 'too many', values: { field: 'amount', count: 6 } });
    expect(serverProblem(new ApiError('validation.invalid_checksum_address', 'bad', 400, { field: 'to' })).field).toBe('to');
  });

  it('puts "not enough TLOS for the fee" under the amount and anything else on the form', () => {
    const funds = new ApiError('evm.insufficient_funds', "You don't have enough funds to complete this transaction", 400, { feeWei: '1' });
    expect(serverProblem(funds).field).toBe('amount');
    expect(serverProblem(new ApiError('evm.transaction_reverted', 'reverted', 400, { reason: 'paused' })).field).toBeNull();
    expect(serverProblem(new ApiError('validation.invalid_address', 'bad sender', 400, { field: 'from' })).field).toBeNull();
    expect(serverProblem(new Error('offline'))).toEqual({ field: null, code: 'client.unexpected', message: 'offline', values: {} });
  });
});
