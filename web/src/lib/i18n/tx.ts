/**
 * English texts of EVM transactions and wallet connection (keys `tx.*`), shared by
 * every screen that writes to the chain. Registered when the first such screen
 * loads (registerTxTexts), so the home page's bundle does not carry them.
 */
import { DEFAULT_LANGUAGE, i18n } from './i18n';

export const txEn = {
  review_title: 'Review the transaction',
  review_lead: 'Check what will happen, then confirm in your wallet.',
  what: 'What happens',
  to: 'Transaction addressed to',
  value: 'TLOS sent along',
  fee: 'Estimated fee',
  fee_fiat: '≈ {{fiat}}',
  fee_no_price: 'no current price',
  confirm: 'Confirm in wallet',
  cancel: 'Cancel',
  close: 'Close',
  preparing: 'Preparing the transaction…',
  signing: 'Confirm the transaction in your wallet…',
  pending: 'Sent. Waiting for the network to confirm it…',
  confirmed: 'Confirmed in block {{block}}.',
  confirmed_toast: 'Transaction confirmed',
  see_transaction: 'See Transaction',
  hash: 'Transaction {{hash}}',
  reverted: 'The transaction failed on chain (reverted). Nothing was moved except the fee.',
  failed_title: 'The transaction did not go through',
  try_again: 'Try again',
  no_signer: 'No wallet is connected that can sign. Connect your wallet and try again.',
  viewer_cannot_sign: 'You are viewing this account read-only. Connect its wallet to make transactions.',
  connect_wallet: 'Connect Wallet',
  prepare_failed: 'The transaction could not be prepared: {{cause}}',
  warning: 'Check before you confirm',
  wrong_chain:
    'Your wallet is now on another network (chain id {{chain}}). Switch it back to chain id {{expected}} to sign this transaction: nothing is signed on the wrong network.',
  /** The review's sentence of what the transaction does (lib/evm-wallet/effectText.ts). */
  effect: {
    send: 'Send {{amount}} {{symbol}} to {{to}}',
    nft: 'Send {{collection}} #{{id}} to {{to}}',
    nft_quantity: 'Send {{quantity}} × {{collection}} #{{id}} to {{to}}',
    wrap: 'Wrap {{amount}} {{symbol}} into {{wrapped}}',
    unwrap: 'Unwrap {{amount}} {{wrapped}} into {{symbol}}',
    stake: 'Stake {{amount}} {{symbol}} for about {{shares}} {{staked}}',
    unstake: 'Unstake {{amount}} {{symbol}}; it stays locked for {{period}} before you can withdraw it',
    withdraw: 'Withdraw {{amount}} {{symbol}} of unlocked stake',
    approve: 'Allow {{spender}} to spend {{amount}} {{symbol}}',
    approve_unlimited: 'Allow {{spender}} to spend unlimited {{symbol}}',
    revoke_allowance: "Revoke {{spender}}'s allowance to spend {{symbol}}",
    revoke_nft: "Remove {{spender}}'s approval for {{collection}} #{{id}}",
    revoke_operator: "Remove {{spender}}'s approval for all of {{collection}}",
  },
  wrong_chain_unknown:
    'Your wallet reported a network Tandem cannot read. Switch it back to chain id {{expected}} to sign this transaction: nothing is signed on the wrong network.',
  dev_wallet: {
    title: 'Development wallet',
    lead: 'Sign this transaction with the devnet key of {{address}}?',
    to: 'To',
    new_contract: 'New contract',
    value: 'Value',
    gas: 'Gas limit',
    data: 'Data',
    sign: 'Sign',
    reject: 'Reject',
  },
};

export function registerTxTexts(): void {
  if (!i18n.exists('tx.review_title')) i18n.addResourceBundle(DEFAULT_LANGUAGE, 'translation', { tx: txEn }, true, false);
}
