import { describe, expect, it, vi } from 'vitest';
import { checkAnswer } from '../../../lib/api/answerShape';
import { ApiError } from '../../../lib/api/client';
import { NftDetailsView, NftList } from '../../../lib/api/generated/answerShapes';
import { inventoryUrl } from './inventory';
import { refreshNftDetails } from './refresh';

const ART = '0x5FC8d32690cc91D4c39d9d3abcBD16989F875707';
const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

const parseNftList = (json: unknown) => checkAnswer(NftList, json);
const parseNftDetails = (json: unknown) => checkAnswer(NftDetailsView, json);

const ROW = {
  contractAddress: ART,
  contractPrettyName: 'Tandem Art',
  tokenId: '1',
  nftInterface: 'erc721',
  amount: '1',
  owner: ALICE,
  name: 'Sunrise',
  mediaType: 'image',
  imgSrc: 'https://a/sunrise.svg',
  attributes: [{ label: 'Palette', text: 'Warm' }],
  metadataStatus: 'ok',
};

describe('inventoryUrl', () => {
  it('sends paging always, the collection and search only when set', () => {
    expect(inventoryUrl({ network: 'telos-evm', address: ALICE, collection: null, search: null, offset: 0, limit: 24 })).toBe(
      `/api/v1/evm/telos-evm/accounts/${ALICE}/nfts?offset=0&limit=24`,
    );
    expect(inventoryUrl({ network: 'telos-evm', address: ALICE, collection: ART, search: 'sun rise', offset: 24, limit: 12 })).toBe(
      `/api/v1/evm/telos-evm/accounts/${ALICE}/nfts?offset=24&limit=12&collection=${ART}&search=sun+rise`,
    );
  });
});

describe('the NFT list answer', () => {
  it('accepts the server shape', () => {
    expect(parseNftList({ address: ALICE, total: 1, offset: 0, limit: 24, nfts: [ROW], source: 'ownIndex' }).nfts[0]?.name).toBe('Sunrise');
  });

  it('rejects rows the screens could not show', () => {
    expect(() => parseNftList({ address: ALICE, total: 1, offset: 0, limit: 24, nfts: [{ ...ROW, mediaType: 'hologram' }], source: 'ownIndex' })).toThrow(
      "nfts[0].mediaType 'hologram' is not one of",
    );
    expect(() => parseNftList({ address: ALICE, total: '1', offset: 0, limit: 24, nfts: [], source: 'ownIndex' })).toThrow('total is not a number');
  });
});

describe('the NFT details answer', () => {
  it('needs the approvals and reads owners as a map', () => {
    const details = parseNftDetails({ ...ROW, approvals: { approved: null, operators: [] }, owners: null });
    expect(details.approvals.operators).toEqual([]);
    expect(() => parseNftDetails(ROW)).toThrow('approvals is missing');
    expect(() => parseNftDetails({ ...ROW, approvals: { operators: [] }, owners: [] })).toThrow('owners is not a map');
  });
});

describe('refreshNftDetails', () => {
  it('POSTs to the refresh route and reads the fresh details', async () => {
    const fetchImpl = vi.fn<typeof fetch>(() =>
      Promise.resolve(new Response(JSON.stringify({ ...ROW, approvals: { operators: [] } }), { headers: { 'content-type': 'application/json' } })),
    );
    const fresh = await refreshNftDetails({ network: 'telos-evm', contract: ART, tokenId: '1' }, { fetchImpl });
    expect(fresh.name).toBe('Sunrise');
    const [url, init] = fetchImpl.mock.calls[0] ?? [];
    expect(url).toBe(`/api/v1/evm/telos-evm/nfts/${ART}/1/refresh`);
    expect(init?.method).toBe('POST');
  });

  it('passes the server error on', async () => {
    const fetchImpl = vi.fn<typeof fetch>(() =>
      Promise.resolve(
        new Response(JSON.stringify({ code: 'evm.nft_not_found', message: 'token 9 does not exist' }), {
          status: 404,
          headers: { 'content-type': 'application/json' },
        }),
      ),
    );
    await expect(refreshNftDetails({ network: 'telos-evm', contract: ART, tokenId: '9' }, { fetchImpl })).rejects.toBeInstanceOf(ApiError);
  });
});
