import { useQueryClient } from '@tanstack/react-query';
import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api/client';
import { translate } from '../../../lib/i18n/i18n';
import type { NetworkSummary } from '../../../lib/networks/api/networks';
import { useAmountFormatter } from '../../../lib/preferences/usePreferences';
import { useNativeAccount, type NativeAccount } from '../api/account';
import { fetchRamCost, useRamCost } from '../api/ramCost';
import { ramQuoteQueryOptions, type RamQuote, type RamTrade } from '../api/ramQuote';
import type { NativeSession } from '../model/nativeSession';
import { buyRamAction, checkQuantity, checkRamBytes, checkReceiver, sellRamAction } from '../model/systemActions';
import type { FieldError } from '../model/transferForm';
import { Usage } from './BalanceCards';
import { QueryState } from './QueryState';
import { isFieldError, MaxButton, StakeField, unitsOf, useAccountLookup } from './StakeFields';
import type { SystemActionPlan } from './SystemActionDialog';
import { useExactAsset } from './useExactAsset';

/** `buyrambytes` prices at most this much at once (the server's limit on `ram-cost`). */
const MAX_BYTES_PRICED = 1_048_576;

interface PanelProps {
  readonly session: NativeSession;
  readonly network: NetworkSummary;
  readonly onPlan: ((plan: SystemActionPlan) => void) | null;
}

function problem(error: unknown): FieldError {
  const reason = error instanceof ApiError ? translate(error.code as never, { defaultValue: error.message }) : String(error);
  return { key: 'stake.error_quote', values: { reason } };
}

/** RAM: the meter, the market's price now, and buy (in TLOS or bytes) / sell forms priced before signing. */
export function RamPanel({ session, network, onPlan }: PanelProps) {
  const { t } = useTranslation();
  const exact = useExactAsset();
  const accountQuery = useNativeAccount(network.name, session.account);
  const perKib = useRamCost(network.name, 1024).data;
  return (
    <section className="card zero-card zero-card--wide" aria-labelledby="stake-ram-title" data-testid="ram-panel">
      <h2 id="stake-ram-title" className="zero-card__title">{t('stake.ram.title')}</h2>
      <p className="zero-muted">{t('stake.ram.lead')}</p>
      <QueryState query={accountQuery} loading={t('zero.resources.loading')} failed={t('zero.resources.failed')}>
        {(account) => (
          <div className="stake-panel__body">
            <div>
            <Usage kind="ram" label={t('zero.resources.ram')} used={account.ram.usage} max={account.ram.quota ?? null} />
            <dl className="zero-facts">
              <div className="zero-facts__row">
                <dt>{t('stake.ram.price')}</dt>
                <dd className="zero-mono" data-testid="ram-price">{perKib === undefined ? '…' : t('stake.ram.price_value', { amount: exact(perKib.cost) })}</dd>
              </div>
            </dl>
            </div>
            {onPlan !== null && <BuyRamForm session={session} network={network} account={account} onPlan={onPlan} />}
            {onPlan !== null && <SellRamForm session={session} network={network} account={account} onPlan={onPlan} />}
          </div>
        )}
      </QueryState>
    </section>
  );
}

