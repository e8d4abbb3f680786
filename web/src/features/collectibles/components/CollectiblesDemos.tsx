import { useTranslation } from 'react-i18next';
import { registerCollectiblesTexts } from '../../../lib/i18n/collectibles';
import { DemoCase, DemoFrame } from '../../../lib/ui/DemoFrame';
import { demoCollectibles } from '../model/demoSamples';
import { InventoryResults } from './InventoryResults';
import './collectibles.css';

registerCollectiblesTexts();

const DEMO_NETWORK = 'telos-evm-devnet';

/** /demos/nfts: the inventory's real cards and rows for each media kind and each fallback. */
export function NftCardsDemo() {
  const nfts = demoCollectibles();
  return (
    <DemoFrame path="nfts">
      <DemoCase title="Grid">
        <InventoryResults nfts={nfts} view="grid" network={DEMO_NETWORK} />
      </DemoCase>
      <DemoCase title="List">
        <InventoryResults nfts={nfts} view="list" network={DEMO_NETWORK} />
      </DemoCase>
    </DemoFrame>
  );
}

/**
 * /demos/scrollable-cards: the same cards in one row that scrolls sideways (by
 * touch, wheel or keyboard: the row takes the focus), the way a narrow screen
 * shows a list it cannot wrap.
 */
export function ScrollableCardsDemo() {
  const { t } = useTranslation();
  const nfts = demoCollectibles();
  return (
    <DemoFrame path="scrollable-cards">
      <DemoCase title="One row, scrolled sideways">
        {/* A scrolling region needs the focus, so keyboard users can scroll it too. */}
        <div className="nft-strip" role="region" aria-label={t('collectibles.inventory.results')} tabIndex={0}>
          <InventoryResults nfts={nfts} view="grid" network={DEMO_NETWORK} />
        </div>
      </DemoCase>
    </DemoFrame>
  );
}
