import type { Schemas } from '../../../lib/api/endpoints';

type Poisoning = Schemas['PoisoningView'];

/** The i18n key and values that say what a poisoned row is. */
export interface PoisoningMessage {
  readonly key:
    | 'evm.history.poison_zero_value_transfer_from'
    | 'evm.history.poison_lookalike_dust'
    | 'evm.history.poison_fake_token';
  readonly values: { readonly known: string };
}

/**
 * What a row marked as likely address poisoning is, in words; `null` for an ordinary row or
 * a reason this app does not know (a newer server's), which then shows as an ordinary row.
 */
export function poisoningMessage(poisoning: Poisoning | null, nameOf: (address: string) => string): PoisoningMessage | null {
  if (poisoning === null) return null;
  const known = poisoning.imitates == null ? '' : nameOf(poisoning.imitates);
  switch (poisoning.reason) {
    case 'zero_value_transfer_from':
      return { key: 'evm.history.poison_zero_value_transfer_from', values: { known } };
    case 'lookalike_dust':
      return { key: 'evm.history.poison_lookalike_dust', values: { known } };
    case 'fake_token':
      return { key: 'evm.history.poison_fake_token', values: { known } };
    default:
      return null;
  }
}
