/**
 * English texts of the /evm frame (keys `evmScreen.*`): what every EVM screen says about
 * its network and account, in one place (app/layout/EvmLayout.tsx draws them). Added to
 * i18next when the frame loads ({@link registerEvmScreenTexts}), so the home page never
 * downloads them; their type is part of `Resources`, so keys stay checked.
 */
import { DEFAULT_LANGUAGE, i18n } from './i18n';

export const evmScreenEn = {
  viewer: 'Read-only',
  network: 'Network: {{network}}',
  network_loading: 'Loading networks…',
  network_failed: 'The list of networks could not be loaded.',
  network_missing: 'This server serves no EVM network. Ask its operator to configure one.',
  no_account: 'No EVM account is signed in. Connect your wallet or view an address to see this screen.',
  sign_in: 'Sign in',
  linked_native: 'Linked Telos Zero account:',
  open_native: 'Open in Telos Zero',
  linked_keyless: 'keyless: only {{account}} can move its TLOS — never use it to receive from another network or an exchange',
};

export function registerEvmScreenTexts(): void {
  if (!i18n.exists('evmScreen.viewer')) i18n.addResourceBundle(DEFAULT_LANGUAGE, 'translation', { evmScreen: evmScreenEn }, true, false);
}
