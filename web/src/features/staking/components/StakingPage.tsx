import { ROADMAP } from '../../../lib/roadmap';
import { ComingSoonPanel } from '../../../lib/ui/ComingSoonPanel';

export function StakingPage() {
  return (
    <ComingSoonPanel
      capability={ROADMAP.staking}
      plans={[
        'Stake TLOS and receive sTLOS, with the current APY and the TLOS each sTLOS is worth.',
        'Unstake sTLOS; the TLOS stays locked in escrow for the unlock period.',
        'Withdraw unlocked TLOS and see what is still locked and until when.',
      ]}
    />
  );
}
