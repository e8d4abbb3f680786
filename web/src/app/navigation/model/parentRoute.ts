/** Child screens and the screen "back" leads to when there is no in-app history (spec §2). */

const PARENTS: Readonly<Record<string, { path: string; label: string }>> = {
  '/evm/send': { path: '/evm/wallet?tab=balance', label: 'Wallet' },
  '/evm/receive': { path: '/evm/wallet?tab=balance', label: 'Wallet' },
  '/evm/collectible-details': { path: '/evm/collectible-inventory', label: 'Digital Collectibles' },
};

export function parentRouteOf(path: string): { path: string; label: string } | null {
  return PARENTS[path.replace(/\/+$/, '')] ?? null;
}
