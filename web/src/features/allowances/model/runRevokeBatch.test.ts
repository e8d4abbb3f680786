import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api/client';
import { ProviderRpcError } from '../../../lib/evm-wallet/provider';
import { ReceiptTimeoutError, WalletMismatchError, type PreparedTransaction, type Receipt } from '../../../lib/evm-wallet/transactions';
import { translate } from '../../../lib/i18n/i18n';
import { registerAllowancesTexts } from '../../../lib/i18n/allowances';
import { ID_1, ID_2, ID_3, ID_4, plan, transaction } from './batchFixtures';
import { batchReducer, planningState, type BatchState } from './revokeBatch';
import { batchNotices, causeOf, createBatchStore, runRevokeBatch, type BatchDeps, type Recheck } from './runRevokeBatch';

registerAllowancesTexts();

function readyStore(selection: string[], planned: string[], skipped: [string, 'already_revoked'][] = []) {
  return createBatchStore(batchReducer(planningState(selection), { type: 'planned', plan: plan(planned, skipped) }));
}

interface Script {
  /** What the re-check answers per id (default: send). */
  recheck?: Record<string, Recheck | Error>;
  /** What the wallet does per id (default: sign). */
  wallet?: Record<string, 'sign' | Error>;
  /** Receipt status per id (default: success). */
  receipt?: Record<string, 'success' | 'reverted' | Error>;
  /** Runs when the wallet is asked for `id` (e.g. the user presses Cancel meanwhile). */
  whileInWallet?: (id: string) => void;
  whileChecking?: (id: string) => void;
}

/** A fake server and wallet that log what they were asked, in order. */
function fakes(script: Script = {}) {
  const log: string[] = [];
  const idOf = (tx: PreparedTransaction) => tx.data.replace('fresh ', '');
  const deps: BatchDeps = {
    recheck: (id) => {
      log.push(`check ${id}`);
      script.whileChecking?.(id);
      const answer = script.recheck?.[id] ?? { kind: 'send', transaction: { ...transaction(id), data: `fresh ${id}` } };
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
    },
    send: (tx) => {
      const id = idOf(tx);
      log.push(`wallet ${id}`);
      script.whileInWallet?.(id);
      const answer = script.wallet?.[id] ?? 'sign';
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(`hash:${id}`);
    },
    waitForReceipt: (hash) => {
      const id = hash.replace('hash:', '');
      log.push(`receipt ${id}`);
      const answer = script.receipt?.[id] ?? 'success';
      if (answer instanceof Error) return Promise.reject(answer);
      const receipt: Receipt = { hash, status: answer, blockNumber: 5n, gasUsed: 1n };
      return Promise.resolve(receipt);
    },
    onMined: (receipt) => log.push(`mined ${receipt.hash}`),
  };
  return { deps, log };
}

const kinds = (state: BatchState) => state.items.map((item) => item.status.kind);

