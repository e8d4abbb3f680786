import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPlainString, type FixedAmount } from '../../../lib/amount/fixedAmount';
import { useQuery } from '@tanstack/react-query';
import { evmBalancesQueryOptions } from '../../../lib/api/evm/balances';
import { prepareTransaction } from '../../../lib/evm-wallet/api/prepareTransaction';
import { RecipientAssist } from '../../../lib/address-book/RecipientAssist';
import { typedAddress } from '../../../lib/address-book/model';
import { useEvmSentBefore } from '../../../lib/address-book/useSentBefore';
import { shortHex } from '../../../lib/format/shortHex';
import { useAmountFormatter, usePreferences } from '../../../lib/preferences/usePreferences';
import { maxAfterFee, validateMoveForm, type MoveDirection, type MoveFieldError } from '../model/evmMove';
import type { MoveBody } from '../api/evmMove';
import { useNativeSentBefore } from '../api/sentTo';
import { useMemoRequirement } from '../api/account';
import { missingMemo } from '../model/memoRequired';
import { MemoRequiredNote } from './MemoRequiredNote';

interface MoveTlosFormProps {
  readonly account: string;
  /** The native network and the names the recipient suggestions show. */
  readonly network: string;
  readonly networkName: string;
  readonly evmNetwork: string;
  /** The signed-in EVM address (where TLOS leaves from toward Zero, and the default destination toward EVM). */
  readonly evmAddress: string | null;
  readonly linkedAddress: string | null;
  /** Liquid TLOS on Telos Zero. */
  readonly nativeAvailable: FixedAmount;
  readonly initial: { direction: MoveDirection; amount: string; to: string };
  readonly checking: boolean;
  readonly onReview: (body: MoveBody, input: { direction: MoveDirection; amount: string; to: string }) => void;
  readonly onCancel: () => void;
}

const DECIMALS = 4;
const ZERO: FixedAmount = { raw: 0n, decimals: DECIMALS };

/** The default destination of a direction: the account's own other half. */
function ownDestination(direction: MoveDirection, account: string, evmAddress: string | null, linked: string | null): string {
  return direction === 'toZero' ? account : evmAddress ?? linked ?? '';
}

