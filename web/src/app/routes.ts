import { redirect, type RouteObject } from 'react-router';
import { DEMOS } from '../features/demos/model/demos';
import { alwaysRevalidate, guardLoader } from './guards/guardLoader';
import { AppLayout } from './layout/AppLayout';
import { PageLoading } from './pages/PageLoading';
import { RouteErrorPage } from './pages/RouteErrorPage';

/*
 * Every screen is its own chunk, loaded through the router's `lazy` so the
 * current page stays up (with the progress bar) until the next one is ready,
 * instead of flashing a Suspense fallback.
 */

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: AppLayout,
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: PageLoading,
    loader: guardLoader,
    shouldRevalidate: alwaysRevalidate,
    children: [
      { index: true, lazy: async () => ({ Component: (await import('../features/home/components/HomePage')).HomePage }) },
      {
        path: 'zero',
        lazy: async () => ({ Component: (await import('../features/zero/components/ZeroLayout')).ZeroLayout }),
        children: [
          { index: true, loader: () => redirect('/zero/balance') },
          {
            path: 'balance',
            lazy: async () => ({ Component: (await import('../features/zero/components/ZeroBalancePage')).ZeroBalancePage }),
          },
          {
            path: 'dappsearch',
            lazy: async () => ({ Component: (await import('../features/zero/components/DappSearchPage')).DappSearchPage }),
          },
          {
            path: 'profile',
            lazy: async () => ({ Component: (await import('../features/zero/components/ProfilePage')).ProfilePage }),
          },
        ],
      },
      {
        path: 'evm',
        children: [
          { index: true, loader: () => redirect('/evm/wallet?tab=balance') },
          {
            path: 'wallet',
            lazy: async () => ({ Component: (await import('../features/evm-wallet/components/WalletPage')).WalletPage }),
          },
          {
            path: 'send',
            lazy: async () => ({ Component: (await import('../features/evm-wallet/components/SendPage')).SendPage }),
          },
          {
            path: 'receive',
            lazy: async () => ({ Component: (await import('../features/evm-wallet/components/ReceivePage')).ReceivePage }),
          },
          {
            path: 'collectible-inventory',
            lazy: async () => ({
              Component: (await import('../features/collectibles/components/CollectibleInventoryPage'))
                .CollectibleInventoryPage,
            }),
          },
          {
            path: 'collectible-details',
            lazy: async () => ({
              Component: (await import('../features/collectibles/components/CollectibleDetailsPage')).CollectibleDetailsPage,
            }),
          },
          {
            path: 'staking',
            lazy: async () => ({ Component: (await import('../features/staking/components/StakingPage')).StakingPage }),
          },
          {
            path: 'wrap',
            lazy: async () => ({ Component: (await import('../features/wrap/components/WrapPage')).WrapPage }),
          },
          {
            path: 'allowances',
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
            lazy: async () => ({ Component: (await import('../features/demos/components/DemosIndexPage')).DemosIndexPage }),
          },
          ...DEMOS.map(({ path }) => ({
            path,
            lazy: async () => ({ Component: (await import('../features/demos/components/DemoPage')).DemoPage }),
          })),
        ],
      },
      { path: '*', lazy: async () => ({ Component: (await import('./pages/NotFoundPage')).NotFoundPage }) },
    ],
  },
];
