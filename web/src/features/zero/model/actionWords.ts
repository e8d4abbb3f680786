/**
 * What a native action did, as words a person reads: the system actions Tandem knows are
 * named with their figures (REX bought for how much, the producers or proxy voted for, the
 * permission changed and how, the account created, the RAM bought, the proposal), any other
 * action shows its decoded arguments. The screen turns `key` and `values` into its language
 * (`zero.action.<key>`); nothing here is English.
 *
 * The data is what the history service decoded with the contract's ABI; a field of the
 * wrong type (an ABI the service did not have gives hex text) falls back to the arguments.
 */

import { depositDestination, EVM_CONTRACT, withdrawRecipient } from '../../../lib/antelope/evmMove';

export interface NativeActionInput {
  readonly contract: string;
  readonly action: string;
  readonly data: unknown;
}

/** The actions named in words (`zero.action.<key>` in the dictionary). */
export type ActionKey =
  | 'transfer' | 'transfer_memo' | 'buyrex' | 'sellrex' | 'rex_deposit' | 'rex_withdraw'
  | 'vote_proxy' | 'vote_producers' | 'vote_none' | 'updateauth' | 'updateauth_root' | 'deleteauth'
  | 'linkauth' | 'unlinkauth' | 'newaccount' | 'buyrambytes' | 'buyram' | 'sellram' | 'delegatebw'
  | 'undelegatebw' | 'refund' | 'regproxy' | 'unregproxy' | 'msig_propose' | 'msig_approve'
  | 'msig_unapprove' | 'msig_exec' | 'msig_cancel'
  | 'move_to_evm' | 'move_to_evm_linked' | 'move_from_evm' | 'evm_withdraw' | 'evm_openwallet' | 'evm_create';

export type ActionWords =
  | { readonly key: ActionKey; readonly values: Readonly<Record<string, string | number>> }
  | { readonly key: 'call'; readonly values: { readonly contract: string; readonly action: string }; readonly args: readonly Argument[] };

/** One decoded argument, its value as short text. */
export interface Argument {
  readonly name: string;
  readonly value: string;
}

type Fields = Readonly<Record<string, unknown>>;

const text = (fields: Fields, name: string): string | null => {
  const value = fields[name];
  return typeof value === 'string' && value !== '' ? value : null;
};

const integer = (fields: Fields, name: string): number | null => {
  const value = fields[name];
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  if (typeof value === 'string' && /^\d+$/.test(value) && Number.isSafeInteger(Number(value))) return Number(value);
  return null;
};

/** The longest argument value shown in a row; the transaction view has the whole data. */
const ARGUMENT_LIMIT = 80;

/** An argument's value as one line of text: objects and lists as compact JSON, cut long. */
function argumentText(value: unknown): string {
  // JSON.stringify answers undefined (not in its type) for undefined, which parsed data never holds.
  const whole = typeof value === 'string' ? value : (JSON.stringify(value) as string | undefined) ?? '';
  return whole.length > ARGUMENT_LIMIT ? `${whole.slice(0, ARGUMENT_LIMIT - 1)}…` : whole;
}

function call(action: NativeActionInput): ActionWords {
  const fields = isFields(action.data) ? action.data : null;
  const args = fields === null
    ? action.data === undefined || action.data === null || action.data === '' ? [] : [{ name: 'data', value: argumentText(action.data) }]
    : Object.entries(fields)
      // The history service adds these beside the ABI's fields (a transfer's parsed amount).
      .filter(([name]) => !DERIVED_FIELDS.has(name))
      .map(([name, value]) => ({ name, value: argumentText(value) }));
  return { key: 'call', values: { contract: action.contract, action: action.action }, args };
}

/** Fields a history service derives and adds to the ABI's (Hyperion's transfer `amount`, `symbol`; `newact`). */
const DERIVED_FIELDS = new Set(['amount', 'symbol', 'newact']);

function isFields(data: unknown): data is Fields {
  return typeof data === 'object' && data !== null && !Array.isArray(data);
}

/** How a permission's authority reads: its threshold and how many keys and accounts can sign. */
function authority(fields: Fields): { threshold: number; keys: number; accounts: number } | null {
  const auth = fields.auth;
  if (!isFields(auth)) return null;
  const threshold = integer(auth, 'threshold');
  if (threshold === null) return null;
  const keys = Array.isArray(auth.keys) ? auth.keys.length : 0;
  const accounts = Array.isArray(auth.accounts) ? auth.accounts.length : 0;
  return { threshold, keys, accounts };
}

type Describer = (fields: Fields) => ActionWords | null;

const words = (key: ActionKey, values: Record<string, string | number | null>): ActionWords | null => {
  if (Object.values(values).some((value) => value === null)) return null;
  return { key, values: values as Record<string, string | number> };
};

