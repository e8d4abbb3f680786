import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { NetworkSummary } from '../../../lib/networks/api/networks';
import { useAmountFormatter, useDateTimeFormatter } from '../../../lib/preferences/usePreferences';
import { useNativeAccount, type NativeAccount } from '../api/account';
import { useDelegations, type Delegation } from '../api/delegations';
import { chainTime } from '../model/explorer';
import type { NativeSession } from '../model/nativeSession';
import { checkBandwidth, checkReceiver, delegateAction, refundAction, undelegateAction } from '../model/systemActions';
import { assetQuantity, type FieldError } from '../model/transferForm';
import { limitUsage, Usage } from './BalanceCards';
import { QueryState } from './QueryState';
import { isFieldError, quantityUnits, StakeField, unitsOf, useAccountLookup } from './StakeFields';
import type { SystemActionPlan } from './SystemActionDialog';
import { useExactAsset } from './useExactAsset';

interface PanelProps {
  readonly session: NativeSession;
  readonly network: NetworkSummary;
  readonly onPlan: ((plan: SystemActionPlan) => void) | null;
}

/** CPU and NET: the meters, the stake by receiver, the refund on its way, and stake / unstake forms. */
export function BandwidthPanel({ session, network, onPlan }: PanelProps) {
  const { t } = useTranslation();
  const accountQuery = useNativeAccount(network.name, session.account);
  const delegations = useDelegations(network.name, session.account);
  const [unstakeFrom, setUnstakeFrom] = useState<string | null>(null);
  return (
    <section className="card zero-card zero-card--wide" aria-labelledby="stake-bandwidth-title" data-testid="bandwidth-panel">
      <h2 id="stake-bandwidth-title" className="zero-card__title">{t('stake.bandwidth.title')}</h2>
      <p className="zero-muted">{t('stake.bandwidth.lead')}</p>
      <div className="stake-panel__body">
        <div>
          <QueryState query={accountQuery} loading={t('zero.resources.loading')} failed={t('zero.resources.failed')}>
            {(account) => (
              <>
                <Usage kind="cpu" label={t('zero.resources.cpu')} {...limitUsage(account.cpu)} />
                <Usage kind="net" label={t('zero.resources.net')} {...limitUsage(account.net)} />
                <Refund session={session} network={network} account={account} onPlan={onPlan} />
              </>
            )}
          </QueryState>
          <QueryState query={delegations} loading={t('zero.resources.loading')} failed={t('stake.read_failed')}>
            {(data) => <StakeTable rows={data.delegations} own={session.account} onUnstake={onPlan === null ? null : setUnstakeFrom} />}
          </QueryState>
        </div>
        {onPlan !== null && accountQuery.data !== undefined && (
          <StakeForm session={session} network={network} account={accountQuery.data} onPlan={onPlan} />
        )}
        {onPlan !== null && delegations.data !== undefined && (
          <UnstakeForm key={unstakeFrom ?? session.account} session={session} rows={delegations.data.delegations} initial={unstakeFrom ?? session.account} onPlan={onPlan} />
        )}
      </div>
    </section>
  );
}

function StakeTable({ rows, own, onUnstake }: { rows: readonly Delegation[]; own: string; onUnstake: ((account: string) => void) | null }) {
  const { t } = useTranslation();
  const exact = useExactAsset();
  const others = rows.filter((row) => row.to !== own);
  return (
    <div className="stake-table-scroll"><table className="zero-table" data-testid="stake-table">
      <thead>
        <tr>
          <th scope="col">{t('stake.bandwidth.to')}</th>
          <th scope="col" className="zero-num">{t('stake.bandwidth.cpu_amount')}</th>
          <th scope="col" className="zero-num">{t('stake.bandwidth.net_amount')}</th>
          {onUnstake !== null && <th scope="col"><span className="visually-hidden">{t('zero.balance.actions')}</span></th>}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.to} data-receiver={row.to}>
            <th scope="row">{row.to === own ? t('stake.bandwidth.own') : row.to}</th>
            <td className="zero-num zero-mono">{exact(row.cpu, false)}</td>
            <td className="zero-num zero-mono">{exact(row.net, false)}</td>
            {onUnstake !== null && (
              <td className="zero-num">
                <button type="button" className="button button--ghost button--small" onClick={() => { onUnstake(row.to); }}
                  aria-label={t('stake.bandwidth.unstake_row', { account: row.to === own ? t('stake.bandwidth.yourself') : row.to })}>
                  {t('stake.bandwidth.unstake')}
                </button>
              </td>
            )}
          </tr>
        ))}
        {others.length === 0 && (
          <tr><td colSpan={onUnstake === null ? 3 : 4} className="zero-muted">{t('stake.bandwidth.none_others')}</td></tr>
        )}
      </tbody>
    </table></div>
  );
}