function BuyRamForm({ session, network, account, onPlan }: { session: NativeSession; network: NetworkSummary; account: NativeAccount; onPlan: (plan: SystemActionPlan) => void }) {
  const { t } = useTranslation();
  const format = useAmountFormatter();
  const exact = useExactAsset();
  const queryClient = useQueryClient();
  const lookup = useAccountLookup(network);
  const [unit, setUnit] = useState<'tlos' | 'bytes'>('tlos');
  const [input, setInput] = useState({ amount: '', receiver: '' });
  const [errors, setErrors] = useState<Partial<Record<'amount' | 'receiver', FieldError>>>({});
  const [checking, setChecking] = useState(false);
  const symbol = network.systemToken?.symbol ?? 'TLOS';
  const liquid = unitsOf(account.liquid);

  /** The TLOS to spend: typed, or what the bytes cost now (then bought with `buyram` so the bytes shown are the bytes booked). */
  const spending = async (): Promise<string | FieldError> => {
    if (unit === 'tlos') {
      const quantity = checkQuantity(input.amount, liquid, symbol, format.separators);
      return quantity.ok ? quantity.value.split(' ')[0] ?? '' : quantity.error;
    }
    const bytes = checkRamBytes(input.amount, MAX_BYTES_PRICED);
    if (!bytes.ok) return bytes.error;
    try {
      const { cost } = await fetchRamCost(network.name, bytes.value);
      return unitsOf(cost).raw > liquid.raw ? { key: 'validation.balance_too_low' } : cost.amount;
    } catch (error) {
      return problem(error);
    }
  };

  const review = async (event: SyntheticEvent) => {
    event.preventDefault();
    const receiver = checkReceiver(input.receiver, session.account);
    if (!receiver.ok) {
      setErrors({ receiver: receiver.error });
      return;
    }
    setChecking(true);
    const amount = await spending();
    if (typeof amount !== 'string') {
      setChecking(false);
      setErrors({ amount });
      return;
    }
    const [found, quote] = await Promise.all([
      receiver.value === session.account ? null : lookup(receiver.value),
      queryClient.query(ramQuoteQueryOptions(network.name, { buy: amount } satisfies RamTrade)).catch((error: unknown) => error),
    ]);
    setChecking(false);
    if (found !== null && isFieldError(found)) {
      setErrors({ receiver: found });
      return;
    }
    if (quote instanceof Error) {
      setErrors({ amount: problem(quote) });
      return;
    }
    setErrors({});
    const bought = quote as RamQuote;
    const bytes = bought.bytes.toLocaleString();
    onPlan({
      title: t('stake.ram.buy_title'),
      facts: [
        [t('stake.ram.pay_fact'), exact(bought.quantity)],
        [t('stake.ram.fee_fact'), exact(bought.fee)],
        [t('stake.ram.bytes_fact'), t('stake.ram.bytes_value', { bytes })],
        [t('stake.bandwidth.for_fact'), receiver.value],
      ],
      notes: [t('stake.ram.quote_note')],
      actions: [buyRamAction(session.account, receiver.value, bought.quantity.quantity)],
      spent: unitsOf(bought.quantity),
      done: t('stake.ram.buy_done', { bytes }),
    });
  };

  return (
    <form className="zero-signin__form" noValidate onSubmit={(event) => void review(event)} aria-labelledby="ram-buy-legend">
      <h3 id="ram-buy-legend" className="zero-subtitle">{t('stake.ram.buy_legend')}</h3>
      <fieldset className="zero-inline-choice">
        <legend>{t('stake.ram.unit')}</legend>
        {(['tlos', 'bytes'] as const).map((choice) => (
          <label key={choice}>
            <input type="radio" name="ram-unit" value={choice} checked={unit === choice} onChange={() => { setUnit(choice); setErrors({}); }} />
            {' '}{t(`stake.ram.unit_${choice}`)}
          </label>
        ))}
      </fieldset>
      <StakeField label={unit === 'tlos' ? t('stake.ram.buy_amount_tlos') : t('stake.ram.buy_amount_bytes')} value={input.amount} error={errors.amount}
        inputMode={unit === 'tlos' ? 'decimal' : 'numeric'} onChange={(amount) => { setInput({ ...input, amount }); }} />
      <StakeField label={t('stake.ram.receiver')} value={input.receiver} inputMode="text" error={errors.receiver}
        onChange={(receiver) => { setInput({ ...input, receiver }); }} />
      <div className="button-row">
        <button type="submit" className="button button--primary" disabled={checking}>{checking ? t('stake.checking') : t('stake.review')}</button>
      </div>
    </form>
  );
}

function SellRamForm({ session, network, account, onPlan }: { session: NativeSession; network: NetworkSummary; account: NativeAccount; onPlan: (plan: SystemActionPlan) => void }) {
  const { t } = useTranslation();
  const exact = useExactAsset();
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<FieldError | undefined>(undefined);
  const [checking, setChecking] = useState(false);
  const unused = account.ram.available ?? 0;

  const review = async (event: SyntheticEvent) => {
    event.preventDefault();
    const bytes = checkRamBytes(amount, unused);
    if (!bytes.ok) {
      setError(bytes.error);
      return;
    }
    setChecking(true);
    const quote = await queryClient.query(ramQuoteQueryOptions(network.name, { sell: bytes.value })).catch((failure: unknown) => failure);
    setChecking(false);
    if (quote instanceof Error) {
      setError(problem(quote));
      return;
    }
    setError(undefined);
    const sold = quote as RamQuote;
    const shown = sold.bytes.toLocaleString();
    onPlan({
      title: t('stake.ram.sell_title'),
      facts: [
        [t('stake.ram.sold_fact'), t('stake.ram.bytes_value', { bytes: shown })],
        [t('stake.ram.fee_fact'), exact(sold.fee)],
        [t('stake.ram.receive_fact'), exact(sold.quantity)],
      ],
      notes: [t('stake.ram.quote_note')],
      actions: [sellRamAction(session.account, sold.bytes)],
      spent: null,
      done: t('stake.ram.sell_done', { bytes: shown }),
    });
  };

  return (
    <form className="zero-signin__form" noValidate onSubmit={(event) => void review(event)} aria-labelledby="ram-sell-legend">
      <h3 id="ram-sell-legend" className="zero-subtitle">{t('stake.ram.sell_legend')}</h3>
      <StakeField label={t('stake.ram.sell_amount')} value={amount} error={error} inputMode="numeric"
        hint={t('stake.ram.unused', { bytes: unused.toLocaleString() })} onChange={setAmount}
        side={<MaxButton onClick={() => { setAmount(String(unused)); }} />} />
      <div className="button-row">
        <button type="submit" className="button button--primary" disabled={checking}>{checking ? t('stake.checking') : t('stake.review')}</button>
      </div>
    </form>
  );
}
