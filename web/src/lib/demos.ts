/** Developer demos (spec §2): only on development hosts, see the route guard. */

export type DemoPath = 'inputs' | 'send-errors' | 'notif' | 'nfts' | 'scrollable-cards' | 'indexer';

export interface Demo {
  path: DemoPath;
  title: string;
  purpose: string;
}

export const DEMOS: readonly Demo[] = [
  { path: 'inputs', title: 'Inputs', purpose: 'Address and amount inputs with every validation message.' },
  { path: 'send-errors', title: 'Send errors', purpose: 'Each error a send can end in, as the user will see it.' },
  { path: 'notif', title: 'Notifications', purpose: 'Success, neutral, warning and error notifications.' },
  { path: 'nfts', title: 'NFTs', purpose: 'Collectible cards with every kind of media and missing metadata.' },
  { path: 'scrollable-cards', title: 'Scrollable cards', purpose: 'Horizontally scrolling card lists on narrow screens.' },
  { path: 'indexer', title: 'Indexer', purpose: 'Indexer health and what the app does when it falls behind.' },
];

export function demoByPath(path: string): Demo | null {
  return DEMOS.find((demo) => demo.path === path) ?? null;
}
