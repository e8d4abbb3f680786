/**
 * Transaction building and signing with WharfKit, loaded only on /zero when a
 * signature is needed. Reads go straight to the network's RPC, as every Antelope
 * wallet page does; the broadcast goes through tandem-server.
 */

import { Action, APIClient, Bytes, Serializer, TimePointSec, Transaction } from '@wharfkit/antelope';
import type { Session } from '@wharfkit/session';
import type { NativeSigner } from '../model/nativeSession';
import type { TransferRequest } from '../model/transferForm';

/** Spec §9 native signing parameters. */
export const BLOCKS_BEHIND = 3;
export const EXPIRE_SECONDS = 30;

export async function buildTransferTransaction(
  rpcUrl: string,
  request: TransferRequest,
  authorization: { actor: string; permission: string },
): Promise<string> {
  const client = new APIClient({ url: rpcUrl });
  const info = await client.v1.chain.get_info();
  const [reference, abi] = await Promise.all([
    client.v1.chain.get_block(Math.max(1, info.head_block_num.toNumber() - BLOCKS_BEHIND)),
    client.v1.chain.get_abi(request.contract),
  ]);
  if (!abi.abi) throw new Error(`${request.contract} has no contract ABI on this network`);
  const action = Action.from(
    {
      account: request.contract,
      name: 'transfer',
      authorization: [authorization],
      data: { from: request.from, to: request.to, quantity: request.quantity, memo: request.memo },
    },
    abi.abi,
  );
  const transaction = Transaction.from({
    expiration: TimePointSec.fromMilliseconds(info.head_block_time.toMilliseconds() + EXPIRE_SECONDS * 1000),
    ref_block_num: reference.block_num.toNumber() & 0xffff,
    ref_block_prefix: reference.ref_block_prefix,
    max_net_usage_words: 0,
    max_cpu_usage_ms: 0,
    delay_sec: 0,
    context_free_actions: [],
    actions: [action],
    transaction_extensions: [],
  });
  return Serializer.encode({ object: transaction }).hexString;
}

export function decodeTransaction(packedTrx: string): Transaction {
  return Serializer.decode({ data: Bytes.from(packedTrx, 'hex'), type: Transaction });
}

/** A signer over a WharfKit session: it signs, it never broadcasts. */
export function sessionSigner(session: Session, rpcUrl: string, onLogout: () => Promise<void>): NativeSigner {
  return {
    buildTransfer: (request) =>
      buildTransferTransaction(rpcUrl, request, { actor: String(session.actor), permission: String(session.permission) }),
    sign: async (packedTrx) => (await session.signTransaction(decodeTransaction(packedTrx))).map(String),
    logout: onLogout,
  };
}
