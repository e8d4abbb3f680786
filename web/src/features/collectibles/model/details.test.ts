import { describe, expect, it } from 'vitest';
import {
  approvalRows,
  detailsHref,
  explorerAddressUrl,
  explorerBlockUrl,
  heldBy,
  ownerRows,
  parseDetailsParams,
} from './details';

const ART = '0x5FC8d32690cc91D4c39d9d3abcBD16989F875707';
const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const BOB = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const CAROL = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';

describe('parseDetailsParams', () => {
  it('reads the contract (checksummed), the decimal id and an optional network', () => {
    expect(parseDetailsParams(new URLSearchParams({ contract: ART.toLowerCase(), id: '007' }))).toEqual({
      kind: 'ok',
      contract: ART,
      tokenId: '7',
      network: null,
    });
    expect(parseDetailsParams(new URLSearchParams({ contract: ART, id: '1', network: 'telos-evm' }))).toMatchObject({ network: 'telos-evm' });
  });

  it('says when the link names no collectible', () => {
    expect(parseDetailsParams(new URLSearchParams())).toEqual({ kind: 'missing' });
  });

  it('names the part of the link that is wrong', () => {
    expect(parseDetailsParams(new URLSearchParams({ contract: '0x1234', id: '1' }))).toEqual({ kind: 'invalid', field: 'contract' });
    expect(parseDetailsParams(new URLSearchParams({ contract: ART.replace('F', 'f'), id: '1' }))).toEqual({ kind: 'invalid', field: 'contract' });
    expect(parseDetailsParams(new URLSearchParams({ contract: ART }))).toEqual({ kind: 'invalid', field: 'id' });
    expect(parseDetailsParams(new URLSearchParams({ contract: ART, id: '-1' }))).toEqual({ kind: 'invalid', field: 'id' });
    expect(parseDetailsParams(new URLSearchParams({ contract: ART, id: '0x10' }))).toEqual({ kind: 'invalid', field: 'id' });
    expect(parseDetailsParams(new URLSearchParams({ contract: ART, id: (1n << 256n).toString() }))).toEqual({ kind: 'invalid', field: 'id' });
  });

  it('round-trips with detailsHref', () => {
    const href = detailsHref(ART, '3', 'telos-evm-devnet');
    expect(href).toBe(`/evm/collectible-details?contract=${ART}&id=3&network=telos-evm-devnet`);
    expect(parseDetailsParams(new URL(href, 'http://x').searchParams)).toEqual({ kind: 'ok', contract: ART, tokenId: '3', network: 'telos-evm-devnet' });
  });
});

describe('ownerRows and heldBy', () => {
  it('gives an ERC-721 its one owner and marks the account', () => {
    const nft = { nftInterface: 'erc721' as const, owner: ALICE };
    expect(ownerRows(nft, ALICE.toLowerCase())).toEqual([{ address: ALICE, amount: '1', isYou: true }]);
    expect(heldBy(nft, ALICE)).toBe(1n);
    expect(heldBy(nft, BOB)).toBe(0n);
    expect(heldBy(nft, null)).toBe(0n);
    expect(ownerRows({ nftInterface: 'erc721', owner: null }, ALICE)).toEqual([]);
  });

  it('lists ERC-1155 holders largest first, skipping zero amounts', () => {
    const nft = { nftInterface: 'erc1155' as const, owner: BOB, owners: { [BOB]: '5', [ALICE]: '8', [CAROL]: '0' } };
    expect(ownerRows(nft, BOB)).toEqual([
      { address: ALICE, amount: '8', isYou: false },
      { address: BOB, amount: '5', isYou: true },
    ]);
    expect(heldBy(nft, BOB)).toBe(5n);
    expect(heldBy(nft, CAROL)).toBe(0n);
  });
});

describe('approvalRows', () => {
  it('names the approved address first, then each owner operator once', () => {
    const rows = approvalRows({
      approvals: {
        approved: BOB,
        operators: [
          { owner: ALICE, operator: CAROL },
          { owner: ALICE.toLowerCase(), operator: CAROL.toLowerCase() },
        ],
      },
    });
    expect(rows).toEqual([
      { kind: 'approved', spender: BOB },
      { kind: 'operator', owner: ALICE, spender: CAROL },
    ]);
  });

  it('is empty when only the owners can move it', () => {
    expect(approvalRows({ approvals: { approved: null, operators: [] } })).toEqual([]);
    expect(approvalRows({ approvals: { approved: `0x${'0'.repeat(40)}`, operators: [] } })).toEqual([]);
  });
});

describe('explorer links', () => {
  it('are built only when the network has an explorer', () => {
    expect(explorerAddressUrl('https://teloscan.io/', ART)).toBe(`https://teloscan.io/address/${ART}`);
    expect(explorerBlockUrl('https://teloscan.io', 33)).toBe('https://teloscan.io/block/33');
    expect(explorerAddressUrl(null, ART)).toBeNull();
    expect(explorerBlockUrl('  ', 1)).toBeNull();
  });
});
