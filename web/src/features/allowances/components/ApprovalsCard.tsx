import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { NetworkSummary } from '../../../lib/networks/api/networks';
import { TransactionReview } from '../../../lib/evm-wallet/TransactionReview';
import { isBusy as isFlowBusy } from '../../../lib/evm-wallet/transactionFlow';
import { useTransactionFlow } from '../../../lib/evm-wallet/useTransactionFlow';
import { usePreferences } from '../../../lib/preferences/usePreferences';
import { fromPlainString } from '../../../lib/amount/fixedAmount';
import { CoverageNotice } from '../../../lib/ui/CoverageNotice';
import { useApprovals, type ApprovalRow } from '../api/approvals';
import {
  approvalCounts,
  approveRequest,
  assetLabel,
  revokeRequest,
  selectedRows,
  toggleAll,
  toggleOne,
  type AllowanceChoice,
  type Erc20Row,
} from '../model/approvalRow';
import { isBusy as isBatchBusy } from '../model/revokeBatch';
import { UPDATE_FAILURE_KEY } from '../model/runRevokeBatch';
import { isFiltered, readListQuery, writeListQuery, type ListQuery } from '../model/listQuery';
import { ApprovalsTable } from './ApprovalsTable';
import { ApprovalsToolbar } from './ApprovalsToolbar';
import { ChangeAllowanceDialog } from './ChangeAllowanceDialog';
import { RevokeBatchDialog } from './RevokeBatchDialog';
import { useRefetchLater } from './useRefetchLater';
import { useRevokeBatch } from './useRevokeBatch';
import { TextWithAmounts } from '../../../lib/ui/TextWithAmounts';

interface ApprovalsCardProps {
  readonly network: Pick<NetworkSummary, 'name' | 'explorerUrl'>;
  readonly account: string;
  readonly canSign: boolean;
}

/** What the review of a single change or revoke adds under the server's summary. */
interface Target {
  readonly row: ApprovalRow;
  /** The new allowance of a change; null for a revoke. */
  readonly choice: AllowanceChoice | null;
}

function ReviewFacts({ target }: { target: Target }) {
  const { t } = useTranslation();
  const { row, choice } = target;
  return (
    <dl className="tx-dialog__facts">
      <div>
        <dt>{t('allowances.review.token')}</dt>
        <dd>{assetLabel(row)}</dd>
      </div>
      <div>
        <dt>{t('allowances.review.spender')}</dt>
        <dd>
          <code className="address allowances-address">{row.spenderAddress}</code>
        </dd>
      </div>
      {choice !== null && row.type === 'erc20' && (
        <div>
          <dt>{t('allowances.review.new_allowance')}</dt>
          <dd>
            {choice.kind === 'unlimited'
              ? t('allowances.review.unlimited')
              : <TextWithAmounts i18nKey="allowances.table.amount" values={{ symbol: row.tokenSymbol }} amounts={{ amount: { amount: choice.amount } }} />}
          </dd>
        </div>
      )}
    </dl>
  );
}

