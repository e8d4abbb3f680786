/**
 * English texts of the EVM wallet area (keys `evm.*`), added to i18next when
 * the /evm routes load ({@link registerEvmTexts}) so the home page never
 * downloads them; their type is part of `Resources`, so keys stay checked.
 */
import { DEFAULT_LANGUAGE, i18n } from './i18n';

export const evmEn = {
  wallet: {
    title: 'EVM wallet',
    lead: 'Balances with their fiat value, and the history of this address.',
    viewer: 'Read-only',
    tabs: 'Wallet sections',
    tab_balance: 'Balance',
    tab_history: 'History',
    network: 'Network: {{network}}',
    network_loading: 'Loading networks…',
    network_failed: 'The list of networks could not be loaded.',
    network_missing: 'This server serves no EVM network. Ask its operator to configure one.',
  },
  balances: {
    title: 'Balances',
    total: 'Total value',
    loading: 'Loading balances…',
    failed: 'Balances could not be loaded.',
    out_of_sync:
      'The data source of this network is behind or not answering; data may be out of sync. Tandem reads the chain directly meanwhile.',
    empty: 'This address holds no tokens yet.',
    token: 'Token',
    amount: 'Amount',
    price: 'Price',
    value: 'Value',
    no_price: 'No price',
    updating: 'Updating…',
  },
  chart: {
    title: '{{symbol}} price, last 24 hours',
    loading: 'Loading the price chart…',
    failed: 'The price chart could not be loaded.',
    unavailable: 'No price service answered, so there is no price to show right now.',
    draw_failed: 'The chart could not be drawn; the figures above are current.',
    line_label: 'Price line over the last 24 hours',
    day_change: '24 h change',
    volume: '24 h volume',
    market_cap: 'Market cap',
  },
  history: {
    title: 'History',
    loading: 'Loading the history…',
    failed: 'The history could not be loaded.',
    empty: 'No transactions yet.',
    rows_per_page: 'Rows per page',
    action: 'Action',
    counterparty: 'With',
    values: 'Values',
    gas: 'Fee',
    action_send: 'Send',
    action_receive: 'Receive',
    action_swap: 'Swap',
    action_contractCreation: 'Contract creation',
    failed_marker: 'Failed',
    direction_to: 'To',
    direction_from: 'From',
    created: 'New contract',
    nft: '{{quantity}} × {{name}} #{{id}}',
    paging: 'History pages',
    previous: 'Previous',
    next: 'Next',
    page: 'Page {{page}}',
  },
  receive: {
    title: 'Receive',
    lead: 'Send TLOS and tokens on {{network}} to this address. Tokens sent on another network do not arrive here.',
    address: 'Your address',
    qr: 'QR code of the address {{address}}',
    qr_loading: 'Drawing the QR code…',
    qr_failed: 'The QR code could not be drawn; copy the address instead.',
    copy: 'Copy address',
    copied: 'Copied',
    copied_toast: 'Address copied',
    copy_failed: 'Could not copy: clipboard access was refused. Select the address and copy it by hand.',
    no_account: 'No EVM account is connected.',
  },
  state: {
    retry: 'Try again',
    next_server: 'The Tandem server did not answer. Check your connection, then try again.',
    next_network: 'The network’s node or data source did not answer. Try again in a moment; if it keeps failing, the service may be down.',
    next_retry: 'Try again; if it keeps failing, reload the page.',
  },
};

export function registerEvmTexts(): void {
  if (!i18n.exists('evm.wallet.title')) i18n.addResourceBundle(DEFAULT_LANGUAGE, 'translation', { evm: evmEn }, true, false);
}
