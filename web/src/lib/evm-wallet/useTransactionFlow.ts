import type { ParseKeys } from 'i18next';
import { useCallback, useReducer, useRef } from 'react';
import { ApiError } from '../api/client';
import { useInvalidateAfterWrite } from '../api/evm/accountWrites';
import { translate } from '../i18n/i18n';
import type { NetworkSummary } from '../networks/api/networks';
import { transactionPath } from '../navigation/paths';
import { notify } from '../notify/notify';
import { rawErrorText } from '../notify/errorText';
import type { Message } from '../notify/toastStore';
import { usePreferences } from '../preferences/usePreferences';
import { classifyWalletError } from '../wallet/walletErrors';
import { prepareTransaction, type PrepareRequest } from './api/prepareTransaction';
import { failureMessage, flowReducer, IDLE, type FlowState } from './transactionFlow';
import { wrongChainMessage } from './wrongChain';
import { sendPrepared, transactionUrl, waitForReceipt, WalletMismatchError, type PreparedTransaction, type Receipt } from './transactions';
import { useEvmWallet } from './useEvmWallet';

export interface TransactionFlowOptions {
  readonly network: Pick<NetworkSummary, 'name' | 'explorerUrl'>;
  /** The screen's failure key (spec §8, e.g. error_stakes_failed), whose `{{cause}}` gets the reason. */
  readonly failureKey?: ParseKeys;
  /** The success toast; "Transaction confirmed" when not given. */
  readonly successMessage?: Message;
  /**
   * Runs after a successful receipt, for what only this screen knows (reset a form,
   * refresh a token's owners…). Whatever any screen holds of the account is already
   * being read again: every mined transaction, even a reverted one (it paid its fee), marks it stale.
   */
  readonly onConfirmed?: (receipt: Receipt, prepared: PreparedTransaction) => void;
}

export interface TransactionFlow {
  /** The network it writes to. */
  readonly network: string;
  readonly state: FlowState;
  /** Asks the server to prepare `request`; the flow then shows the review. */
  prepare(request: PrepareRequest): Promise<PreparedTransaction | null>;
  /** Sends the reviewed transaction through the wallet and waits for its receipt. */
  confirm(): Promise<Receipt | null>;
  reset(): void;
}

/** Text for a failed prepare: the rule's own text when it has one (validation.*, antelope.*), else the server's. */
export function prepareErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    return translate(error.code as ParseKeys, { defaultValue: error.message });
  }
  return error instanceof Error ? error.message : String(error);
}

/** One EVM write from preparation to receipt, with the toasts spec §8 asks for. */
export function useTransactionFlow({ network, failureKey, successMessage, onConfirmed }: TransactionFlowOptions): TransactionFlow {
  const [state, dispatch] = useReducer(flowReducer, IDLE);
  const { connection, isViewer } = useEvmWallet();
  const [{ fiatCurrency: currency }] = usePreferences();
  const invalidateAfterWrite = useInvalidateAfterWrite();
  const stateRef = useRef(state);
  stateRef.current = state;
  const onConfirmedRef = useRef(onConfirmed);
  onConfirmedRef.current = onConfirmed;

  const fail = useCallback(
    (message: Message, details: string | null) => {
      dispatch({ type: 'failed', message, details });
      notify.error(message, { persistent: true, ...(details === null ? {} : { details }) });
    },
    [],
  );

  const prepare = useCallback(
    async (request: PrepareRequest) => {
      dispatch({ type: 'prepare' });
      try {
        const prepared = await prepareTransaction(network.name, request, currency);
        dispatch({ type: 'prepared', prepared });
        return prepared;
      } catch (error) {
        const message: Message = { key: 'tx.prepare_failed', values: { cause: prepareErrorText(error) } };
        dispatch({ type: 'failed', message, details: rawErrorText(error) });
        return null;
      }
    },
    [network.name, currency],
  );

  const confirm = useCallback(async () => {
    const current = stateRef.current;
    if (current.phase !== 'review') return null;
    if (connection === null || isViewer) {
      fail({ key: isViewer ? 'tx.viewer_cannot_sign' : 'tx.no_signer' }, null);
      return null;
    }
    // The wallet moved to another chain since the review opened: flagged there, never signed.
    const wrongChain = wrongChainMessage(connection.walletChainId, current.prepared);
    if (wrongChain !== null) {
      fail(wrongChain, null);
      return null;
    }
    dispatch({ type: 'sign' });
    let hash: string;
    try {
      hash = await sendPrepared(connection, current.prepared);
    } catch (error) {
      if (error instanceof WalletMismatchError) {
        fail(failureMessage(failureKey, error.message), null);
        return null;
      }
      const classified = classifyWalletError(error);
      if (classified.outcome === 'cancelled') {
        dispatch({ type: 'cancelled' });
        notify.neutral({ key: classified.message });
        return null;
      }
      fail(failureMessage(failureKey, `${translate(classified.message)} (${classified.payload})`), rawErrorText(error));
      return null;
    }
    dispatch({ type: 'sent', hash });
    try {
      const receipt = await waitForReceipt(connection.provider, hash);
      dispatch({ type: 'mined', receipt });
      invalidateAfterWrite(network.name, current.prepared.from);
      const link = transactionUrl(network.explorerUrl, hash);
      if (receipt.status === 'success') {
        // The explorer's page where the network has one, else the app's own (the devnet has none).
        notify.success(successMessage ?? { key: 'tx.confirmed_toast' }, link === undefined ? { transactionPath: transactionPath(hash) } : { transactionUrl: link });
        onConfirmedRef.current?.(receipt, current.prepared);
      } else {
        notify.error(failureMessage(failureKey, translate('tx.reverted')), { persistent: true, details: `Transaction ${hash} reverted` });
      }
      return receipt;
    } catch (error) {
      fail(failureMessage(failureKey, error instanceof Error ? error.message : String(error)), rawErrorText(error));
      return null;
    }
  }, [connection, isViewer, fail, failureKey, network.name, network.explorerUrl, successMessage, invalidateAfterWrite]);

  const reset = useCallback(() => { dispatch({ type: 'reset' }); }, []);

  return { network: network.name, state, prepare, confirm, reset };
}
