import { describe, expect, it } from 'vitest';
import { addTokenToWallet, watchAssetParameters, watchOutcomeMessage, type WatchedToken } from './watchAsset';
import type { Eip1193Provider } from './provider';

const GEMS: WatchedToken = { address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', symbol: 'GEMS', decimals: 6, logo: '/assets/gems.svg' };
const ORIGIN = 'https://wallet.example.org';

function wallet(answer: () => unknown): { provider: Eip1193Provider; calls: unknown[] } {
  const calls: unknown[] = [];
  return {
    calls,
    provider: {
      request: (args) => {
        calls.push(args);
        try {
          return Promise.resolve(answer());
        } catch (error) {
          return Promise.reject(error instanceof Error ? error : new Error(String(error)));
        }
      },
    },
  };
}

const rpcError = (code: number) => Object.assign(new Error(`code ${String(code)}`), { code });

describe('watchAssetParameters', () => {
  it('gives the wallet the address, symbol, decimals and an absolute logo', () => {
    expect(watchAssetParameters(GEMS, ORIGIN)).toEqual({
      type: 'ERC20',
      options: { address: GEMS.address, symbol: 'GEMS', decimals: 6, image: 'https://wallet.example.org/assets/gems.svg' },
    });
    expect(watchAssetParameters({ ...GEMS, logo: 'https://cdn.example.org/g.png' }, ORIGIN).options).toMatchObject({ image: 'https://cdn.example.org/g.png' });
    expect(watchAssetParameters({ ...GEMS, logo: null }, ORIGIN).options).not.toHaveProperty('image');
  });
});

describe('addTokenToWallet', () => {
  it('sends wallet_watchAsset with the EIP-747 object and reads the answer', async () => {
    const added = wallet(() => true);
    expect(await addTokenToWallet(added.provider, GEMS, ORIGIN)).toEqual({ kind: 'added' });
    expect(added.calls).toEqual([{ method: 'wallet_watchAsset', params: watchAssetParameters(GEMS, ORIGIN) }]);
    expect(await addTokenToWallet(wallet(() => false).provider, GEMS, ORIGIN)).toEqual({ kind: 'declined' });
  });

  it('tells a refusal, a wallet without the method and other failures apart', async () => {
    const refuse = () => {
      throw rpcError(4001);
    };
    const unsupported = () => {
      throw rpcError(-32601);
    };
    const broken = () => {
      throw rpcError(-32000);
    };
    expect(await addTokenToWallet(wallet(refuse).provider, GEMS, ORIGIN)).toEqual({ kind: 'declined' });
    expect(await addTokenToWallet(wallet(unsupported).provider, GEMS, ORIGIN)).toEqual({ kind: 'unsupported' });
    expect(await addTokenToWallet(wallet(broken).provider, GEMS, ORIGIN)).toMatchObject({ kind: 'failed' });
  });
});

describe('watchOutcomeMessage', () => {
  it('confirms, stays neutral on a no, and explains a wallet that cannot', () => {
    expect(watchOutcomeMessage({ kind: 'added' }, 'GEMS')).toEqual({ kind: 'success', message: { key: 'antelope.evm.token_added', values: { symbol: 'GEMS' } } });
    expect(watchOutcomeMessage({ kind: 'declined' }, 'GEMS').kind).toBe('neutral');
    expect(watchOutcomeMessage({ kind: 'unsupported' }, 'GEMS').message).toMatchObject({ key: 'antelope.evm.error_support_provider_request' });
  });
});
