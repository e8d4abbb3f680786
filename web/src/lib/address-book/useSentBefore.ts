import { useSentTo } from '../api/evm/sentTo';
import { typedAddress } from './model';
import type { ChainHistory, PoisoningSigns } from './RecipientAssist';

/**
 * What `account`'s EVM history on the chain says of the recipient typed so far (for
 * RecipientAssist's first-send note): asked once the text is a whole address. A search
 * that stopped before the oldest transaction cannot say "never".
 */
export function useEvmSentBefore(network: string, account: string | null, typed: string): ChainHistory {
  const recipient = typedAddress('evm', typed);
  const query = useSentTo(network, account, recipient);
  if (recipient === null || account === null || query.isError) return 'unknown';
  if (query.data === undefined) return 'loading';
  if (query.data.sent) return 'sent';
  return query.data.complete ? 'not_sent' : 'unknown';
}

/**
 * What the same answer says of address poisoning (issue 37): a paid address the typed one
 * imitates, and whether it was only ever met in rows marked as poisoning; `null` until known.
 */
export function useEvmPoisoningSigns(network: string, account: string | null, typed: string): PoisoningSigns | null {
  const recipient = typedAddress('evm', typed);
  const query = useSentTo(network, account, recipient);
  if (recipient === null || account === null || query.data === undefined) return null;
  return { imitates: query.data.imitates ?? null, onlyInPoisoning: query.data.onlyInPoisoning };
}
