/**
 * English texts of the Wrap TLOS screen (keys `wrap.*`), added to i18next when
 * /evm/wrap loads ({@link registerWrapTexts}) so no other screen downloads them;
 * their type is part of `Resources`, so keys stay checked.
 */
import { DEFAULT_LANGUAGE, i18n } from './i18n';

export const wrapEn = {
  title: 'Wrap TLOS',
  lead: 'Wrap TLOS into WTLOS one to one, for apps that need TLOS as an ERC-20 token, and unwrap WTLOS back into TLOS whenever you like.',
  direction: 'What do you want to do?',
  direction_wrap: 'Wrap TLOS into WTLOS',
  direction_unwrap: 'Unwrap WTLOS into TLOS',
  balances_title: 'Your balances',
  balances_loading: 'Loading your balances…',
  balances_failed: 'Your balances could not be loaded.',
  amount: 'Amount ({{symbol}})',
  available: 'Available: {{amount}} {{symbol}}',
  max: 'Max',
  max_working: 'Working out the network fee…',
  amount_positive: 'Enter an amount greater than zero',
  fee_room: 'Leave some TLOS for the network fee: you can wrap at most {{amount}} TLOS',
  fee_not_covered: 'Your TLOS balance does not cover the network fee. Add TLOS to this address first.',
  max_failed: 'The network fee could not be worked out: {{cause}}',
  after_title: 'Your balances after this transaction',
  after_fee_note: 'TLOS also pays the network fee; the review shows it before you confirm.',
  after_with_fee: 'The estimated network fee is included.',
  review: 'Review',
  error_not_supported_native: 'Wrap/unwrap not supported on the native chain',
  go_home: 'Go to the home page',
  no_wrapped_token: 'This network has no wrapped token (WTLOS) configured, so there is nothing to wrap into. Ask the server’s operator to set one.',
  connect_title: 'Connect your wallet to wrap or unwrap',
  viewer_note:
    'You are viewing this address read-only, so the figures are shown but nothing can be signed. To wrap or unwrap, disconnect from the account menu and connect the wallet that holds this address.',
  not_connected_note:
    'Your wallet is not connected in this tab yet. If it does not reconnect in a moment, disconnect from the account menu and connect it again from the home page.',
  error_wrap_failed: 'Wrapping failed: {{cause}}',
  error_unwrap_failed: 'Unwrapping failed: {{cause}}',
  success_wrap: 'TLOS wrapped into WTLOS',
  success_unwrap: 'WTLOS unwrapped into TLOS',
};

export function registerWrapTexts(): void {
  if (!i18n.exists('wrap.title')) i18n.addResourceBundle(DEFAULT_LANGUAGE, 'translation', { wrap: wrapEn }, true, false);
}
