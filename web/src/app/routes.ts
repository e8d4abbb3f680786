import type { ParseKeys } from 'i18next';
import { redirect, type RouteObject } from 'react-router';
import { DEMOS, type DemoPath } from '../lib/demos';
import { withChunkTimeout } from '../lib/chunkLoad';
import { alwaysRevalidate, guardLoader } from './guards/guardLoader';
import { prefetchWalletReads } from './prefetch';
import { AppLayout } from './layout/AppLayout';
import { PageLoading } from './pages/PageLoading';
import type { EvmScreenHandle } from './layout/evmScreenHandle';
import type { PrerenderHandle } from './prerender/handle';
import { RouteErrorPage } from './pages/RouteErrorPage';

/** Screens that look the same for every visitor: the build pre-renders them in full (app/prerender). */
const page: PrerenderHandle = { prerender: 'page' };

/** Screens whose content is the visitor's own: the build pre-renders their frame with this title. */
function titled(title: ParseKeys): PrerenderHandle {
  return { title };
}

/** An /evm screen: its pre-rendered title, and what the /evm frame draws around it (layout/EvmLayout.tsx). */
function evmScreen(title: ParseKeys, screen: EvmScreenHandle): PrerenderHandle & EvmScreenHandle {
  return { title, ...screen };
}

/*
 * Every screen is its own chunk, loaded through the router's `lazy` so the
 * current page stays up (with the progress bar) until the next one is ready,
 * instead of flashing a Suspense fallback.
 */

/** Each demo shows the real components of the feature it exercises, so it loads from that feature. */
const DEMO_SCREENS: Record<DemoPath, () => Promise<Pick<RouteObject, 'Component'>>> = {
  inputs: async () => ({ Component: (await import('../features/demos/components/InputsDemo')).InputsDemo }),
  'send-errors': async () => ({ Component: (await import('../features/demos/components/SendErrorsDemo')).SendErrorsDemo }),
  notif: async () => ({ Component: (await import('../features/demos/components/NotificationsDemo')).NotificationsDemo }),
  nfts: async () => ({ Component: (await import('../features/collectibles/components/CollectiblesDemos')).NftCardsDemo }),
  'scrollable-cards': async () => ({
    Component: (await import('../features/collectibles/components/CollectiblesDemos')).ScrollableCardsDemo,
  }),
  indexer: async () => ({ Component: (await import('../features/evm-wallet/components/IndexerDemo')).IndexerDemo }),
};