/** The move's form: direction, amount (with Max), destination (the own other half unless changed). */
export function MoveTlosForm({ account, network, networkName, evmNetwork, evmAddress, linkedAddress, nativeAvailable, initial, checking, onReview, onCancel }: MoveTlosFormProps) {
  const { t } = useTranslation();
  const format = useAmountFormatter();
  const [{ fiatCurrency }] = usePreferences();
  const [input, setInput] = useState(initial.to === '' ? { ...initial, to: ownDestination(initial.direction, account, evmAddress, linkedAddress) } : initial);
  const [errors, setErrors] = useState<Partial<Record<'to' | 'amount', MoveFieldError>>>({});
  const [maxState, setMaxState] = useState<{ kind: 'idle' } | { kind: 'working' } | { kind: 'failed'; message: string }>({ kind: 'idle' });
  const ids = { amount: useId(), to: useId(), direction: useId(), book: useId() };
  // The same recipient suggestions and first-send / look-alike warnings as the send forms.
  const evmSentBefore = useEvmSentBefore(evmNetwork, evmAddress, input.direction === 'toEvm' ? input.to : '');
  const nativeRecipient = input.direction === 'toZero' ? typedAddress('native', input.to) : null;
  const nativeSentBefore = useNativeSentBefore(network, account, nativeRecipient);
  // A move to Zero arrives without a memo: an exchange's deposit account would not credit it.
  const memoWarning = missingMemo(useMemoRequirement(network, nativeRecipient), '');
  const evmBalances = useQuery({ ...evmBalancesQueryOptions(evmNetwork, evmAddress ?? '', fiatCurrency), enabled: evmAddress !== null });
  const evmTlos = evmBalances.data?.balances.find((row) => row.token.isNative) ?? null;
  const evmAvailable = evmTlos === null ? ZERO : { raw: BigInt(evmTlos.amount.raw) / 10n ** 14n, decimals: DECIMALS };
  const available = input.direction === 'toEvm' ? nativeAvailable : evmAvailable;

  const setDirection = (direction: MoveDirection) => {
    setErrors({});
    setInput({ direction, amount: input.amount, to: ownDestination(direction, account, evmAddress, linkedAddress) });
  };

  const fillMax = () => {
    if (input.direction === 'toEvm') {
      setInput({ ...input, amount: format.exact(nativeAvailable) });
      return;
    }
    if (evmAddress === null || linkedAddress === null || evmTlos === null) return;
    // The EVM leg's fee comes out of the same TLOS: ask the node what a send costs now.
    setMaxState({ kind: 'working' });
    prepareTransaction(evmNetwork, { kind: 'send', from: evmAddress, to: linkedAddress, amount: '0.0001' }, fiatCurrency).then(
      (prepared) => {
        const fee = BigInt(prepared.gasLimit) * BigInt(prepared.gasPrice);
        setInput((before) => ({ ...before, amount: format.exact(maxAfterFee(BigInt(evmTlos.amount.raw), fee, DECIMALS)) }));
        setMaxState({ kind: 'idle' });
      },
      (error: unknown) => { setMaxState({ kind: 'failed', message: error instanceof Error ? error.message : String(error) }); },
    );
  };

  const review = (event: SyntheticEvent) => {
    event.preventDefault();
    const result = validateMoveForm(input, { account, evmFrom: evmAddress, available, decimals: DECIMALS }, format.separators);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    onReview(result.value, input);
  };

  const fieldError = (field: 'to' | 'amount') => {
    const error = errors[field];
    return error === undefined ? null : (
      <p id={`${ids[field]}-error`} className="zero-field__error" role="alert">{t(error.key, error.values ?? {})}</p>
    );
  };
  const availableText = input.direction === 'toEvm'
    ? t('move.available_zero', { amount: format.token(nativeAvailable) })
    : evmAddress === null ? t('move.error_no_evm_session') : t('move.available_evm', { address: shortHex(evmAddress), amount: format.token(evmAvailable) });
  const own = input.direction === 'toZero'
    ? t('move.own_account', { account })
    : evmAddress !== null ? t('move.own_evm', { address: shortHex(evmAddress) }) : linkedAddress !== null ? t('move.own_linked', { address: shortHex(linkedAddress) }) : null;

  return (
    <form onSubmit={review} noValidate className="zero-signin__form">
      <fieldset className="zero-field">
        <legend id={ids.direction}>{t('move.direction')}</legend>
        {(['toEvm', 'toZero'] as const).map((direction) => (
          <label key={direction} className="zero-choice">
            <input type="radio" name="move-direction" checked={input.direction === direction} onChange={() => { setDirection(direction); }} />
            {t(direction === 'toEvm' ? 'move.to_evm' : 'move.to_zero')}
          </label>
        ))}
      </fieldset>
      <div className="zero-field">
        <label htmlFor={ids.amount}>{t('move.amount')}</label>
        <div className="zero-field__row">
          <input className="input" id={ids.amount} value={input.amount} inputMode="decimal" autoComplete="off" aria-invalid={errors.amount !== undefined} aria-describedby={`${ids.amount}-error`}
            onChange={(event) => { setInput({ ...input, amount: event.target.value }); }} />
          <button type="button" className="button button--ghost button--small" disabled={maxState.kind === 'working'} onClick={fillMax}>{t('move.max')}</button>
        </div>
        <p className="zero-muted">{availableText}</p>
        {maxState.kind === 'working' && <p className="zero-muted" role="status">{t('move.max_working')}</p>}
        {maxState.kind === 'failed' && <p className="zero-field__error" role="alert">{maxState.message}</p>}
        {fieldError('amount')}
      </div>
      <div className="zero-field">
        <label htmlFor={ids.to}>{t(input.direction === 'toEvm' ? 'move.to_address' : 'move.to_account')}</label>
        <input className="input zero-mono" id={ids.to} list={ids.book} value={input.to} autoComplete="off" spellCheck={false} aria-invalid={errors.to !== undefined} aria-describedby={`${ids.to}-error`}
          onChange={(event) => { setInput({ ...input, to: event.target.value }); }} />
        {own !== null && input.to !== ownDestination(input.direction, account, evmAddress, linkedAddress) && (
          <button type="button" className="button button--ghost button--small" onClick={() => { setInput({ ...input, to: ownDestination(input.direction, account, evmAddress, linkedAddress) }); }}>{own}</button>
        )}
        {fieldError('to')}
        {input.direction === 'toEvm'
          ? <RecipientAssist network={evmNetwork} networkName="Telos EVM" kind="evm" value={input.to} listId={ids.book} own={evmAddress} chainHistory={evmSentBefore}
              onPick={(address) => { setInput((before) => ({ ...before, to: address })); }} />
          : <RecipientAssist network={network} networkName={networkName} kind="native" value={input.to} listId={ids.book} own={account} chainHistory={nativeSentBefore}
              onPick={(name) => { setInput((before) => ({ ...before, to: name })); }} />}
        {memoWarning !== null && nativeRecipient !== null && <MemoRequiredNote account={nativeRecipient} requirement={memoWarning} kind="move" />}
      </div>
      <div className="button-row">
        <button type="submit" className="button button--primary" disabled={checking}>{checking ? t('move.reviewing') : t('move.review')}</button>
        <button type="button" className="button button--secondary" onClick={onCancel}>{t('move.cancel')}</button>
      </div>
    </form>
  );
}

/** The amount a plan moves, exact. */
export function planAmount(amount: string): FixedAmount {
  return fromPlainString(amount, DECIMALS) ?? ZERO;
}
