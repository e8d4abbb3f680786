/**
 * English texts, the reference language: every key exists here first. Keys that
 * are stable error codes (validation.*, antelope.*) are the ones the Rust side
 * reports as API `code`, so server and browser errors share one text.
 * Interpolation is i18next's `{{name}}`; `_one` / `_other` are plural forms of `count`.
 */
import type { allowancesEn } from './allowances';
import type { collectiblesEn } from './collectibles';
import type { evmEn } from './evm';
import type { evmScreenEn } from './evmScreen';
import type { moveEn } from './move';
import type { stakeEn } from './stake';
import type { stakingEn } from './staking';
import type { alarmEn, bookEn, historyExportEn, portfolioEn, scanEn } from './tools';
import type { txEn } from './tx';
import type { wrapEn } from './wrap';
import type { zeroEn } from './zero';

export const en = {
  validation: {
    amount_required: 'Amount required',
    invalid_number_format: 'Invalid number format',
    negative_amount: 'The amount cannot be negative',
    too_many_decimals_one: 'You can only enter {{count}} decimal place',
    too_many_decimals_other: 'You can only enter {{count}} decimal places',
    value_too_large: 'Value too large',
    unsupported_decimals: 'Tokens with {{decimals}} decimals are not supported',
    balance_too_low: 'Balance too low',
    amount_positive: 'The amount must be greater than zero',
    account_required: 'Account required',
    account_name_characters: 'An account name may only contain lowercase letters, digits 1 to 5 or a dot',
    account_name_length: 'An account name can have at most 12 characters',
    account_name_trailing_dot: 'An account name cannot end with a dot',
    account_name_basic: 'A basic account name must be exactly 12 lowercase letters and digits 1-5',
    invalid_checksum_address: 'Invalid checksum address',
    invalid_hash: 'Not a transaction hash: it is 0x followed by 64 hexadecimal characters (0–9, a–f)',
    address_lowercase: 'Address is lowercase, verify it',
    recipient_zero_address: 'This is the zero address: whatever is sent there can never be moved again.',
    recipient_token_contract: 'This is the token’s own contract, not a person’s account: what is sent there is usually lost.',
    recipient_contract: 'This address is a contract. Tokens sent to it are lost unless it was built to receive them.',
    recipient_other_token_contract:
      'This is a token’s contract, not a person’s account: whatever is sent there is usually lost. Check that you copied the recipient’s address, not a token’s.',
  },
  antelope: {
    contracts: {
      error_address_required: 'Address required',
    },
    evm: {
      error_invalid_address: 'Invalid address',
      error_no_provider: 'No EVM wallet was found in this browser',
      error_switch_chain_rejected: 'You rejected the network switch',
      error_switch_chain: 'Your wallet could not switch to {{network}}',
      error_switch_chain_reason: 'Your wallet could not switch to {{network}}: {{reason}}',
      error_add_chain_rejected: 'You rejected adding {{network}} to your wallet',
      error_add_chain: 'Your wallet could not add {{network}}',
      error_add_chain_reason: 'Your wallet could not add {{network}}: {{reason}}',
      error_transaction_canceled: 'Transaction canceled',
      error_connect_rejected: 'You rejected the connection request',
      error_login: 'Your wallet could not log in. Unlock it and try again',
      error_no_account: 'Your wallet shared no account. Unlock it or add an account, then try again',
      error_multiple_providers:
        'Multiple wallet providers detected: several wallet extensions compete for this page. Disable all but one in your browser’s extensions, then reload',
      error_builtin_wallet_disabled:
        'Brave’s built-in wallet must be enabled: in Brave’s settings, under Web3, choose Brave Wallet as the default Ethereum wallet, then reload this page. Or install a wallet extension such as MetaMask.',
      error_auto_login: 'Your wallet could not reconnect. Connect it again to make transactions',
      error_connection_service: 'The connection service could not be reached. Check your internet connection, then try again.',
      error_send_transaction: 'Your wallet could not send the transaction: {{cause}}',
      error_getting_function_interface: 'The function this transaction calls could not be identified.',
      error_getting_event_interface: 'An event of this transaction could not be identified.',
      error_support_provider_request: 'Your wallet cannot add tokens. Add {{symbol}} in the wallet itself with its contract address.',
      error_watch_asset: 'Your wallet could not add {{symbol}}',
      token_added: '{{symbol}} was added to your wallet',
      token_add_declined: 'Your wallet did not add {{symbol}}',
      error_connection_expired: 'The connection request expired before your wallet answered. Start again and scan the new code.',
    },
    chain: {
      error_settings_not_found: 'This server has incomplete settings for {{network}}',
      error_update_data: 'The latest data of {{network}} could not be read. The figures shown may be out of date; try again in a moment.',
      error_apy: 'The staking reward rate could not be read right now.',
      error_token_list: 'The list of known tokens could not be loaded, so some tokens show without their name or logo.',
    },
    camera: {
      error_access: 'Allow this page to use the camera to scan a code, then try again.',
      error_no_device: 'No camera was found on this device.',
      error_not_https: 'The camera works only on a secure (https) page.',
      error_in_use: 'The camera is in use by another app. Close it, then try again.',
      error_other: 'The camera could not be started.',
    },
  },
  wallet: {
    error: {
      CALL_EXCEPTION: 'The contract rejected this transaction: it would fail on chain',
      INSUFFICIENT_FUNDS: "You don't have enough funds to complete this transaction",
      MISSING_NEW: 'The wallet connection was set up incorrectly. Please reload the page and try again',
      NONCE_EXPIRED: 'The nonce used for this transaction is too low',
      NUMERIC_FAULT: 'A number in this transaction is out of range',
      REPLACEMENT_UNDERPRICED: 'The fee is too low to replace the pending transaction',
      TRANSACTION_REPLACED: 'This transaction was replaced by another one with the same nonce',
      UNPREDICTABLE_GAS_LIMIT: 'The gas for this transaction could not be estimated: it would probably fail',
      USER_REJECTED: 'You rejected the transaction',
      ACTION_REJECTED: 'You canceled the action',
      UNKNOWN_CHAIN: 'Your wallet does not know this network yet',
      INTERNAL_ERROR: 'Your wallet reported an internal error',
      general: 'Your EVM wallet reported an error. Please try again',
    },
  },
  network: {
    switched: 'Switched to {{network}}',
    switched_as: 'Switched to {{network}}, connected as {{account}}',
    chooser_label: 'EVM network',
    chooser_busy: 'Asking your wallet to switch…',
    testnet: 'test network',
    devnet: 'local devnet',
    wrong_chain: 'Your wallet switched to {{chain}} on its own. Tandem still shows {{network}}, and nothing can be signed until the two match.',
    wrong_chain_unknown: 'Your wallet reported a network Tandem cannot read. Tandem still shows {{network}}, and nothing can be signed until the two match.',
    chain_id: 'chain id {{chainId}}',
    switch_back: 'Switch the wallet back to {{network}}',
    follow: 'Show {{network}} instead',
  },
  notify: {
    region: 'Notifications',
    title: {
      error: 'ooops',
      warning: 'Warning!',
      success: 'Success',
      copied: 'Copied',
      info: 'Info',
    },
    see_details: 'See Details',
    hide_details: 'Hide Details',
    see_transaction: 'See Transaction',
    dismiss: 'Dismiss notification',
    repeated: '×{{count}}',
    cancelled_transaction: 'Cancelled transaction',
    out_of_sync: 'The data source of {{network}} is behind or not answering: data may be out of sync.',
    offline_title: 'No Internet connection',
    offline_message:
      "We're sorry, it looks like you're not connected to the internet. Please check your network connection and try again.",
  },
  qr: {
    loading: 'Drawing the QR code…',
  },
  fresh: {
    updating: 'Updating your balances after the transaction…',
    review_waits: 'The review opens once your balances include your last transaction.',
  },
  copy: {
    button_value: 'Copy {{what}} {{value}}',
    copied: 'Copied',
    copied_toast: '{{what}} copied',
    failed: 'Could not copy: clipboard access was refused. Select the text and copy it by hand.',
    what_address: 'address',
    what_hash: 'transaction hash',
    what_transaction_id: 'transaction id',
    what_token_id: 'token id',
    what_data: 'call data',
  },
  coverage: {
    // A no-break space keeps the figure and its sign together on narrow screens.
    filling: 'Reading this account’s earlier activity: {{percent}}\u00a0%',
    filling_label: 'Reading this account’s earlier activity',
    partial: 'Until it is read, older tokens and activity may be missing here.',
    failed: 'Reading this account’s earlier activity failed: {{error}}',
    retry_in_one: 'Trying again in {{count}} second.',
    retry_in_other: 'Trying again in {{count}} seconds.',
    retry_now: 'Trying again now…',
    missing_sent: 'Transactions this account sent before block {{block}} may be missing: the node keeps no history of nonces that old.',
    missing_received: 'TLOS this account received before block {{block}} may be missing: the node keeps no history of balances that old.',
    missing_other_no_state: 'Other changes of this account’s TLOS balance before block {{block}} may be missing: the node keeps no history of balances that old.',
    missing_other_inside_call: 'Other changes of this account’s TLOS balance before block {{block}} may be missing: one moved it inside someone else’s call, which this node cannot show.',
    lag_balances: 'Balances are {{behind}} behind the chain.',
    lag_history: 'History is {{behind}} behind the chain.',
    lag_collectibles: 'Collectibles are {{behind}} behind the chain.',
    lag_approvals: 'Approvals are {{behind}} behind the chain.',
  },
  /** Spans of time in words, with plural forms (spec §9 units): staking's lock period, the own index's lag. */
  duration: {
    second_one: '{{count}} second',
    second_other: '{{count}} seconds',
    minute_one: '{{count}} minute',
    minute_other: '{{count}} minutes',
    hour_one: '{{count}} hour',
    hour_other: '{{count}} hours',
    day_one: '{{count}} day',
    day_other: '{{count}} days',
    week_one: '{{count}} week',
    week_other: '{{count}} weeks',
    month_one: '{{count}} month',
    month_other: '{{count}} months',
    year_one: '{{count}} year',
    year_other: '{{count}} years',
  },
  /** Staking yield measured from a share price at past blocks (ADR 0039), on the Staking and Telos Zero screens. */
  yield: {
    loading: 'Measuring what staking returned…',
    failed: 'What staking returned could not be measured.',
    window_one: 'Returned over the last {{count}} day',
    window_other: 'Returned over the last {{count}} days',
    // A no-break space keeps the figure and its sign together on narrow screens.
    annual: '{{percent}}\u00a0% a year',
    window_return: '({{percent}}\u00a0% from {{from}} to {{to}})',
    published: 'Network’s published figure',
    published_value: '{{percent}}\u00a0% a year (within {{tolerance}} point of the measured figure)',
    explained:
      'Measured from the change of {{measuredFrom}} over each window and scaled to a year without compounding. It is what staking returned, not a promise: future returns depend on the network’s use.',
    unavailable: {
      no_history_service: 'Not measured: this network has no history service to read past values from.',
      history_not_readable: 'Not measured: the network’s history could not be read, so no figure is shown.',
      chain_too_young: 'Not measured: the chain is younger than {{count}} days.',
      not_recorded: 'Not measured: the history service has no record from {{count}} days ago.',
      empty_pool: 'Not measured: nothing was staked at the start of the window.',
      not_deployed: 'Not measured: the staking contract did not exist {{count}} days ago.',
    },
  },
  amount: {
    exact: 'Exact: {{amount}}',
    rounded: '{{shown}} (exactly {{exact}}; tap to show every digit)',
  },
  state: {
    retry: 'Try again',
    next_server: 'The Tandem server did not answer. Check your connection, then try again.',
    next_network: 'The network’s node or data source did not answer. Try again in a moment; if it keeps failing, the service may be down.',
    next_retry: 'Try again; if it keeps failing, reload the page.',
  },
  session: {
    reconnect_after_update: 'Tandem was updated. Please reconnect your wallet.',
  },
  preferences: {
    open: 'Display preferences',
    title: 'Display preferences',
    lead: 'How amounts are shown on every screen. Stored in this browser only.',
    currency: 'Fiat currency',
    currency_hint: 'Token values are converted with the prices this server reads. Where no price exists in this currency, values show as unavailable.',
    locale: 'Number format',
    locale_hint: 'Decimal and thousands separators, and where the currency sign goes. The texts stay in English.',
    preview: 'Preview',
    preview_value: '{{token}} TLOS ≈ {{fiat}}',
    close: 'Close',
  },
  home: {
    view_evm_label: 'EVM address',
    view_evm_submit: 'View',
    view_evm_detail: 'Any Telos EVM address, read-only',
    view_evm_no_network: 'This server serves no EVM network. Ask its operator to configure one.',
    evm_connect: 'Connect {{wallet}}',
    evm_connecting: 'Connecting {{wallet}}…',
    evm_injected_detail: 'Browser extension or built-in browser wallet',
    evm_no_wallet:
      'No browser wallet found. Install a wallet extension such as MetaMask, or open this page in your wallet app’s built-in browser.',
    evm_no_wallet_mobile:
      'No wallet found in this browser. On a phone, open this page in the built-in browser of your wallet app (MetaMask, SafePal, Trust Wallet…), where the wallet connects directly.',
    evm_walletconnect: 'Mobile and connection-protocol wallets',
    evm_walletconnect_detail: 'Scan a QR code with your phone',
    evm_walletconnect_connecting: 'Connecting a mobile wallet…',
    evm_walletconnect_checking: 'Checking whether this server offers it…',
    evm_walletconnect_off:
      'This server does not offer them. Use a browser wallet, or open this page in your wallet app’s built-in browser.',
    evm_walletconnect_config_failed: 'This server’s settings could not be loaded. Reload the page to try again.',
    wc_title: 'Connect a mobile wallet',
    wc_lead: 'Scan this code with a wallet app that supports the connection protocol (WalletConnect), then approve the connection in the app.',
    wc_preparing: 'Asking the connection service for a pairing code…',
    wc_qr: 'Pairing code for a wallet app',
    wc_qr_failed: 'The code could not be drawn. Copy the link instead and paste it into your wallet app.',
    wc_waiting: 'Waiting for your wallet to approve…',
    wc_copy: 'Copy link',
    wc_copied: 'Link copied',
    wc_copy_failed: 'The link could not be copied. Open it with the button instead, or scan the code.',
    wc_open: 'Open in wallet app',
    wc_cancel: 'Cancel',
    evm_dev_title: 'Development wallet (devnet only)',
    evm_dev_detail: 'Sign with a key of the local devnet',
    evm_dev_warning:
      'Only for the local devnet: its keys are public test keys. Never paste a key that holds real funds into any web page.',
    evm_dev_key: 'Devnet private key',
    evm_dev_key_invalid: 'A private key is 64 hexadecimal characters, optionally starting with 0x',
    evm_dev_connect: 'Connect',
    view_evm_networks_failed: 'The list of networks could not be loaded. Check that the Tandem server is running, then try again.',
  },
};

/** The texts' type; areas loaded on demand (`zero`, `evm`, `tx`, and each EVM screen's) add their texts when they load. */
export type Resources = typeof en & {
  readonly zero: typeof zeroEn;
  readonly move: typeof moveEn;
  readonly stake: typeof stakeEn;
  readonly evm: typeof evmEn;
  readonly evmScreen: typeof evmScreenEn;
  readonly tx: typeof txEn;
  readonly allowances: typeof allowancesEn;
  readonly collectibles: typeof collectiblesEn;
  readonly wrap: typeof wrapEn;
  readonly staking: typeof stakingEn;
  readonly book: typeof bookEn;
  readonly scan: typeof scanEn;
  readonly historyExport: typeof historyExportEn;
  readonly portfolio: typeof portfolioEn;
  readonly alarm: typeof alarmEn;
};
