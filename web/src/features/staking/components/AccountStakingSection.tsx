import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readBeforeConfirmation } from '../../../lib/api/evm/accountWrites';
import { useFreshEvmBalances } from '../../../lib/api/evm/balances';
import type { PrepareRequest } from '../../../lib/evm-wallet/api/prepareTransaction';
import { TransactionReview } from '../../../lib/evm-wallet/TransactionReview';
import { useTransactionFlow } from '../../../lib/evm-wallet/useTransactionFlow';
import type { NetworkSummary } from '../../../lib/networks/api/networks';
import { useDateTimeFormatter, usePreferences } from '../../../lib/preferences/usePreferences';
import { useAccountStaking } from '../api/accountStaking';
import { overviewQueryOptions, type StakingOverview } from '../api/overview';
import { nativeBalance, wei } from '../model/staking';
import { EscrowCard } from './EscrowCard';
import { ExactAmount } from '../../../lib/ui/AmountText';
import { PositionCard } from './PositionCard';
import { StakeForms, type Reviewed } from './StakeForms';
import { LoadingState } from '../../../lib/ui/LoadingState';
import { ConnectNotice } from './StakingNotices';

/** Spec §8: each action's failure wraps the cause. */
const FAILURE_KEY = {
  stake: 'staking.error_stakes_failed',
  unstake: 'staking.error_unstakes_failed',
  withdraw: 'staking.error_withdraw_failed',
} as const;

const SUCCESS_KEY = { stake: 'staking.success_stake', unstake: 'staking.success_unstake', withdraw: 'staking.success_withdraw' } as const;

/** The facts the review shows under the server's summary. */
function ReviewFacts({ reviewed }: { reviewed: Reviewed }) {
  const { t } = useTranslation();
  const dateTime = useDateTimeFormatter();
  return (
    <dl className="staking-facts staking-facts--review">
      {reviewed.action === 'stake' && (
        <div className="staking-facts__row">
          <dt>{t('staking.review.expected_stlos')}</dt>
          <dd>
            <ExactAmount amount={reviewed.shares} /> STLOS
          </dd>
        </div>
      )}
      {reviewed.action === 'unstake' && (
        <>
          <div className="staking-facts__row">
            <dt>{t('staking.review.stlos_given')}</dt>
            <dd>
              <ExactAmount amount={reviewed.shares} /> STLOS
            </dd>
          </div>
          <div className="staking-facts__row">
            <dt>{t('staking.review.unstaked_tlos')}</dt>
            <dd>
              <ExactAmount amount={reviewed.assets} /> TLOS
            </dd>
          </div>
          <div className="staking-facts__row">
            <dt>{t('staking.review.unlock_time')}</dt>
            <dd>{dateTime(reviewed.unlockAt)}</dd>
          </div>
        </>
      )}
      {reviewed.action === 'withdraw' && (
        <div className="staking-facts__row">
          <dt>{t('staking.review.withdraw_amount')}</dt>
          <dd>
            <ExactAmount amount={reviewed.amount} /> TLOS
          </dd>
        </div>
      )}
    </dl>
  );
}

interface AccountStakingSectionProps {
  readonly network: NetworkSummary;
  readonly account: string;
  readonly overview: StakingOverview | undefined;
  readonly canSign: boolean;
  readonly isViewer: boolean;
}

/**
 * The account's position, the stake and unstake forms, the escrow list and
 * withdraw, with one transaction flow for all three actions: after each receipt
 * the staking figures and balances are read again (spec §4): the account's by the
 * flow itself, the network's totals here.
 */
export function AccountStakingSection({ network, account, overview, canSign, isViewer }: AccountStakingSectionProps) {
  const { t } = useTranslation();
  const [{ fiatCurrency }] = usePreferences();
  const queryClient = useQueryClient();
  const [reviewed, setReviewed] = useState<Reviewed | null>(null);
  // Bumped after each confirmation: the forms start empty again.
  const [formGeneration, setFormGeneration] = useState(0);
  const position = useAccountStaking(network.name, account);
  const fresh = useFreshEvmBalances(network.name, account, fiatCurrency);
  const { balances } = fresh;
  const tlos = balances.data ? nativeBalance(balances.data.balances) : null;
  // The stake review reads the TLOS balance, the unstake review the STLOS of the position:
  // both wait until they were read after the account's last confirmed transaction.
  const positionStale = position.data !== undefined && readBeforeConfirmation(position.dataUpdatedAt, fresh.confirmedAt);
  const updating = fresh.updating || positionStale;

  const onConfirmed = useCallback(() => {
    setFormGeneration((generation) => generation + 1);
    void queryClient.invalidateQueries({ queryKey: overviewQueryOptions(network.name).queryKey });
  }, [queryClient, network.name]);

  const action = reviewed?.action ?? 'stake';
  const flow = useTransactionFlow({ network, failureKey: FAILURE_KEY[action], successMessage: { key: SUCCESS_KEY[action] }, onConfirmed });
  const busy = flow.state.phase !== 'idle';
  const start = (next: Reviewed, request: PrepareRequest) => {
    setReviewed(next);
    void flow.prepare(request);
  };
  const { refetch: refetchPositionQuery } = position;
  const refetchPosition = useCallback(() => { void refetchPositionQuery(); }, [refetchPositionQuery]);

  return (
    <>
      <PositionCard position={position} tlos={tlos} balances={balances} updating={updating} />

      {!canSign && <ConnectNotice reason={isViewer ? 'viewer' : 'notConnected'} />}
      {canSign && (overview === undefined || position.data === undefined || tlos === null) && (
        <section className="card card--stack staking-area--actions" aria-label={t('staking.actions')}>
          <LoadingState text={t('staking.position.loading')} />
        </section>
      )}
      {canSign && overview !== undefined && position.data !== undefined && tlos !== null && (
        <StakeForms
          key={formGeneration}
          networkName={network.name}
          account={account}
          overview={overview}
          position={position.data}
          tlos={tlos}
          busy={busy}
          stale={updating}
          onStart={start}
        />
      )}

      {position.data && (
        <EscrowCard
          position={position.data}
          busy={busy || updating}
          onUnlockReached={refetchPosition}
          onWithdraw={
            canSign
              ? () => {
                  const amount = wei(position.data.withdrawable);
                  start({ action: 'withdraw', amount }, { kind: 'withdraw', from: account });
                }
              : null
          }
        />
      )}

      <TransactionReview flow={flow} explorerUrl={network.explorerUrl} onClose={() => undefined}>
        {reviewed !== null && <ReviewFacts reviewed={reviewed} />}
      </TransactionReview>
    </>
  );
}