const screens: RouteObject[] = [
  {
    id: 'root',
    Component: AppLayout,
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: PageLoading,
    loader: guardLoader,
    shouldRevalidate: alwaysRevalidate,
    children: [
      {
        index: true,
        handle: page,
        lazy: async () => ({ Component: (await import('../features/home/components/HomePage')).HomePage }),
      },
      {
        path: 'zero',
        lazy: async () => ({ Component: (await import('../features/zero/components/ZeroLayout')).ZeroLayout }),
        children: [
          { index: true, loader: () => redirect('/zero/balance') },
          {
            path: 'balance',
            handle: titled('zero.balance.title'),
            lazy: async () => ({ Component: (await import('../features/zero/components/ZeroBalancePage')).ZeroBalancePage }),
          },
          {
            path: 'stake',
            handle: titled('zero.nav.stake'),
            lazy: async () => ({ Component: (await import('../features/zero/components/StakePage')).StakePage }),
          },
          {
            path: 'vote',
            handle: titled('zero.nav.vote'),
            lazy: async () => ({ Component: (await import('../features/zero/components/StakePage')).VotePage }),
          },
          {
            path: 'dappsearch',
            handle: titled('zero.dapps.title'),
            lazy: async () => ({ Component: (await import('../features/zero/components/DappSearchPage')).DappSearchPage }),
          },
          {
            path: 'profile',
            handle: titled('zero.profile.page_title'),
            lazy: async () => ({ Component: (await import('../features/zero/components/ProfilePage')).ProfilePage }),
          },
          {
            path: 'create-account',
            handle: titled('zero.create.title'),
            lazy: async () => ({ Component: (await import('../features/zero/components/CreateAccountPage')).CreateAccountPage }),
          },
        ],
      },
      {
        path: 'evm',
        lazy: async () => ({ Component: (await import('./layout/EvmLayout')).EvmLayout }),
        children: [
          { index: true, loader: () => redirect('/evm/wallet?tab=balance') },
          {
            path: 'wallet',
            handle: { ...evmScreen('evm.wallet.title', { page: 'evm-wallet', needsAccount: true, showsAccount: true, networkLine: true, linkedNative: true }), preload: 'evm-wallet' },
            loader: prefetchWalletReads,
            lazy: async () => ({ Component: (await import('../features/evm-wallet/components/WalletPage')).WalletPage }),
          },
          {
            path: 'send',
            handle: evmScreen('evm.send.title', { page: 'evm-wallet evm-send', lead: 'evm.send.lead', needsAccount: true, showsAccount: true }),
            lazy: async () => ({ Component: (await import('../features/evm-wallet/components/SendPage')).SendPage }),
          },
          {
            path: 'tx/:hash',
            handle: evmScreen('evm.tx.title', { page: 'evm-wallet', lead: 'evm.tx.lead' }),
            lazy: async () => ({ Component: (await import('../features/evm-wallet/components/TransactionPage')).TransactionPage }),
          },
          {
            path: 'receive',
            handle: evmScreen('evm.receive.title', { page: 'evm-wallet', lead: 'evm.receive.lead', needsAccount: true }),
            lazy: async () => ({ Component: (await import('../features/evm-wallet/components/ReceivePage')).ReceivePage }),
          },
          {
            path: 'collectible-inventory',
            handle: evmScreen('collectibles.inventory.title', { page: 'nft-page', lead: 'collectibles.inventory.lead', needsAccount: true, showsAccount: true }),
            lazy: async () => ({
              Component: (await import('../features/collectibles/components/CollectibleInventoryPage'))
                .CollectibleInventoryPage,
            }),
          },
          {
            path: 'collectible-details',
            handle: evmScreen('collectibles.details.title', { page: 'nft-page', lead: 'collectibles.details.lead', networkFromLink: true, ownHeader: true }),
            lazy: async () => ({
              Component: (await import('../features/collectibles/components/CollectibleDetailsPage')).CollectibleDetailsPage,
            }),
          },
          {
            path: 'staking',
            handle: evmScreen('staking.title', { page: 'staking-page', lead: 'staking.lead', needsAccount: true, showsAccount: true, networkLine: true }),
            lazy: async () => ({ Component: (await import('../features/staking/components/StakingPage')).StakingPage }),
          },
          {
            path: 'wrap',
            handle: evmScreen('wrap.title', { page: 'wrap-page', lead: 'wrap.lead', needsAccount: true, showsAccount: true, networkLine: true }),
            lazy: async () => ({ Component: (await import('../features/wrap/components/WrapPage')).WrapPage }),
          },
          {
            path: 'allowances',
            handle: evmScreen('allowances.title', { page: 'allowances', lead: 'allowances.lead', needsAccount: true, showsAccount: true, networkLine: true }),
            lazy: async () => ({
              Component: (await import('../features/allowances/components/AllowancesPage')).AllowancesPage,
            }),
          },
        ],
      },
      {
        path: 'demos',
        children: [
          {
            index: true,
            handle: page,
            lazy: async () => ({ Component: (await import('../features/demos/components/DemosIndexPage')).DemosIndexPage }),
          },
          ...DEMOS.map(({ path }) => ({ path, lazy: DEMO_SCREENS[path] })),
        ],
      },
      { path: '*', handle: page, lazy: async () => ({ Component: (await import('./pages/NotFoundPage')).NotFoundPage }) },
    ],
  },
];

/** A route whose lazy chunk (and its children's) fails clearly when it errors or takes over 120 s (spec §9). */
function withChunkTimeouts(route: RouteObject): RouteObject {
  const { lazy, children } = route;
  const wrapped = typeof lazy === 'function' ? { lazy: () => withChunkTimeout(lazy) } : {};
  if (route.index === true) return { ...route, ...wrapped };
  return { ...route, ...wrapped, ...(children === undefined ? {} : { children: children.map(withChunkTimeouts) }) };
}

export const routes: RouteObject[] = screens.map(withChunkTimeouts);
