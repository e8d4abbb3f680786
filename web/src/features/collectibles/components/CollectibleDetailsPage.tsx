import { ROADMAP } from '../../../lib/roadmap';
import { ComingSoonPanel } from '../../../lib/ui/ComingSoonPanel';

export function CollectibleDetailsPage() {
  return (
    <ComingSoonPanel
      capability={{ ...ROADMAP.collectibles, title: 'Collectible details' }}
      plans={[
        'Show one collectible: media, attributes, owner and collection. Anyone can open this page.',
        'Let its owner transfer it to another address.',
      ]}
    />
  );
}
