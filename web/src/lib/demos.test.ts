import { describe, expect, it } from 'vitest';
import { demoByPath, DEMOS } from './demos';

describe('demos', () => {
  it('lists the six demos of the spec', () => {
    expect(DEMOS.map((demo) => demo.path)).toEqual(['inputs', 'send-errors', 'notif', 'nfts', 'scrollable-cards', 'indexer']);
  });

  it('finds a demo by its path segment', () => {
    expect(demoByPath('notif')?.title).toBe('Notifications');
    expect(demoByPath('unknown')).toBeNull();
  });
});
