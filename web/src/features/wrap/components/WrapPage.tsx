import { ROADMAP } from '../../../lib/roadmap';
import { ComingSoonPanel } from '../../../lib/ui/ComingSoonPanel';

export function WrapPage() {
  return (
    <ComingSoonPanel
      capability={ROADMAP.wrap}
      plans={['Wrap TLOS into WTLOS one to one, for apps that need an ERC-20.', 'Unwrap WTLOS back into TLOS.']}
    />
  );
}
