import { describe, expect, it } from 'vitest';
import { registerCollectiblesTexts } from './collectibles';
import { i18n, translate } from './i18n';

describe('collectibles texts', () => {
  it('are added on demand, once, with the spec §8 transfer failure wrapping its cause', () => {
    expect(i18n.exists('collectibles.inventory.title')).toBe(false);
    registerCollectiblesTexts();
    registerCollectiblesTexts();
    expect(translate('collectibles.inventory.title')).toBe('Digital collectibles');
    expect(translate('collectibles.error_transfer_nft', { cause: 'You rejected the transaction' })).toBe(
      'The collectible could not be transferred: You rejected the transaction',
    );
    expect(translate('collectibles.inventory.count', { count: 1 })).toBe('1 collectible');
    expect(translate('collectibles.inventory.count', { count: 6 })).toBe('6 collectibles');
  });
});
