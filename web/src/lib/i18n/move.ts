/**
 * English texts of moving TLOS between Telos Zero and Telos EVM (keys `move.*`, ADR 0035),
 * added to i18next with the /zero area ({@link registerMoveTexts}).
 */
import { DEFAULT_LANGUAGE, i18n } from './i18n';

export const moveEn = {
  error_zero_address: 'This is the zero address: TLOS sent there can never be moved again.',
  error_reserved_address: 'This address stands for the Telos Zero account {{account}}. To pay {{account}}, move the TLOS to Telos Zero instead.',
  error_no_evm_session: 'Connect the EVM wallet the TLOS leaves from first.',
  error_amount_zero: 'Enter an amount greater than zero',
};

export function registerMoveTexts(): void {
  if (!i18n.exists('move.error_amount_zero')) i18n.addResourceBundle(DEFAULT_LANGUAGE, 'translation', { move: moveEn }, true, false);
}
