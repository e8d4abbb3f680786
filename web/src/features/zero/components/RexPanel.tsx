import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { NetworkSummary } from '../../../lib/networks/api/networks';
import { useAmountFormatter, useDateTimeFormatter } from '../../../lib/preferences/usePreferences';
import { useNativeAccount } from '../api/account';
import { useNativeRex, type NativeRex } from '../api/rex';
import { chainTime } from '../model/explorer';
import type { NativeSession } from '../model/nativeSession';
import { rexForPayment, rexToSell, type RexPoolUnits } from '../model/rexMath';
import { checkQuantity, checkReceiver, mayBuyRex, REX_MIN_VOTED_PRODUCERS, rexStakeActions, rexUnstakeActions } from '../model/systemActions';
import { assetQuantity, type FieldError } from '../model/transferForm';
import { REX_LOCK_DAYS } from './BalanceCards';
import { QueryState } from './QueryState';
import { assetView, isFieldError, MaxButton, quantityUnits, StakeField, unitsOf, useAccountLookup } from './StakeFields';
import type { SystemActionPlan } from './SystemActionDialog';
import { useExactAsset } from './useExactAsset';

function poolOf(rex: NativeRex): RexPoolUnits {
  return { lendable: unitsOf(rex.totalLendable).raw, rex: unitsOf(rex.totalRex).raw };
}

interface PanelProps {
  readonly session: NativeSession;
  readonly network: NetworkSummary;
  /** Null for a read-only session: the figures without the forms. */
  readonly onPlan: ((plan: SystemActionPlan) => void) | null;
}

/** REX staking: what the account holds, what matured and when the rest does, and stake / unstake forms. */
export function RexPanel({ session, network, onPlan }: PanelProps) {
  const { t } = useTranslation();
  const rexQuery = useNativeRex(network.name, session.account);
  return (
    <section className="card zero-card zero-card--wide" aria-labelledby="stake-rex-title" data-testid="rex-panel">
      <h2 id="stake-rex-title" className="zero-card__title">{t('stake.rex.title')}</h2>
      <p className="zero-muted">{t('stake.rex.lead')}</p>
      <QueryState query={rexQuery} loading={t('zero.rex.loading')} failed={t('zero.rex.failed')}>
        {(rex) => (
          <div className="stake-panel__body">
            <div><RexFigures rex={rex} /></div>
            {onPlan !== null && <RexStakeForm session={session} network={network} rex={rex} onPlan={onPlan} />}
            {onPlan !== null && <RexUnstakeForm session={session} network={network} rex={rex} onPlan={onPlan} />}
          </div>
        )}
      </QueryState>
    </section>
  );
}

