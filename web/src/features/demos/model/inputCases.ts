/**
 * The fields of /demos/inputs: for each rule of spec §5 the forms use, a value that
 * gets each of its messages (and one it accepts), so every text shows at once.
 */

export type InputKind = 'evmAddress' | 'amount' | 'accountName' | 'basicAccountName';

export interface InputCase {
  readonly label: string;
  readonly kind: InputKind;
  readonly value: string;
  /** Amount fields: the token's decimals and the balance available (exact decimal text). */
  readonly decimals?: number;
  readonly available?: { readonly raw: bigint; readonly decimals: number };
}

export interface InputGroup {
  readonly title: string;
  readonly fields: readonly InputCase[];
}

/** 1.5 TLOS, the balance the amount fields check against. */
const BALANCE = { raw: 1_500_000_000_000_000_000n, decimals: 18 };

export const INPUT_CASES: readonly InputGroup[] = [
  {
    title: 'EVM address',
    fields: [
      { label: 'Recipient (empty)', kind: 'evmAddress', value: '' },
      { label: 'Recipient (too short)', kind: 'evmAddress', value: '0x1234' },
      { label: 'Recipient (wrong checksum)', kind: 'evmAddress', value: '0x70997970c51812dc3a010c7d01b50e0d17dc79C8' },
      { label: 'Recipient (all lowercase)', kind: 'evmAddress', value: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' },
      { label: 'Recipient (checksummed)', kind: 'evmAddress', value: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' },
    ],
  },
  {
    title: 'Amount (TLOS, 1.5 available)',
    fields: [
      { label: 'Amount (empty)', kind: 'amount', value: '', available: BALANCE },
      { label: 'Amount (letters)', kind: 'amount', value: '1.2.3', available: BALANCE },
      { label: 'Amount (negative)', kind: 'amount', value: '-1', available: BALANCE },
      { label: 'Amount (too precise)', kind: 'amount', value: '0.1234567890123456789', available: BALANCE },
      { label: 'Amount (above the balance)', kind: 'amount', value: '2', available: BALANCE },
      { label: 'Amount (above 2^256)', kind: 'amount', value: '1' + '0'.repeat(80) },
      { label: 'Amount of an 80-decimal token', kind: 'amount', value: '1', decimals: 80 },
      { label: 'Amount (fits)', kind: 'amount', value: '1.25', available: BALANCE },
    ],
  },
  {
    title: 'Native account name',
    fields: [
      { label: 'Account (empty)', kind: 'accountName', value: '' },
      { label: 'Account (capitals)', kind: 'accountName', value: 'Alice' },
      { label: 'Account (13 characters)', kind: 'accountName', value: 'abcdefghijklm' },
      { label: 'Account (trailing dot)', kind: 'accountName', value: 'alice.' },
      { label: 'New account (too short)', kind: 'basicAccountName', value: 'alice' },
      { label: 'Account (valid)', kind: 'accountName', value: 'alice.tandem' },
    ],
  },
];
