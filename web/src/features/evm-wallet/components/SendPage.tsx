import { ROADMAP } from '../../../lib/roadmap';
import { ComingSoonPanel } from '../../../lib/ui/ComingSoonPanel';

export function SendPage() {
  return (
    <ComingSoonPanel
      capability={ROADMAP.evmSend}
      plans={[
        'Pick a token, enter a recipient and an exact amount.',
        'Check the address and the amount against your balance before you sign.',
        'Sign in your own wallet and follow the transaction until it is confirmed.',
      ]}
    />
  );
}
