import { ROADMAP } from '../../../lib/roadmap';
import { ComingSoonPanel } from '../../../lib/ui/ComingSoonPanel';

export function CollectibleInventoryPage() {
  return (
    <ComingSoonPanel
      capability={ROADMAP.collectibles}
      plans={[
        'Show your ERC-721 and ERC-1155 collectibles with their media, grouped by collection.',
        'Filter by collection and search by name.',
      ]}
    />
  );
}