function Refund({ session, network, account, onPlan }: { session: NativeSession; network: NetworkSummary; account: NativeAccount; onPlan: ((plan: SystemActionPlan) => void) | null }) {
  const { t } = useTranslation();
  const exact = useExactAsset();
  const dateTime = useDateTimeFormatter();
  if (account.refundCpu == null && account.refundNet == null) return null;
  const cpu = unitsOf(account.refundCpu);
  const net = unitsOf(account.refundNet);
  const symbol = network.systemToken?.symbol ?? 'TLOS';
  const total = assetQuantity({ raw: cpu.raw + net.raw, decimals: cpu.decimals }, symbol);
  return (
    <div className="zero-state" role="status" data-testid="refund">
      <p><strong>{t('stake.bandwidth.refund_title')}</strong> {t('stake.bandwidth.refund_amounts', {
        cpu: account.refundCpu == null ? `0 ${symbol}` : exact(account.refundCpu),
        net: account.refundNet == null ? `0 ${symbol}` : exact(account.refundNet),
      })}</p>
      <p>{account.refundDue ? t('stake.bandwidth.refund_due')
        : account.refundAvailableAt == null ? null : t('stake.bandwidth.refund_when', { date: dateTime(chainTime(account.refundAvailableAt)) })}</p>
      {account.refundDue && onPlan !== null && (
        <div className="button-row">
          <button type="button" className="button button--primary" onClick={() => {
            onPlan({
              title: t('stake.bandwidth.claim_title'),
              facts: [[t('stake.bandwidth.claim_fact'), total]],
              actions: [refundAction(session.account)],
              spent: null,
              done: t('stake.bandwidth.claim_done', { quantity: total }),
            });
          }}>{t('stake.bandwidth.claim', { amount: total })}</button>
        </div>
      )}
    </div>
  );
}

/** What a stake takes from the balance: for oneself, the part a pending refund does not cover. */
function fromBalance(own: NativeAccount | null, amounts: { cpu: string; net: string }, decimals: number): bigint {
  const part = (wanted: string, refund: NativeAccount['refundCpu']) => {
    const rest = quantityUnits(wanted, decimals) - (own === null ? 0n : unitsOf(refund).raw);
    return rest > 0n ? rest : 0n;
  };
  return part(amounts.cpu, own?.refundCpu) + part(amounts.net, own?.refundNet);
}

function StakeForm({ session, network, account, onPlan }: { session: NativeSession; network: NetworkSummary; account: NativeAccount; onPlan: (plan: SystemActionPlan) => void }) {
  const { t } = useTranslation();
  const format = useAmountFormatter();
  const lookup = useAccountLookup(network);
  const [input, setInput] = useState({ receiver: '', cpu: '', net: '', transfer: false });
  const [errors, setErrors] = useState<Partial<Record<'receiver' | 'cpu' | 'net', FieldError>>>({});
  const [checking, setChecking] = useState(false);
  const symbol = network.systemToken?.symbol ?? 'TLOS';
  const liquid = unitsOf(account.liquid);
  const receiverName = input.receiver.trim();
  const forOther = receiverName !== '' && receiverName !== session.account;

  const review = async (event: SyntheticEvent) => {
    event.preventDefault();
    const receiver = checkReceiver(input.receiver, session.account);
    const amounts = checkBandwidth(input, { cpu: liquid, net: liquid, total: liquid }, symbol, format.separators);
    const next: typeof errors = amounts.ok ? {} : { ...amounts.errors };
    if (!receiver.ok) next.receiver = receiver.error;
    setErrors(next);
    if (!receiver.ok || !amounts.ok) return;
    if (receiver.value !== session.account) {
      setChecking(true);
      const found = await lookup(receiver.value);
      setChecking(false);
      if (isFieldError(found)) {
        setErrors({ receiver: found });
        return;
      }
    }
    const transfer = forOther && input.transfer;
    const total = assetQuantity({ raw: quantityUnits(amounts.cpu, liquid.decimals) + quantityUnits(amounts.net, liquid.decimals), decimals: liquid.decimals }, symbol);
    onPlan({
      title: t('stake.bandwidth.stake_title'),
      facts: [
        [t('stake.bandwidth.for_fact'), receiver.value],
        [t('stake.bandwidth.stake_cpu_fact'), amounts.cpu],
        [t('stake.bandwidth.stake_net_fact'), amounts.net],
      ],
      notes: [
        ...(transfer ? [t('stake.bandwidth.gift_note', { quantity: total, account: receiver.value })] : []),
        // The system contract stakes for oneself out of a pending refund before the balance.
        ...(receiver.value === session.account && (account.refundCpu != null || account.refundNet != null) ? [t('stake.bandwidth.from_refund_note')] : []),
      ],
      actions: [delegateAction(session.account, receiver.value, amounts.cpu, amounts.net, transfer)],
      spent: { raw: fromBalance(receiver.value === session.account ? account : null, amounts, liquid.decimals), decimals: liquid.decimals },
      done: t('stake.bandwidth.stake_done', { quantity: total, account: receiver.value }),
    });
  };

  return (
    <form className="zero-signin__form" noValidate onSubmit={(event) => void review(event)} aria-labelledby="bandwidth-stake-legend">
      <h3 id="bandwidth-stake-legend" className="zero-subtitle">{t('stake.bandwidth.stake_legend')}</h3>
      <StakeField label={t('stake.bandwidth.receiver')} value={input.receiver} inputMode="text" error={errors.receiver}
        onChange={(receiver) => { setInput({ ...input, receiver }); }} />
      <StakeField label={t('stake.bandwidth.cpu_amount')} value={input.cpu} error={errors.cpu} onChange={(cpu) => { setInput({ ...input, cpu }); }} />
      <StakeField label={t('stake.bandwidth.net_amount')} value={input.net} error={errors.net} onChange={(net) => { setInput({ ...input, net }); }} />
      {forOther && (
        <div className="zero-field">
          <label className="zero-check">
            <input type="checkbox" checked={input.transfer} onChange={(event) => { setInput({ ...input, transfer: event.target.checked }); }} />
            {' '}{t('stake.bandwidth.transfer', { account: receiverName })}
          </label>
          <p className="zero-muted">{t('stake.bandwidth.transfer_hint', { account: receiverName })}</p>
        </div>
      )}
      <div className="button-row">
        <button type="submit" className="button button--primary" disabled={checking}>{checking ? t('stake.checking') : t('stake.review')}</button>
      </div>
    </form>
  );
}