/** The system contract's actions Tandem names (Telos's `eosio`, the usual Antelope set). */
const SYSTEM: Readonly<Record<string, Describer>> = {
  buyrex: (f) => words('buyrex', { amount: text(f, 'amount') }),
  sellrex: (f) => words('sellrex', { rex: text(f, 'rex') }),
  deposit: (f) => words('rex_deposit', { amount: text(f, 'amount') }),
  withdraw: (f) => words('rex_withdraw', { amount: text(f, 'amount') }),
  voteproducer: (f) => {
    const proxy = text(f, 'proxy');
    if (proxy !== null) return words('vote_proxy', { proxy });
    const producers = Array.isArray(f.producers) ? f.producers.filter((p): p is string => typeof p === 'string') : null;
    if (producers === null) return null;
    if (producers.length === 0) return words('vote_none', {});
    return words('vote_producers', { count: producers.length, producers: producers.join(', ') });
  },
  updateauth: (f) => {
    const auth = authority(f);
    if (auth === null) return null;
    const parent = text(f, 'parent');
    const signers = { permission: text(f, 'permission'), threshold: auth.threshold, keys: auth.keys, accounts: auth.accounts };
    // `owner` has no parent: the root of the tree.
    return parent === null ? words('updateauth_root', signers) : words('updateauth', { ...signers, parent });
  },
  deleteauth: (f) => words('deleteauth', { permission: text(f, 'permission') }),
  linkauth: (f) => words('linkauth', { permission: text(f, 'requirement'), code: text(f, 'code'), type: text(f, 'type') ?? '*' }),
  unlinkauth: (f) => words('unlinkauth', { code: text(f, 'code'), type: text(f, 'type') ?? '*' }),
  newaccount: (f) => words('newaccount', { name: text(f, 'name') ?? text(f, 'newact'), creator: text(f, 'creator') }),
  buyrambytes: (f) => words('buyrambytes', { bytes: integer(f, 'bytes'), receiver: text(f, 'receiver'), payer: text(f, 'payer') }),
  buyram: (f) => words('buyram', { quantity: text(f, 'quant'), receiver: text(f, 'receiver'), payer: text(f, 'payer') }),
  sellram: (f) => words('sellram', { bytes: integer(f, 'bytes') }),
  delegatebw: (f) => words('delegatebw', {
    cpu: text(f, 'stake_cpu_quantity'), net: text(f, 'stake_net_quantity'), receiver: text(f, 'receiver'),
  }),
  undelegatebw: (f) => words('undelegatebw', {
    cpu: text(f, 'unstake_cpu_quantity'), net: text(f, 'unstake_net_quantity'), receiver: text(f, 'receiver'),
  }),
  refund: (f) => words('refund', { owner: text(f, 'owner') }),
  regproxy: (f) => words(f.isproxy === 0 || f.isproxy === false ? 'unregproxy' : 'regproxy', { proxy: text(f, 'proxy') }),
};

/** The multisig contract's actions: a proposal by its proposer and name. */
const MSIG: Readonly<Record<string, Describer>> = {
  propose: (f) => words('msig_propose', { proposal: text(f, 'proposal_name'), proposer: text(f, 'proposer') }),
  approve: (f) => words('msig_approve', { proposal: text(f, 'proposal_name'), proposer: text(f, 'proposer') }),
  unapprove: (f) => words('msig_unapprove', { proposal: text(f, 'proposal_name'), proposer: text(f, 'proposer') }),
  exec: (f) => words('msig_exec', { proposal: text(f, 'proposal_name'), proposer: text(f, 'proposer') }),
  cancel: (f) => words('msig_cancel', { proposal: text(f, 'proposal_name'), proposer: text(f, 'proposer') }),
};

/**
 * A token transfer, on any contract that follows `eosio.token`'s shape; TLOS moved to or
 * from Telos EVM through `eosio.evm` (ADR 0035) reads as the move it is.
 */
const transfer: Describer = (f) => {
  const memo = text(f, 'memo');
  const quantity = text(f, 'quantity');
  if (text(f, 'to') === EVM_CONTRACT) {
    const address = memo === null ? null : depositDestination(memo);
    return address === null
      ? words('move_to_evm_linked', { quantity, from: text(f, 'from') })
      : words('move_to_evm', { quantity, from: text(f, 'from'), address });
  }
  const payee = text(f, 'from') === EVM_CONTRACT && memo !== null ? withdrawRecipient(memo) : null;
  if (payee !== null) return words('move_from_evm', { quantity, to: payee });
  return words(memo === null ? 'transfer' : 'transfer_memo', {
    quantity: text(f, 'quantity'), from: text(f, 'from'), to: text(f, 'to'), ...(memo === null ? {} : { memo }),
  });
};

/** The Telos EVM contract's actions a holder signs (ADR 0035). */
const EVM: Readonly<Record<string, Describer>> = {
  withdraw: (f) => words('evm_withdraw', { quantity: text(f, 'quantity'), to: text(f, 'to') }),
  openwallet: (f) => {
    const address = text(f, 'address');
    return words('evm_openwallet', { address: address === null ? null : `0x${address.replace(/^0x/, '')}`, account: text(f, 'account') });
  },
  create: (f) => words('evm_create', { account: text(f, 'account') }),
};

/** The table's own entry (an action named `toString` is not the object's method). */
function own(table: Readonly<Record<string, Describer>>, name: string): Describer | undefined {
  return Object.hasOwn(table, name) ? table[name] : undefined;
}

/** The words for `action`, or its contract, name and arguments when Tandem does not name it. */
export function actionWords(action: NativeActionInput): ActionWords {
  if (!isFields(action.data)) return call(action);
  const describer = action.action === 'transfer'
    ? transfer
    : action.contract === 'eosio'
      ? own(SYSTEM, action.action)
      : action.contract === 'eosio.msig'
        ? own(MSIG, action.action)
        : action.contract === EVM_CONTRACT
          ? own(EVM, action.action)
          : undefined;
  return describer?.(action.data) ?? call(action);
}