/** The account's approvals: filters, the table, and (for a signing wallet) change, revoke and the revoke batch. */
export function ApprovalsCard({ network, account, canSign }: ApprovalsCardProps) {
  const { t } = useTranslation();
  const [{ fiatCurrency }] = usePreferences();
  const [searchParams, setSearchParams] = useSearchParams();
  const query = readListQuery(searchParams);
  const approvals = useApprovals({ network: network.name, address: account, query, fiat: fiatCurrency });
  const refetchLater = useRefetchLater(network.name, account);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [changing, setChanging] = useState<Erc20Row | null>(null);
  const [target, setTarget] = useState<Target | null>(null);
  const [batchRows, setBatchRows] = useState<ReadonlyMap<string, ApprovalRow>>(new Map());

  const onConfirmed = useCallback(() => { refetchLater(); }, [refetchLater]);
  const revokeFlow = useTransactionFlow({
    network,
    failureKey: UPDATE_FAILURE_KEY,
    successMessage: { key: 'allowances.revoked_toast' },
    onConfirmed,
  });
  const changeFlow = useTransactionFlow({
    network,
    failureKey: UPDATE_FAILURE_KEY,
    successMessage: { key: 'allowances.confirmed' },
    onConfirmed,
  });
  const batch = useRevokeBatch({ network: network.name, owner: account, onMined: onConfirmed });

  const changeQuery = useCallback(
    (change: Partial<ListQuery>, options?: { replace?: boolean }) => {
      // From the address bar, not from the last render: react-router hands its updater the
      // params that render saw, so a second change made before the page re-rendered (the
      // order right after the sort) dropped the first one.
      setSearchParams(writeListQuery(new URLSearchParams(window.location.search), change), options);
    },
    [setSearchParams],
  );

  const rows = useMemo(() => approvals.data?.approvals ?? [], [approvals.data]);
  // The title counts what is in force; revoked rows, listed on request, are counted apart.
  const countTitle = ({ live, revoked }: { live: number; revoked: number }) =>
    revoked === 0 ? t('allowances.count', { count: live }) : t('allowances.count_with_revoked', { count: live, revoked });
  const picked = selectedRows(rows, selected);
  const busy =
    isFlowBusy(revokeFlow.state) || isFlowBusy(changeFlow.state) || (batch.state !== null && isBatchBusy(batch.state));

  const revokeOne = (row: ApprovalRow) => {
    setTarget({ row, choice: null });
    void revokeFlow.prepare(revokeRequest(row, account));
  };
  const submitChange = (row: Erc20Row, choice: AllowanceChoice) => {
    setChanging(null);
    setTarget({ row, choice });
    void changeFlow.prepare(approveRequest(row, account, choice));
  };
  // A history row's Revoke lands here with `?revoke=<id>`: that approval is offered for
  // revoking at the top (a click opens its review), or the user hears it is gone.
  const revokeId = searchParams.get('revoke');
  const requested = revokeId === null ? undefined : rows.find((candidate) => candidate.id === revokeId && !candidate.revoked);
  const dropRevokeRequest = () => {
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('revoke');
      return next;
    }, { replace: true });
  };

  const startBatch = () => {
    setBatchRows(new Map(picked.map((row) => [row.id, row])));
    batch.plan(picked.map((row) => row.id));
  };
  const closeBatch = () => {
    // After a run the selection is spent; closing a plan unsent keeps it to adjust.
    if (batch.state?.phase === 'finished') setSelected(new Set());
    batch.close();
  };

  return (
    <section className="card allowances-card" aria-labelledby="allowances-list-title" aria-busy={approvals.isFetching}>
      <header className="card__header">
        <h2 id="allowances-list-title" className="card__title">
          {approvals.data ? countTitle(approvalCounts(rows)) : t('allowances.title')}
        </h2>
        {approvals.isFetching && approvals.data && (
          <span className="muted" role="status">
            {t('allowances.updating')}
          </span>
        )}
      </header>

      <CoverageNotice coverage={approvals.data?.coverage} lag={approvals.data?.indexLag} subject="approvals" />

      {revokeId !== null && approvals.data && (
        <div className="allowances-note allowances-revoke-request" role="note" data-testid="revoke-request">
          {requested === undefined ? (
            <p>{t('allowances.revoke_not_live')}</p>
          ) : (
            <p>{t('allowances.revoke_request', { asset: assetLabel(requested), spender: requested.spenderAddress })}</p>
          )}
          <div className="button-row">
            {requested !== undefined && canSign && (
              <button type="button" className="button button--primary button--small" disabled={busy}
                onClick={() => { dropRevokeRequest(); revokeOne(requested); }}>
                {t('allowances.revoke_request_action')}
              </button>
            )}
            <button type="button" className="button button--ghost button--small" onClick={dropRevokeRequest}>{t('allowances.revoke_request_dismiss')}</button>
          </div>
        </div>
      )}

      <ApprovalsToolbar query={query} onChange={changeQuery} />

      {canSign && (
        <div className="allowances-selection" role="group" aria-label={t('allowances.selection.count', { count: picked.length })}>
          <span className="muted">
            {picked.length === 0 ? t('allowances.selection.none') : t('allowances.selection.count', { count: picked.length })}
          </span>
          <div className="button-row">
            <button type="button" className="button button--primary button--small" disabled={picked.length === 0 || busy} onClick={startBatch}>
              {t('allowances.selection.revoke', { count: picked.length })}
            </button>
            {picked.length > 0 && (
              <button type="button" className="button button--ghost button--small" disabled={busy} onClick={() => { setSelected(new Set()); }}>
                {t('allowances.selection.clear')}
              </button>
            )}
          </div>
        </div>
      )}

      {approvals.isPending && (
        <p className="state" role="status">
          <span className="spinner" aria-hidden="true" />
          {t('allowances.loading')}
        </p>
      )}

      {approvals.isError && (
        <div className="state state--error" role="alert">
          <p>
            <strong>{t('allowances.error_fetch')}</strong> {approvals.error.message}
          </p>
          <button type="button" className="button button--secondary button--small" onClick={() => void approvals.refetch()}>
            {t('allowances.batch.retry')}
          </button>
        </div>
      )}

      {approvals.data && rows.length === 0 && (
        <p className="muted">{isFiltered(query) ? t('allowances.empty_filtered') : t('allowances.empty')}</p>
      )}

      {rows.length > 0 && (
        <div className="allowances-table-wrap">
          <ApprovalsTable
            account={account}
            rows={rows}
            canSign={canSign}
            selected={selected}
            busy={busy}
            onToggle={(id) => { setSelected((current) => toggleOne(current, id)); }}
            onToggleAll={() => { setSelected((current) => toggleAll(rows, current)); }}
            onChange={setChanging}
            onRevoke={revokeOne}
          />
        </div>
      )}

      {changing !== null && (
        <ChangeAllowanceDialog row={changing} onSubmit={(choice) => { submitChange(changing, choice); }} onClose={() => { setChanging(null); }} />
      )}
      {[revokeFlow, changeFlow].map((flow, index) => (
        <TransactionReview key={index} flow={flow} explorerUrl={network.explorerUrl} onClose={() => { setTarget(null); }}
          onApproveLimited={(_alarm, amount) => {
            const row = target?.row;
            const limited = row?.type === 'erc20' ? fromPlainString(amount, row.tokenDecimals) : null;
            if (row?.type === 'erc20' && limited !== null) submitChange(row, { kind: 'amount', amount: limited });
          }}>
          {target !== null && <ReviewFacts target={target} />}
        </TransactionReview>
      ))}
      {batch.state !== null && <RevokeBatchDialog batch={{ ...batch, state: batch.state, close: closeBatch }} rows={batchRows} explorerUrl={network.explorerUrl} />}
    </section>
  );
}