function RexFigures({ rex }: { rex: NativeRex }) {
  const { t } = useTranslation();
  const exact = useExactAsset();
  const dateTime = useDateTimeFormatter();
  const rows: [string, string, string][] = [
    [t('stake.rex.value'), exact(rex.value), 'rex-worth'],
    [t('stake.rex.balance'), rex.rexBalance == null ? t('zero.rex.none') : exact(rex.rexBalance), 'rex-held'],
    [t('stake.rex.matured'), rex.matured == null ? t('zero.rex.none') : exact(rex.matured), 'rex-matured'],
    [t('stake.rex.matured_value'), rex.maturedValue == null ? t('zero.rex.none') : exact(rex.maturedValue), 'rex-matured-value'],
    [t('stake.rex.fund'), rex.fund == null ? t('zero.rex.none') : exact(rex.fund), 'rex-fund'],
  ];
  return (
    <>
      <dl className="zero-facts">
        {rows.map(([label, value, id]) => (
          <div key={id} className="zero-facts__row"><dt>{label}</dt><dd className="zero-mono" data-testid={id}>{value}</dd></div>
        ))}
      </dl>
      {rex.maturities.length > 0 && (
        <>
          <h3 className="zero-subtitle">{t('stake.rex.maturities')}</h3>
          <ul className="zero-list" data-testid="rex-maturities">
            {rex.maturities.map((bucket) => (
              <li key={bucket.until}>
                {t(bucket.matured ? 'stake.rex.matured_bucket' : 'stake.rex.matures_on', { rex: exact(bucket.rex), date: dateTime(chainTime(bucket.until)) })}
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

/** The next REX to mature, in words, for the messages that say when more can be sold. */
function useNextMaturity(rex: NativeRex): string {
  const { t } = useTranslation();
  const dateTime = useDateTimeFormatter();
  const next = rex.maturities.find((bucket) => !bucket.matured);
  return next === undefined ? t('zero.rex.none') : t('stake.rex.next_maturity', { date: dateTime(chainTime(next.until)) });
}

function RexStakeForm({ session, network, rex, onPlan }: { session: NativeSession; network: NetworkSummary; rex: NativeRex; onPlan: (plan: SystemActionPlan) => void }) {
  const { t } = useTranslation();
  const format = useAmountFormatter();
  const exact = useExactAsset();
  const lookup = useAccountLookup(network);
  const account = useNativeAccount(network.name, session.account).data;
  const [amount, setAmount] = useState('');
  const [proxy, setProxy] = useState('');
  const [errors, setErrors] = useState<{ amount?: FieldError; proxy?: FieldError }>({});
  const [checking, setChecking] = useState(false);
  const symbol = network.systemToken?.symbol ?? 'TLOS';
  if (account === undefined) return null;
  const liquid = unitsOf(account.liquid);
  const voteNeeded = !mayBuyRex({ proxy: account.voterProxy, producers: account.votedProducers });

  const review = async (event: SyntheticEvent) => {
    event.preventDefault();
    const quantity = checkQuantity(amount, liquid, symbol, format.separators);
    const name = voteNeeded ? checkReceiver(proxy, '') : null;
    const next: typeof errors = {};
    if (!quantity.ok) next.amount = quantity.error;
    if (name !== null && !name.ok) next.proxy = name.error;
    if (name !== null && name.ok && name.value === '') next.proxy = { key: 'validation.account_required' };
    if (name !== null && name.ok && name.value === session.account) next.proxy = { key: 'stake.vote.error_self_proxy' };
    setErrors(next);
    if (!quantity.ok || next.proxy !== undefined) return;
    const chosenProxy = name?.ok === true ? name.value : null;
    if (chosenProxy !== null) {
      setChecking(true);
      const found = await lookup(chosenProxy);
      setChecking(false);
      if (isFieldError(found) || !found.isProxy) {
        setErrors({ proxy: isFieldError(found) ? found : { key: 'stake.rex.error_not_proxy', values: { account: chosenProxy } } });
        return;
      }
    }
    const payment = quantityUnits(quantity.value, liquid.decimals);
    const rexUnits = rexForPayment(payment, poolOf(rex));
    const rexSymbol = rex.totalRex?.symbol ?? 'REX';
    onPlan({
      title: t('stake.rex.stake_title'),
      facts: [
        ...(chosenProxy === null ? [] : [[t('stake.rex.proxy_fact'), chosenProxy] as const]),
        [t('stake.rex.stake_fact'), quantity.value],
        [t('stake.rex.rex_estimate'), exact(assetView(rexUnits, rex.totalRex?.decimals ?? 4, rexSymbol))],
        [t('stake.rex.maturity_fact'), t('stake.rex.maturity_value')],
      ],
      notes: chosenProxy === null ? [] : [t('stake.rex.proxy_note', { proxy: chosenProxy })],
      actions: rexStakeActions(session.account, quantity.value, chosenProxy),
      spent: { raw: payment, decimals: liquid.decimals },
      done: t('stake.rex.stake_done', { quantity: quantity.value }),
    });
  };

  return (
    <form className="zero-signin__form" noValidate onSubmit={(event) => void review(event)} aria-labelledby="rex-stake-legend">
      <h3 id="rex-stake-legend" className="zero-subtitle">{t('stake.rex.stake_legend')}</h3>
      <StakeField label={t('stake.rex.stake_amount')} value={amount} onChange={setAmount} error={errors.amount}
        hint={t('stake.rex.available', { amount: account.liquid == null ? `0 ${symbol}` : exact(account.liquid) })}
        side={<MaxButton onClick={() => { setAmount(account.liquid == null ? '0' : format.exact(account.liquid.amount)); }} />} />
      {voteNeeded && (
        <>
          <p className="zero-state" role="note" data-testid="rex-vote-needed">{t('stake.rex.vote_needed', { count: REX_MIN_VOTED_PRODUCERS })}</p>
          <StakeField label={t('stake.rex.proxy')} value={proxy} onChange={setProxy} error={errors.proxy} inputMode="text" />
        </>
      )}
      <p className="zero-muted">{t('zero.rex.lock', { days: REX_LOCK_DAYS })}</p>
      <div className="button-row">
        <button type="submit" className="button button--primary" disabled={checking}>{checking ? t('stake.checking') : t('stake.review')}</button>
      </div>
    </form>
  );
}

function RexUnstakeForm({ session, network, rex, onPlan }: { session: NativeSession; network: NetworkSummary; rex: NativeRex; onPlan: (plan: SystemActionPlan) => void }) {
  const { t } = useTranslation();
  const format = useAmountFormatter();
  const exact = useExactAsset();
  const nextMaturity = useNextMaturity(rex);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<FieldError | undefined>(undefined);
  const symbol = network.systemToken?.symbol ?? 'TLOS';
  const matured = unitsOf(rex.matured).raw;
  const maturedValue = unitsOf(rex.maturedValue);
  const fund = unitsOf(rex.fund);
  const rexSymbol = rex.totalRex?.symbol ?? 'REX';
  const nothing = matured === 0n && fund.raw === 0n;
  if (unitsOf(rex.rexBalance).raw === 0n && fund.raw === 0n) return null;

  const rexDecimals = rex.totalRex?.decimals ?? 4;
  const asText = (raw: bigint) => assetQuantity({ raw, decimals: fund.decimals }, symbol);
  const plan = (sale: { rex: bigint; proceeds: bigint }) => {
    const back = sale.proceeds + fund.raw;
    const selling = sale.rex > 0n;
    onPlan({
      title: selling ? t('stake.rex.unstake_title') : t('stake.rex.withdraw_title'),
      facts: [
        ...(selling ? [
          [t('stake.rex.sell_fact'), assetQuantity({ raw: sale.rex, decimals: rexDecimals }, rexSymbol)] as const,
          [t('stake.rex.proceeds_fact'), asText(sale.proceeds)] as const,
        ] : []),
        ...(fund.raw > 0n ? [[t('stake.rex.fund_fact'), asText(fund.raw)] as const] : []),
        [t('stake.rex.back_fact'), asText(back)],
      ],
      actions: selling
        ? rexUnstakeActions(session.account, assetQuantity({ raw: sale.rex, decimals: rexDecimals }, rexSymbol), asText(back))
        : rexUnstakeActions(session.account, '', asText(back)).slice(1),
      spent: null,
      done: selling ? t('stake.rex.unstake_done', { quantity: asText(back) }) : t('stake.rex.withdraw_done', { quantity: asText(back) }),
    });
  };

  const review = (event: SyntheticEvent) => {
    event.preventDefault();
    // No bound here: more than has matured gets its own message below, not "balance too low".
    const wanted = checkQuantity(amount, { decimals: fund.decimals, available: null }, symbol, format.separators);
    if (!wanted.ok) {
      setError(wanted.error);
      return;
    }
    const units = quantityUnits(wanted.value, fund.decimals);
    if (units > maturedValue.raw) {
      setError({ key: 'stake.rex.error_not_matured', values: { amount: rex.maturedValue == null ? `0 ${symbol}` : exact(rex.maturedValue), next: nextMaturity } });
      return;
    }
    const sale = rexToSell(units, matured, poolOf(rex));
    if (sale.rex === 0n || sale.proceeds === 0n) {
      setError({ key: 'stake.rex.error_too_small' });
      return;
    }
    setError(undefined);
    plan(sale);
  };

  return (
    <form className="zero-signin__form" noValidate onSubmit={review} aria-labelledby="rex-unstake-legend">
      <h3 id="rex-unstake-legend" className="zero-subtitle">{t('stake.rex.unstake_legend')}</h3>
      {matured === 0n && unitsOf(rex.rexBalance).raw > 0n && <p className="zero-muted" data-testid="rex-nothing-matured">{t('stake.rex.nothing_matured', { next: nextMaturity })}</p>}
      {matured > 0n && (
        <>
          <StakeField label={t('stake.rex.unstake_amount')} value={amount} onChange={setAmount} error={error}
            hint={t('stake.rex.unstake_available', { amount: rex.maturedValue == null ? '' : exact(rex.maturedValue) })}
            side={<MaxButton onClick={() => { setAmount(format.exact(rex.maturedValue?.amount ?? '0')); }} />} />
          <div className="button-row"><button type="submit" className="button button--primary">{t('stake.review')}</button></div>
        </>
      )}
      {matured === 0n && !nothing && (
        <div className="button-row">
          <button type="button" className="button button--secondary" onClick={() => { plan({ rex: 0n, proceeds: 0n }); }}>
            {t('stake.rex.withdraw_fund', { amount: rex.fund == null ? '' : exact(rex.fund) })}
          </button>
        </div>
      )}
    </form>
  );
}
