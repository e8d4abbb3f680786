import { useTranslation } from 'react-i18next';
import { shortHex } from '../../../lib/format/shortHex';
import { useAmountFormatter } from '../../../lib/preferences/usePreferences';
import { AmountText } from '../../../lib/ui/AmountText';
import { LongId } from '../../../lib/ui/CopyButton';
import type { TransactionDetail, TransactionMovement } from '../api/transaction';
import { isZeroAddress } from '../model/transactionDetail';

interface Party {
  readonly address: string;
  readonly name?: string | null;
}

/** A party: a known contract's name over its address, the whole address with a copy button, "you" for the account. */
export function PartyText({ party, account }: { party: Party; account: string | null }) {
  const { t } = useTranslation();
  const you = account !== null && party.address.toLowerCase() === account.toLowerCase();
  return (
    <span className="evm-party">
      {party.name && <span className="evm-party__name">{party.name}</span>}
      <LongId value={party.address} what="address" />
      {you && <span className="badge">{t('evm.tx.you')}</span>}
    </span>
  );
}

function Moved({ movement }: { movement: TransactionMovement }) {
  const { t } = useTranslation();
  const format = useAmountFormatter();
  if (movement.nft) {
    const nft = movement.nft;
    return (
      <span className="text-break">
        {t('evm.tx.nft', { quantity: format.token(nft.quantity), name: nft.tokenName ?? nft.collectionName ?? shortHex(nft.collectionAddress), id: nft.tokenId })}
      </span>
    );
  }
  const value = movement.value;
  if (!value) return null;
  // A token the lookups could not name still shows which contract it is.
  const symbol = value.symbol !== '' ? value.symbol : shortHex(movement.token ?? '');
  return (
    <span>
      <AmountText amount={value.amount} symbol={symbol} />
      {value.fiatValue && <span className="muted"> ({format.fiat(value.fiatValue)})</span>}
    </span>
  );
}

function Side({ party, account }: { party: Party; account: string | null }) {
  const { t } = useTranslation();
  if (isZeroAddress(party.address)) return <span className="muted">{t('evm.tx.zero_address')}</span>;
  return <PartyText party={party} account={account} />;
}

/** Every movement of value and NFTs, whoever it moved between. */
export function MovementsCard({ detail, account }: { detail: TransactionDetail; account: string | null }) {
  const { t } = useTranslation();
  return (
    <section className="card evm-card" aria-labelledby="evm-tx-movements">
      <h2 id="evm-tx-movements" className="card__title">
        {t('evm.tx.movements')}
      </h2>
      {detail.movements.length === 0 ? (
        <p className="muted">{t('evm.tx.movements_none')}</p>
      ) : (
        <ol className="evm-tx-moves">
          {detail.movements.map((movement, index) => (
            <li key={index} className="evm-tx-moves__item" data-testid="evm-tx-movement">
              <p className="evm-tx-moves__what">
                <Moved movement={movement} />
              </p>
              <p className="evm-tx-moves__parties">
                <span className="muted">{t('evm.tx.movement_from')}</span> <Side party={movement.from} account={account} />{' '}
                <span className="muted">{t('evm.tx.movement_to')}</span> <Side party={movement.to} account={account} />
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The function called, where its description came from, its arguments, and the raw call data. */
export function FunctionCard({ detail }: { detail: TransactionDetail }) {
  const { t } = useTranslation();
  const called = detail.function ?? null;
  const bytes = (detail.input.length - 2) / 2;
  if (called === null && bytes === 0) return null;
  return (
    <section className="card evm-card" aria-labelledby="evm-tx-function">
      <h2 id="evm-tx-function" className="card__title">
        {t('evm.tx.function')}
      </h2>
      {called === null ? (
        <p className="muted">{t('evm.tx.title_unknown_function', { selector: detail.selector ?? '' })}</p>
      ) : (
        <>
          <p>
            <code className="address">{called.signature}</code>
          </p>
          <p className="muted">{t(`evm.tx.source_${called.source}`)}</p>
          {called.arguments == null && <p className="muted">{t('evm.tx.arguments_undecoded')}</p>}
          {called.arguments?.length === 0 && <p className="muted">{t('evm.tx.no_arguments')}</p>}
          {called.arguments != null && called.arguments.length > 0 && (
            <table className="evm-table evm-args">
              <caption className="visually-hidden">{t('evm.tx.arguments')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('evm.tx.argument_name')}</th>
                  <th scope="col">{t('evm.tx.argument_type')}</th>
                  <th scope="col">{t('evm.tx.argument_value')}</th>
                </tr>
              </thead>
              <tbody>
                {called.arguments.map((argument, index) => (
                  <tr key={index}>
                    <th scope="row" data-label={t('evm.tx.argument_name')}>
                      {argument.name ?? `#${index + 1}`}
                    </th>
                    <td data-label={t('evm.tx.argument_type')}>
                      <code>{argument.type}</code>
                    </td>
                    <td data-label={t('evm.tx.argument_value')}>
                      <LongId value={argument.value} what={argument.type === 'address' ? 'address' : 'data'} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
      {bytes > 0 && (
        <details className="evm-tx-input">
          <summary>{t('evm.tx.input', { count: bytes })}</summary>
          <LongId value={detail.input} what="data" />
        </details>
      )}
    </section>
  );
}
