import { ROADMAP } from '../../../lib/roadmap';
import { ComingSoonPanel } from '../../../lib/ui/ComingSoonPanel';

export function DappSearchPage() {
  return (
    <ComingSoonPanel
      capability={ROADMAP.dappSearch}
      plans={['Search apps of the Telos Zero ecosystem by name or category.', 'Open an app with your connected account.']}
    />
  );
}