function UnstakeForm({ session, rows, initial, onPlan }: { session: NativeSession; rows: readonly Delegation[]; initial: string; onPlan: (plan: SystemActionPlan) => void }) {
  const { t } = useTranslation();
  const format = useAmountFormatter();
  const exact = useExactAsset();
  const [input, setInput] = useState({ from: initial, cpu: '', net: '' });
  const [errors, setErrors] = useState<Partial<Record<'cpu' | 'net', FieldError>>>({});
  const row = rows.find((candidate) => candidate.to === input.from) ?? rows[0];
  if (row === undefined) return null;
  const cpu = unitsOf(row.cpu);
  const net = unitsOf(row.net);

  const review = (event: SyntheticEvent) => {
    event.preventDefault();
    const amounts = checkBandwidth(input, { cpu, net, total: null }, row.cpu.symbol, format.separators);
    if (!amounts.ok) {
      setErrors(amounts.errors);
      return;
    }
    setErrors({});
    const total = assetQuantity({ raw: quantityUnits(amounts.cpu, cpu.decimals) + quantityUnits(amounts.net, cpu.decimals), decimals: cpu.decimals }, row.cpu.symbol);
    onPlan({
      title: t('stake.bandwidth.unstake_title'),
      facts: [
        [t('stake.bandwidth.from_fact'), row.to],
        [t('stake.bandwidth.stake_cpu_fact'), amounts.cpu],
        [t('stake.bandwidth.stake_net_fact'), amounts.net],
      ],
      notes: [t('stake.bandwidth.unstake_note')],
      actions: [undelegateAction(session.account, row.to, amounts.cpu, amounts.net)],
      spent: null,
      done: t('stake.bandwidth.unstake_done', { quantity: total, account: row.to }),
    });
  };

  return (
    <form className="zero-signin__form" noValidate onSubmit={review} aria-labelledby="bandwidth-unstake-legend">
      <h3 id="bandwidth-unstake-legend" className="zero-subtitle">{t('stake.bandwidth.unstake_legend')}</h3>
      <div className="zero-field">
        <label htmlFor="bandwidth-unstake-from">{t('stake.bandwidth.unstake_from')}</label>
        <select id="bandwidth-unstake-from" className="input" value={row.to} onChange={(event) => { setInput({ ...input, from: event.target.value }); }}>
          {rows.map((candidate) => <option key={candidate.to} value={candidate.to}>{candidate.to === session.account ? t('stake.bandwidth.own') : candidate.to}</option>)}
        </select>
      </div>
      <StakeField label={t('stake.bandwidth.cpu_amount')} value={input.cpu} error={errors.cpu} hint={t('stake.bandwidth.staked_now', { amount: exact(row.cpu) })}
        onChange={(value) => { setInput({ ...input, cpu: value }); }} />
      <StakeField label={t('stake.bandwidth.net_amount')} value={input.net} error={errors.net} hint={t('stake.bandwidth.staked_now', { amount: exact(row.net) })}
        onChange={(value) => { setInput({ ...input, net: value }); }} />
      <div className="button-row"><button type="submit" className="button button--primary">{t('stake.review')}</button></div>
    </form>
  );
}
