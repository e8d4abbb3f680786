import { ROADMAP } from '../../../lib/roadmap';
import { ComingSoonPanel } from '../../../lib/ui/ComingSoonPanel';

export function ZeroBalancePage() {
  return (
    <ComingSoonPanel
      capability={ROADMAP.nativeWallet}
      plans={[
        'List the tokens of your Telos Zero account with their fiat value, system token first.',
        'Show liquid, staked and REX balances, and the resources your account can use.',
        'Show your native transaction history.',
        'Let the fee-sponsoring service pay resource costs after you confirm.',
      ]}
    />
  );
}
