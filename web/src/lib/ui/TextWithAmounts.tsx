import type { ParseKeys } from 'i18next';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { AmountValue } from '../preferences/amountFormatter';
import { AmountText, type AmountKind } from './AmountText';

/** One amount of a sentence: its value and precision (token 4, gas 2; spec §9). */
export interface SentenceAmount {
  readonly amount: AmountValue;
  readonly kind?: AmountKind;
}

/** Marks an amount's place in the translated text (control characters no message contains). */
const MARK = '\u0001';

/**
 * A translated sentence whose amounts read like every other amount on screen
 * ({@link AmountText}: display precision, never broken inside the number, every digit
 * one hover or tap away), wherever the language puts them. `amounts` fill the
 * message's placeholders of the same names; `values` fill the rest.
 */
export function TextWithAmounts({
  i18nKey,
  values = {},
  amounts,
}: {
  readonly i18nKey: ParseKeys;
  readonly values?: Readonly<Record<string, string | number>>;
  readonly amounts: Readonly<Record<string, SentenceAmount>>;
}) {
  const { t } = useTranslation();
  const marks = Object.fromEntries(Object.keys(amounts).map((name) => [name, `${MARK}${name}${MARK}`]));
  const parts = t(i18nKey, { ...values, ...marks }).split(MARK);
  // Odd parts are the names between two marks.
  return (
    <>
      {parts.map((part, index) => {
        const amount = index % 2 === 1 ? amounts[part] : undefined;
        return amount === undefined ? <Fragment key={index}>{part}</Fragment> : <AmountText key={index} amount={amount.amount} {...(amount.kind === undefined ? {} : { kind: amount.kind })} />;
      })}
    </>
  );
}
