import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { requiresAuth } from './guards/model/redirect';
import { routes } from './routes';

/** The screens below /evm, as the router knows them (the index route is /evm itself). */
function evmScreens(): string[] {
  const evm = routes[0]?.children?.find((route: RouteObject) => route.path === 'evm');
  if (evm?.children === undefined) throw new Error('the route table has no evm area');
  return evm.children.map((route) => (route.index === true ? '/evm' : `/evm/${route.path ?? ''}`));
}

describe('the guard and the route table', () => {
  it('asks for a session on every EVM screen but the two public ones, so a new screen cannot slip in open', () => {
    const open = evmScreens().filter((path) => !requiresAuth(path.replace(':hash', `0x${'ab'.repeat(32)}`)));
    expect(open).toEqual(['/evm/tx/:hash', '/evm/collectible-details']);
  });
});