describe('runRevokeBatch', () => {
  it('revokes every planned item in order, waiting for each receipt before the next, and never sends skipped ones', async () => {
    const store = readyStore([ID_1, ID_2, ID_3], [ID_1, ID_3], [[ID_2, 'already_revoked']]);
    const { deps, log } = fakes();
    const final = await runRevokeBatch(store, deps);
    expect(log).toEqual([
      `check ${ID_1}`,
      `wallet ${ID_1}`,
      `receipt ${ID_1}`,
      `mined hash:${ID_1}`,
      `check ${ID_3}`,
      `wallet ${ID_3}`,
      `receipt ${ID_3}`,
      `mined hash:${ID_3}`,
    ]);
    expect(kinds(final)).toEqual(['confirmed', 'skipped', 'confirmed']);
    expect(final.outcome).toBe('completed');
    expect(batchNotices(final)).toEqual([{ kind: 'success', message: { key: 'allowances.batch.toast_done', values: { count: 2 } } }]);
  });

  it('skips an item revoked since the plan, found at its re-check', async () => {
    const store = readyStore([ID_1, ID_3], [ID_1, ID_3]);
    const { deps, log } = fakes({ recheck: { [ID_1]: { kind: 'skip', reason: 'already_revoked', detail: 'nothing left' } } });
    const final = await runRevokeBatch(store, deps);
    expect(log.filter((line) => line.startsWith('wallet'))).toEqual([`wallet ${ID_3}`]);
    expect(final.items[0]?.status).toEqual({ kind: 'skipped', reason: 'already_revoked', detail: 'nothing left' });
    expect(final.outcome).toBe('completed');
  });

  it('on cancel while the first is in the wallet, confirms that one and sends nothing more', async () => {
    const store = readyStore([ID_1, ID_3, ID_4], [ID_1, ID_3, ID_4]);
    const { deps, log } = fakes({ whileInWallet: () => { store.dispatch({ type: 'cancel' }); } });
    const final = await runRevokeBatch(store, deps);
    expect(log).toEqual([`check ${ID_1}`, `wallet ${ID_1}`, `receipt ${ID_1}`, `mined hash:${ID_1}`]);
    expect(kinds(final)).toEqual(['confirmed', 'not_sent', 'not_sent']);
    expect(final.outcome).toBe('cancelled');
    expect(batchNotices(final)).toEqual([{ kind: 'neutral', message: { key: 'allowances.batch.toast_cancelled', values: { confirmed: 1, total: 3 } } }]);
  });

  it('on cancel during a re-check, does not hand that item to the wallet', async () => {
    const store = readyStore([ID_1, ID_3], [ID_1, ID_3]);
    const { deps, log } = fakes({ whileChecking: (id) => { if (id === ID_3) store.dispatch({ type: 'cancel' }); } });
    const final = await runRevokeBatch(store, deps);
    expect(log).toEqual([`check ${ID_1}`, `wallet ${ID_1}`, `receipt ${ID_1}`, `mined hash:${ID_1}`, `check ${ID_3}`]);
    expect(kinds(final)).toEqual(['confirmed', 'not_sent']);
  });

  it('stops at a rejection in the wallet with a neutral message, leaving the rest unsent', async () => {
    const store = readyStore([ID_1, ID_3, ID_4], [ID_1, ID_3, ID_4]);
    const { deps, log } = fakes({ wallet: { [ID_3]: new ProviderRpcError(4001, 'User rejected the request.') } });
    const final = await runRevokeBatch(store, deps);
    expect(log.filter((line) => line.startsWith('wallet'))).toEqual([`wallet ${ID_1}`, `wallet ${ID_3}`]);
    expect(kinds(final)).toEqual(['confirmed', 'rejected', 'not_sent']);
    expect(final.outcome).toBe('rejected');
    const notices = batchNotices(final);
    expect(notices).toContainEqual({ kind: 'neutral', message: { key: 'wallet.error.USER_REJECTED' } });
    expect(notices.some((notice) => notice.kind === 'error')).toBe(false);
    expect(translate('wallet.error.USER_REJECTED')).toBe('You rejected the transaction');
  });

  it('reports a revert on its row and goes on with the next one', async () => {
    const store = readyStore([ID_1, ID_3], [ID_1, ID_3]);
    const { deps, log } = fakes({ receipt: { [ID_1]: 'reverted' } });
    const final = await runRevokeBatch(store, deps);
    expect(log).toContain(`wallet ${ID_3}`);
    expect(kinds(final)).toEqual(['reverted', 'confirmed']);
    expect(final.outcome).toBe('completed');
    const [reverted, done] = batchNotices(final);
    expect(reverted?.kind).toBe('error');
    expect(reverted?.message).toEqual({ key: 'allowances.error_update', values: { cause: '1 revoke transaction reverted' } });
    expect(done).toEqual({ kind: 'success', message: { key: 'allowances.batch.toast_done', values: { count: 1 } } });
  });

  it('stops when the wallet fails, with the failure message of spec §8 around the cause', async () => {
    const store = readyStore([ID_1, ID_3], [ID_1, ID_3]);
    const { deps } = fakes({ wallet: { [ID_1]: new ProviderRpcError(-32000, 'insufficient funds for gas * price + value') } });
    const final = await runRevokeBatch(store, deps);
    expect(kinds(final)).toEqual(['failed', 'not_sent']);
    expect(final.outcome).toBe('failed');
    const [notice] = batchNotices(final);
    expect(notice?.kind).toBe('error');
    expect(notice?.details).toContain('insufficient funds');
    const text = notice && 'key' in notice.message ? translate(notice.message.key, notice.message.values ?? {}) : '';
    expect(text).toBe(
      "The allowance could not be updated: You don't have enough funds to complete this transaction (insufficient funds for gas * price + value)",
    );
  });

  it('stops when the wallet is on another account, saying so', async () => {
    const store = readyStore([ID_1], [ID_1]);
    const mismatch = new WalletMismatchError('account', 'Switch the account in your wallet.');
    const { deps } = fakes({ wallet: { [ID_1]: mismatch } });
    const final = await runRevokeBatch(store, deps);
    expect(final.items[0]?.status).toMatchObject({ kind: 'failed', cause: 'Switch the account in your wallet.' });
  });

  it('stops when the server cannot re-check an item, before anything reaches the wallet', async () => {
    const store = readyStore([ID_1, ID_3], [ID_1, ID_3]);
    const { deps, log } = fakes({ recheck: { [ID_1]: new ApiError('client.network_unreachable', 'The server could not be reached', 0) } });
    const final = await runRevokeBatch(store, deps);
    expect(log).toEqual([`check ${ID_1}`]);
    expect(final.items[0]?.status).toMatchObject({ kind: 'failed', cause: 'The server could not be reached', hash: null });
  });

  it('keeps the hash when the receipt does not come, so the user can look it up', async () => {
    const store = readyStore([ID_1, ID_3], [ID_1, ID_3]);
    const { deps } = fakes({ receipt: { [ID_1]: new ReceiptTimeoutError(`hash:${ID_1}`, 180) } });
    const final = await runRevokeBatch(store, deps);
    expect(final.items[0]?.status).toMatchObject({ kind: 'failed', hash: `hash:${ID_1}` });
    expect(kinds(final)).toEqual(['failed', 'not_sent']);
  });
});

describe('causeOf', () => {
  it('reads server rule keys through the texts, with the server message as fallback', () => {
    expect(causeOf(new ApiError('evm.rpc_unavailable', 'the node did not answer', 502))).toBe('the node did not answer');
    expect(causeOf(new ApiError('validation.amount_required', 'amount required', 400))).toBe('Amount required');
  });
});
