import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isoDateTime } from '../../../lib/preferences/dateTime';
import { useAmountFormatter, useDateTimeFormatter } from '../../../lib/preferences/usePreferences';
import type { ApprovalRow } from '../api/approvals';
import { allowed, assetLabel, canChange, canRevoke, hasNoSpender, selectionState, spenderLabel, type Erc20Row } from '../model/approvalRow';
import { CopyButton } from '../../../lib/ui/CopyButton';
import { TextWithAmounts } from '../../../lib/ui/TextWithAmounts';

interface ApprovalsTableProps {
  readonly account: string;
  readonly rows: readonly ApprovalRow[];
  /** Write controls (selection, change, revoke) only for a wallet that can sign. */
  readonly canSign: boolean;
  readonly selected: ReadonlySet<string>;
  /** A transaction or batch is under way: actions wait. */
  readonly busy: boolean;
  readonly onToggle: (id: string) => void;
  readonly onToggleAll: () => void;
  readonly onChange: (row: Erc20Row) => void;
  readonly onRevoke: (row: ApprovalRow) => void;
}

function AssetCell({ row }: { row: ApprovalRow }) {
  const { t } = useTranslation();
  const logo = row.type === 'erc20' ? row.tokenLogo : null;
  const label = assetLabel(row);
  const address = row.type === 'erc20' ? row.tokenAddress : row.collectionAddress;
  const subtitle = row.type === 'erc20' ? row.tokenName : row.type === 'erc721' && !row.collectionWide ? row.tokenName : null;
  return (
    <th scope="row">
      <div className="allowances-asset">
      {logo ? (
        <img className="allowances-asset__logo" src={logo} alt="" width={32} height={32} loading="lazy" />
      ) : (
        <span className="allowances-asset__logo allowances-asset__logo--letter" aria-hidden="true">
          {label.slice(0, 1)}
        </span>
      )}
      <span className="allowances-asset__text">
        <span className="allowances-asset__name">{label}</span>
        {subtitle !== null && subtitle !== undefined && subtitle !== label && <span className="muted">{subtitle}</span>}
        <span className="allowances-type">{t(`allowances.table.type_${row.type}`)}</span>
        <span className="allowances-address-line">
          <code className="address allowances-address" title={address}>
            {address}
          </code>
          <CopyButton text={address} what="address" />
        </span>
      </span>
      </div>
    </th>
  );
}

/**
 * A date and time ('Nov 25, 2026 03:04:05 AM') that breaks, in a narrow column, only between
 * the date and the time, not after every word.
 */
function DateThenTime({ text }: { text: string }) {
  const comma = text.indexOf(', ');
  const cut = comma < 0 ? -1 : text.indexOf(' ', comma + 2);
  if (cut < 0) return text;
  return (
    <>
      <span className="allowances-nowrap">{text.slice(0, cut)}</span> <span className="allowances-nowrap">{text.slice(cut + 1)}</span>
    </>
  );
}

function AllowedCell({ row }: { row: ApprovalRow }) {
  const { t } = useTranslation();
  const what = allowed(row);
  switch (what.kind) {
    case 'revoked':
      return <span className="allowances-revoked">{t('allowances.table.revoked')}</span>;
    case 'unlimited':
      return <strong className="allowances-danger">{t('allowances.table.unlimited')}</strong>;
    case 'amount':
      return (
        <span>
          <TextWithAmounts i18nKey="allowances.table.amount" values={{ symbol: what.symbol }} amounts={{ amount: { amount: what.amount } }} />
        </span>
      );
    case 'token':
      return <span>{what.name === null ? t('allowances.table.token', { id: what.id }) : t('allowances.table.token_named', { name: what.name, id: what.id })}</span>;
    case 'collection':
      return (
        <span className="allowances-stack">
          <strong className="allowances-danger">{t('allowances.table.collection_all')}</strong>
          {what.held !== null && <span className="muted">{t('allowances.table.held', { count: what.held })}</span>}
        </span>
      );
  }
}

