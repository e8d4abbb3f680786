import { ROADMAP } from '../../../lib/roadmap';
import { ComingSoonPanel } from '../../../lib/ui/ComingSoonPanel';

export function ReceivePage() {
  return (
    <ComingSoonPanel
      capability={ROADMAP.evmReceive}
      plans={['Show your address as text and as a QR code.', 'Copy the address in one click.']}
    />
  );
}
