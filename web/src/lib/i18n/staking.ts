/**
 * English texts of the Staking screen (keys `staking.*`), added to i18next when
 * /evm/staking loads ({@link registerStakingTexts}) so no other screen downloads
 * them; their type is part of `Resources`, so keys stay checked. The failure keys
 * keep the names of spec §8 (error_stakes_failed, error_unstakes_failed,
 * error_withdraw_failed); each wraps the cause.
 */
import { DEFAULT_LANGUAGE, i18n } from './i18n';

export const stakingEn = {
  title: 'Staking',
  lead: 'Stake TLOS to receive STLOS, which grows in value as staking rewards are added. Unstake to get your TLOS back after the unlock period.',
  retry: 'Try again',
  figures: {
    title: 'Staking on {{network}}',
    loading: 'Loading the staking figures…',
    failed: 'The staking figures could not be loaded.',
    not_configured: 'This network has no staking contracts configured, so there is nothing to stake into. Ask the server’s operator to set them.',
    measured_from: '{{staked}}’s share price (the {{system}} one {{staked}} redeems for)',
    stlos_price: 'Value of 1 {{staked}}',
    tlos_price: '1 {{system}} buys',
    total_staked: 'Total staked',
    lock_period: 'Unlock period',
    compounding: 'Staking rewards compound about every 30 minutes, so the TLOS value of each STLOS keeps rising.',
    lock_note: 'Unstaked TLOS is locked in the escrow for {{period}} before you can withdraw it.',
  },
  position: {
    title: 'Your staking',
    loading: 'Loading your staking position…',
    failed: 'Your staking position could not be loaded.',
    balances_failed: 'Your TLOS balance could not be loaded.',
    updating: 'Updating after your transaction…',
    staked: 'STLOS held',
    value: 'Worth now',
    tlos: 'TLOS available to stake',
    locked: 'Locked in the escrow',
    withdrawable: 'Ready to withdraw',
  },
  actions: 'Stake or unstake',
  tab_stake: 'Stake',
  tab_unstake: 'Unstake',
  max: 'Max',
  max_working: 'Working out the network fee…',
  max_failed: 'The network fee could not be worked out: {{cause}}',
  amount_positive: 'Enter an amount greater than zero',
  fee_room: 'Leave some TLOS for the network fee: you can stake at most {{amount}} TLOS',
  fee_not_covered: 'Your TLOS balance does not cover the network fee. Add TLOS to this address first.',
  stake: {
    amount: 'Amount to stake (TLOS)',
    available: 'Available: {{amount}} TLOS',
    expected: 'You receive about {{amount}} STLOS',
    expected_note: 'The exact amount is set by the STLOS price when the transaction is mined.',
    review: 'Review stake',
  },
  unstake: {
    amount: 'Amount to unstake (STLOS)',
    available: 'Available: {{amount}} STLOS',
    expected: 'You get {{amount}} TLOS',
    unlock: 'Locked in the escrow until about {{time}} ({{period}} after the transaction).',
    review: 'Review unstake',
  },
  review: {
    expected_stlos: 'STLOS you receive (about)',
    stlos_given: 'STLOS you give up',
    unstaked_tlos: 'TLOS locked in the escrow',
    unlock_time: 'Withdrawable from about',
    withdraw_amount: 'TLOS you withdraw',
  },
  escrow: {
    title: 'Unstaked TLOS in the escrow',
    lead: 'Each unstake is locked for {{period}}. When a deposit unlocks, withdraw it to your TLOS balance.',
    empty: 'Nothing is in the escrow. Unstake STLOS to start an unlock period.',
    amount: 'Amount',
    unlocks: 'Unlocks',
    status: 'Status',
    unlocked: 'Unlocked',
    unlocks_in: 'Unlocks in {{countdown}}',
    unlocking: 'Unlock time reached; confirming with the next block…',
    withdraw: 'Withdraw {{amount}} TLOS',
    nothing: 'Nothing to withdraw yet.',
    next_unlock: 'The next deposit unlocks in {{countdown}}.',
  },
  countdown_days_one: '{{count}} day {{clock}}',
  countdown_days_other: '{{count}} days {{clock}}',
  connect_title: 'Connect your wallet to stake',
  viewer_note:
    'You are viewing this address read-only, so the figures are shown but nothing can be signed. To stake, unstake or withdraw, disconnect from the account menu and connect the wallet that holds this address.',
  not_connected_note:
    'Your wallet is not connected in this tab yet. If it does not reconnect in a moment, disconnect from the account menu and connect it again from the home page.',
  go_home: 'Go to the home page',
  error_stakes_failed: 'Staking failed: {{cause}}',
  error_unstakes_failed: 'Unstaking failed: {{cause}}',
  error_withdraw_failed: 'Withdrawing failed: {{cause}}',
  success_stake: 'TLOS staked',
  success_unstake: 'STLOS unstaked; the TLOS is locked in the escrow',
  success_withdraw: 'Unlocked TLOS withdrawn',
};

export function registerStakingTexts(): void {
  if (!i18n.exists('staking.title')) i18n.addResourceBundle(DEFAULT_LANGUAGE, 'translation', { staking: stakingEn }, true, false);
}
