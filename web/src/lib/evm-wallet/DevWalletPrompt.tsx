import { useTranslation } from 'react-i18next';
import { PromptFacts, SignPromptDialog } from '../wallet/SignPromptDialog';
import { devWalletPrompts, type TransactionToConfirm } from './devWalletPrompt';
import { formatWei } from './TransactionReview';
import './transaction-review.css';

/** The EVM development wallet's "sign or reject" window: the call it is asked to sign. */
export function DevWalletPrompt() {
  const { t } = useTranslation();
  return (
    <SignPromptDialog queue={devWalletPrompts} lead={(transaction) => t('tx.dev_wallet.lead', { address: transaction.from })}>
      {(transaction) => <EvmTransactionFacts transaction={transaction} />}
    </SignPromptDialog>
  );
}

function EvmTransactionFacts({ transaction }: { transaction: TransactionToConfirm }) {
  const { t } = useTranslation();
  return (
    <PromptFacts facts={[
      { label: t('tx.dev_wallet.to'), value: <code className="address">{transaction.to ?? t('tx.dev_wallet.new_contract')}</code> },
      { label: t('tx.dev_wallet.value'), value: `${formatWei(transaction.value.toString())} TLOS` },
      ...(transaction.gas === null ? [] : [{ label: t('tx.dev_wallet.gas'), value: transaction.gas.toString() }]),
      { label: t('tx.dev_wallet.data'), value: <pre className="tx-dialog__data">{transaction.data}</pre> },
    ]} />
  );
}
