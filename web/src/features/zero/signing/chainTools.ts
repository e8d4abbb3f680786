/**
 * Transaction building and signing with WharfKit, loaded only on /zero when a
 * signature is needed. Reads go straight to the network's RPC, as every Antelope
 * wallet page does; the broadcast goes through tandem-server.
 */

import { Action, APIClient, Bytes, Serializer, TimePointSec, Transaction, type ABI } from '@wharfkit/antelope';
import type { Session } from '@wharfkit/session';
import type { ActionToSign } from '../model/devWalletPrompt';
import { headerOptions, type HeaderKind, type NativeActionRequest, type NativeSigner } from '../model/nativeSession';

/**
 * An unsigned transaction of `actions`, each authorised by `authorization`, packed hex.
 * The reference block is `blocksBehind` the head and the transaction expires
 * `expireSeconds` after that block's time (spec §9; a sponsored header lives an hour,
 * so a person may read the fee dialog and approve in the wallet for minutes).
 */
export async function buildTransaction(
  rpcUrl: string,
  actions: readonly NativeActionRequest[],
  authorization: { actor: string; permission: string },
  header: HeaderKind,
): Promise<string> {
  const { blocksBehind, expireSeconds } = headerOptions(header);
  const client = new APIClient({ url: rpcUrl });
  const info = await client.v1.chain.get_info();
  const contracts = [...new Set(actions.map((action) => action.contract))];
  const [reference, ...abis] = await Promise.all([
    client.v1.chain.get_block(Math.max(1, info.head_block_num.toNumber() - blocksBehind)),
    ...contracts.map((contract) => client.v1.chain.get_abi(contract)),
  ]);
  const abiOf = new Map<string, ABI.Def>();
  contracts.forEach((contract, index) => {
    const abi = abis[index]?.abi;
    if (!abi) throw new Error(`${contract} has no contract ABI on this network`);
    abiOf.set(contract, abi);
  });
  const transaction = Transaction.from({
    expiration: TimePointSec.fromMilliseconds(reference.timestamp.toMilliseconds() + expireSeconds * 1000),
    ref_block_num: reference.block_num.toNumber() & 0xffff,
    ref_block_prefix: reference.ref_block_prefix,
    max_net_usage_words: 0,
    max_cpu_usage_ms: 0,
    delay_sec: 0,
    context_free_actions: [],
    actions: actions.map((action) =>
      Action.from(
        { account: action.contract, name: action.name, authorization: [authorization], data: action.data },
        abiOf.get(action.contract),
      ),
    ),
    transaction_extensions: [],
  });
  return Serializer.encode({ object: transaction }).hexString;
}

export function decodeTransaction(packedTrx: string): Transaction {
  return Serializer.decode({ data: Bytes.from(packedTrx, 'hex'), type: Transaction });
}

/**
 * The transaction's actions as a wallet shows them before it signs: each with its data
 * decoded by its contract's ABI, or the data as hex when the ABI cannot read it (or the
 * contract has none, as a no-op contract may not).
 */
export function actionsToSign(transaction: Transaction, abis: ReadonlyMap<string, ABI.Def | null>): ActionToSign[] {
  return transaction.actions.map((action) => {
    const contract = String(action.account);
    return {
      contract,
      action: String(action.name),
      authorization: action.authorization.map(String),
      data: decodedData(action, abis.get(contract) ?? null),
    };
  });
}

function decodedData(action: Action, abi: ABI.Def | null): unknown {
  if (abi !== null) {
    try {
      return Serializer.objectify(action.decodeData(abi)) as unknown;
    } catch {
      // An action the ABI does not describe, or data it cannot read: shown as it is.
    }
  }
  return action.data.hexString;
}

/** The ABIs of the contracts `transaction` calls, read from the network; null for a contract without one or an unanswered read. */
export async function contractAbis(rpcUrl: string, transaction: Transaction): Promise<Map<string, ABI.Def | null>> {
  const client = new APIClient({ url: rpcUrl });
  const contracts = [...new Set(transaction.actions.map((action) => String(action.account)))];
  const abis = await Promise.all(contracts.map((contract) => client.v1.chain.get_abi(contract).then((answer) => answer.abi ?? null, () => null)));
  return new Map(contracts.map((contract, index) => [contract, abis[index] ?? null]));
}

/** A signer over a WharfKit session: it signs, it never broadcasts. */
export function sessionSigner(session: Session, rpcUrl: string, onLogout: () => Promise<void>): NativeSigner {
  return {
    buildTransaction: (actions, header) =>
      buildTransaction(rpcUrl, actions, { actor: String(session.actor), permission: String(session.permission) }, header),
    sign: async (packedTrx) => (await session.signTransaction(decodeTransaction(packedTrx))).map(String),
    logout: onLogout,
  };
}
