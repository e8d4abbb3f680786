import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useInvalidateAfterWrite } from '../../../lib/api/evm/accountWrites';
import type { PreparedTransaction, Receipt } from '../../../lib/evm-wallet/transactions';
import { sendPrepared, waitForReceipt } from '../../../lib/evm-wallet/transactions';
import { useEvmScreen } from '../../../lib/evm-screen/evmScreen';
import { notify } from '../../../lib/notify/notify';
import { usePreferences } from '../../../lib/preferences/usePreferences';
import { fetchRevokePlan } from '../api/revokePlan';
import { isBusy, planningState, type BatchState } from '../model/revokeBatch';
import { batchNotices, causeOf, createBatchStore, runRevokeBatch, type BatchStore, type Recheck } from '../model/runRevokeBatch';

const NO_STORE = () => () => undefined;

export interface RevokeBatch {
  /** The open batch, or null when none is. */
  readonly state: BatchState | null;
  /** Opens a batch for the selected ids (in the order shown) and asks the server for its plan. */
  readonly plan: (selection: readonly string[]) => void;
  /** Asks for the plan again after it failed. */
  readonly retry: () => void;
  /** Sends the planned transactions one at a time through the connected wallet. */
  readonly start: () => void;
  /** Stops before the next transaction; the one in the wallet finishes or is rejected. */
  readonly cancel: () => void;
  /** Closes a batch that is not busy. */
  readonly close: () => void;
}

/** The revoke batch of spec §4 on this page: the server's plan, then the connected wallet, one confirmation at a time. */
export function useRevokeBatch({ network, owner, onMined }: { network: string; owner: string; onMined: (receipt: Receipt) => void }): RevokeBatch {
  const { connection } = useEvmScreen();
  const [{ fiatCurrency }] = usePreferences();
  const invalidateAfterWrite = useInvalidateAfterWrite();
  const [store, setStore] = useState<BatchStore | null>(null);
  const state = useSyncExternalStore(store?.subscribe ?? NO_STORE, () => store?.get() ?? null, () => null);

  const askPlan = useCallback(
    (target: BatchStore, selection: readonly string[]) => {
      fetchRevokePlan({ network, owner, items: selection, fiat: fiatCurrency }).then(
        (answer) => { target.dispatch({ type: 'planned', plan: answer }); },
        (error: unknown) => { target.dispatch({ type: 'plan_failed', cause: causeOf(error) }); },
      );
    },
    [network, owner, fiatCurrency],
  );

  // Leaving the page stops a running batch before its next transaction, as Cancel does.
  useEffect(() => () => store?.dispatch({ type: 'cancel' }), [store]);

  const recheck = useCallback(
    async (id: string): Promise<Recheck> => {
      const answer = await fetchRevokePlan({ network, owner, items: [id], fiat: fiatCurrency });
      const planned = answer.transactions[0];
      if (planned) return { kind: 'send', transaction: planned.transaction };
      const skipped = answer.skipped[0];
      if (skipped) return { kind: 'skip', reason: skipped.reason, detail: skipped.detail ?? null };
      throw new Error('The server answered an empty plan for this approval');
    },
    [network, owner, fiatCurrency],
  );

  return {
    state,
    plan: (selection) => {
      const next = createBatchStore(planningState(selection));
      setStore(next);
      askPlan(next, selection);
    },
    retry: () => {
      if (store?.get().phase !== 'plan_failed') return;
      const { selection } = store.get();
      store.dispatch({ type: 'plan', selection });
      askPlan(store, selection);
    },
    start: () => {
      if (store?.get().phase !== 'ready') return;
      if (connection === null) {
        notify.error({ key: 'tx.no_signer' });
        return;
      }
      void runRevokeBatch(store, {
        recheck,
        send: (transaction: PreparedTransaction) => sendPrepared(connection, transaction),
        waitForReceipt: (hash) => waitForReceipt(connection.provider, hash),
        // Like every write (useTransactionFlow): whatever any screen holds of the owner is read again.
        onMined: (receipt) => {
          invalidateAfterWrite(network, owner);
          onMined(receipt);
        },
      }).then((final) => {
        for (const notice of batchNotices(final)) {
          if (notice.kind === 'success') notify.success(notice.message);
          else if (notice.kind === 'neutral') notify.neutral(notice.message);
          else notify.error(notice.message, { persistent: true, ...(notice.details === undefined ? {} : { details: notice.details }) });
        }
      });
    },
    cancel: () => store?.dispatch({ type: 'cancel' }),
    close: () => {
      if (state !== null && isBusy(state)) return;
      setStore(null);
    },
  };
}
