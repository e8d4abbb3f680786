/**
 * The shared test vectors (testdata/vectors, see its README): the same inputs the
 * Rust domain crate checks must give the same values and the same error keys here.
 * Every file is run; a file this runner does not know fails, as on the Rust side.
 */
import { describe, expect, it } from 'vitest';
import { toPlainString } from '../amount/fixedAmount';
import { validateAccountName, type AccountNameRule } from './accountName';
import { parseAmount } from './amount';
import { validateEvmAddress } from './evmAddress';
import { validateTransactionHash } from './transactionHash';
import type { Checked } from './issue';

interface VectorCase {
  name: string;
  input: string;
  options?: Record<string, unknown>;
  expect: { ok: unknown } | { error: string };
}

interface VectorFile {
  rule: string;
  cases: VectorCase[];
}

const files = import.meta.glob<VectorFile>('../../../../testdata/vectors/*.json', { eager: true, import: 'default' });

/** Each rule run on one case, its accepted value in the vector's `ok` shape. */
const RUNNERS: Record<string, (input: string, options: Record<string, unknown>) => Checked<unknown>> = {
  evm_address: (input) => {
    const checked = validateEvmAddress(input);
    return checked.ok ? { ok: true, value: { checksummed: checked.value.checksummed, warning: checked.value.warning } } : checked;
  },
  amount_parse: (input, options) => {
    const { decimals, decimalSeparator, groupSeparator } = options as {
      decimals: number;
      decimalSeparator: string;
      groupSeparator: string | null;
    };
    const checked = parseAmount(input, decimals, { decimal: decimalSeparator, group: groupSeparator });
    return checked.ok
      ? { ok: true, value: { raw: checked.value.raw.toString(), plain: toPlainString(checked.value) } }
      : checked;
  },
  account_name: (input, options) => validateAccountName(input, options.rule as AccountNameRule),
  transaction_hash: (input) => validateTransactionHash(input),
};

function outcome(checked: Checked<unknown>): VectorCase['expect'] {
  return checked.ok ? { ok: checked.value } : { error: checked.error.key };
}

describe('shared test vectors', () => {
  const entries = Object.entries(files);

  it('finds the vector files', () => {
    expect(entries.map(([path]) => path.split('/').pop()).sort()).toEqual(
      expect.arrayContaining(['account_name.json', 'amount_parse.json', 'evm_address.json', 'transaction_hash.json']),
    );
  });

  for (const [path, file] of entries) {
    describe(path.split('/').pop() ?? path, () => {
      const run = RUNNERS[file.rule];

      it('has a runner for its rule', () => {
        expect(run, `no TypeScript runner for rule "${file.rule}"`).toBeDefined();
        expect(file.cases.length).toBeGreaterThan(0);
      });

      for (const vector of file.cases) {
        it(vector.name, () => {
          if (!run) throw new Error(`no runner for ${file.rule}`);
          expect(outcome(run(vector.input, vector.options ?? {}))).toEqual(vector.expect);
        });
      }
    });
  }
});