/** Spec §3 allowance rows, with their risk facts in words and, for a signing wallet, selection and actions. */
export function ApprovalsTable({ account, rows, canSign, selected, busy, onToggle, onToggleAll, onChange, onRevoke }: ApprovalsTableProps) {
  const { t } = useTranslation();
  const format = useAmountFormatter();
  const dateTime = useDateTimeFormatter();
  const headerBox = useRef<HTMLInputElement>(null);
  const allState = selectionState(rows, selected);

  useEffect(() => {
    if (headerBox.current) headerBox.current.indeterminate = allState === 'some';
  }, [allState]);

  return (
    <table className="allowances-table">
      <caption className="visually-hidden">{t('allowances.table.caption', { account })}</caption>
      <thead>
        <tr>
          {canSign && (
            <th scope="col" className="allowances-select">
              <input
                ref={headerBox}
                type="checkbox"
                aria-label={t('allowances.table.select_all')}
                checked={allState === 'all'}
                disabled={busy || rows.every((row) => !canRevoke(row))}
                onChange={onToggleAll}
              />
            </th>
          )}
          <th scope="col">{t('allowances.table.asset')}</th>
          <th scope="col">{t('allowances.table.spender')}</th>
          <th scope="col">{t('allowances.table.allowed')}</th>
          <th scope="col" className="allowances-num">{t('allowances.table.value_at_risk')}</th>
          <th scope="col">{t('allowances.table.updated')}</th>
          <th scope="col">{t('allowances.table.risks')}</th>
          {canSign && <th scope="col">{t('allowances.table.actions')}</th>}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const asset = assetLabel(row);
          const spender = spenderLabel(row);
          const updated = new Date(row.lastUpdated);
          return (
            <tr key={row.id} data-approval-id={row.id} className={row.revoked ? 'allowances-row--revoked' : undefined}>
              {canSign && (
                <td className="allowances-select">
                  <input
                    type="checkbox"
                    aria-label={t('allowances.table.select_row', { asset, spender })}
                    checked={selected.has(row.id)}
                    disabled={busy || !canRevoke(row)}
                    onChange={() => { onToggle(row.id); }}
                  />
                </td>
              )}
              <AssetCell row={row} />
              <td data-label={t('allowances.table.spender')}>
                {hasNoSpender(row) ? (
                  <span className="muted">{t('allowances.table.spender_cleared')}</span>
                ) : (
                <span className="allowances-stack">
                  <span className="allowances-spender">{spender}</span>
                  <span className="muted">
                    {row.spenderIsContract ? t('allowances.table.spender_contract') : t('allowances.table.spender_account')}
                  </span>
                  <span className="allowances-address-line">
                    <code className="address allowances-address" title={row.spenderAddress}>
                      {row.spenderAddress}
                    </code>
                    <CopyButton text={row.spenderAddress} what="address" />
                  </span>
                </span>
                )}
              </td>
              <td data-label={t('allowances.table.allowed')}>
                {/* One child: on narrow screens the cell is a label-and-value grid, where a second child would fall under the label. */}
                <span className="allowances-stack">
                  <AllowedCell row={row} />
                  {row.type === 'erc20' && !row.revoked && (
                    <span className="muted">
                      <TextWithAmounts i18nKey="allowances.table.balance" values={{ symbol: row.tokenSymbol }} amounts={{ amount: { amount: row.balance } }} />
                    </span>
                  )}
                </span>
              </td>
              <td className="allowances-num" data-label={t('allowances.table.value_at_risk')}>
                {row.valueAtRisk === null || row.valueAtRisk === undefined ? t('allowances.table.no_value') : format.fiat(row.valueAtRisk)}
              </td>
              <td data-label={t('allowances.table.updated')}>
                <time dateTime={isoDateTime(updated)}>
                  <DateThenTime text={dateTime(updated)} />
                </time>
              </td>
              <td data-label={t('allowances.table.risks')}>
                {row.riskFacts.length === 0 ? (
                  <span className="muted">{t('allowances.table.no_risk')}</span>
                ) : (
                  <ul className="allowances-risks">
                    {row.riskFacts.map((fact) => (
                      <li key={fact}>{t(`allowances.risk.${fact}`)}</li>
                    ))}
                  </ul>
                )}
              </td>
              {canSign && (
                <td className="allowances-actions">
                  {row.type === 'erc20' && canChange(row) && (
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      aria-label={t('allowances.table.change_label', { asset, spender })}
                      disabled={busy}
                      onClick={() => { onChange(row); }}
                    >
                      {t('allowances.table.change')}
                    </button>
                  )}
                  {canRevoke(row) && (
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      aria-label={t('allowances.table.revoke_label', { asset, spender })}
                      disabled={busy}
                      onClick={() => { onRevoke(row); }}
                    >
                      {t('allowances.table.revoke')}
                    </button>
                  )}
                </td>
              )}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
