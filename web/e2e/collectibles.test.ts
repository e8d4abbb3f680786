/**
 * Digital Collectibles against the real stack: the inventory and details pages read
 * tandem-server, which reads the local anvil devnet; transfers are signed with the
 * development wallet and checked on chain (ownerOf, balanceOf).
 *
 * Shared devnet: the writes here are carol's (her seeded ART and ITEMS go to dave),
 * so alice's seeded balances and history, which evm-wallet.test.ts asserts, stay as
 * they were, and no seeded approval is touched. Every amount is asserted relative to
 * a chain read taken just before the action.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { createWalletClient, http, parseAbi, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { launchBrowser, inPage } from './browser';
import {
  chain,
  confirmAndSign,
  connectDevWallet,
  ERC1155_ABI,
  ERC721_ABI,
  evmAccount,
  evmManifest,
  rejectInDevWallet,
} from './evmDevnet';

interface NftTokenFact {
  tokenId: string;
  name: string;
  kind: string;
  mediaType: string;
}

let browser: Browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser.close();
});

function withPage(run: (page: Page) => Promise<void>, width = 1280) {
  return inPage(browser, run, { width });
}

function contract(name: string): Address {
  const found = evmManifest().contracts[name];
  if (found === undefined) throw new Error(`the manifest has no contract ${name}`);
  return found;
}
const ART = () => contract('ART');
const ITEMS = () => contract('ITEMS');
const address = (name: string) => evmAccount(name).address;

/** The first seeded ART token of `kind` (image, video, audio, data-uri, broken-metadata, missing-image) or with that name. */
function artToken(kindOrName: string): NftTokenFact {
  const tokens = evmManifest().seeded.nftTokens as NftTokenFact[];
  const token = tokens.find((candidate) => candidate.kind === kindOrName) ?? tokens.find((candidate) => candidate.name === kindOrName);
  if (!token) throw new Error(`the manifest has no ART token ${kindOrName}`);
  return token;
}

function ownerOf(tokenId: bigint): Promise<Address> {
  return chain().readContract({ address: ART(), abi: ERC721_ABI, functionName: 'ownerOf', args: [tokenId] });
}

function itemBalance(owner: Address, id: bigint): Promise<bigint> {
  return chain().readContract({ address: ITEMS(), abi: ERC1155_ABI, functionName: 'balanceOf', args: [owner, id] });
}

/** The ART tokens and ITEMS ids `owner` holds now, read from the chain. */
async function heldOnChain(owner: Address): Promise<{ art: bigint[]; items: Map<bigint, bigint> }> {
  const art: bigint[] = [];
  for (const { tokenId } of evmManifest().seeded.nftTokens as NftTokenFact[]) {
    if ((await ownerOf(BigInt(tokenId))).toLowerCase() === owner.toLowerCase()) art.push(BigInt(tokenId));
  }
  const items = new Map<bigint, bigint>();
  for (const id of [1n, 2n, 3n]) {
    const amount = await itemBalance(owner, id);
    if (amount > 0n) items.set(id, amount);
  }
  return { art, items };
}

async function viewFromHome(page: Page, who: string) {
  await page.goto('/');
  await page.getByLabel(/EVM address/).fill(address(who));
  await page.getByRole('button', { name: 'View', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/evm/wallet');
}

async function openInventory(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Digital Collectibles' }).click();
  await page.getByRole('heading', { level: 1, name: 'Digital collectibles' }).waitFor();
}

function card(page: Page, collection: Address, tokenId: bigint | string) {
  return page.locator(`[data-testid="nft-card"][data-contract="${collection}"][data-token-id="${tokenId.toString()}"]`);
}

function detailsUrl(collection: Address, tokenId: bigint | number | string) {
  return `/evm/collectible-details?contract=${collection}&id=${tokenId.toString()}`;
}

async function cardCount(page: Page, expected: number) {
  await page.getByTestId('nft-total').filter({ hasText: new RegExp(`^${expected} collectibles?$`) }).waitFor();
  assert.equal(await page.getByTestId('nft-card').count(), expected);
}

/** The owners list of the details page as address → amount text. */
async function ownersShown(page: Page): Promise<Map<string, string>> {
  const rows = page.getByTestId('nft-owners').locator('li');
  const shown = new Map<string, string>();
  for (const row of await rows.all()) {
    const owner = (await row.getAttribute('data-owner')) ?? '';
    shown.set(owner.toLowerCase(), (await row.innerText()).replace(/\s+/g, ' '));
  }
  return shown;
}

describe('collectible inventory', () => {
  it('lists a viewed account with ERC-1155 quantities, filters by collection, searches, and switches to a list', () =>
    withPage(async (page) => {
      const alice = address('alice');
      const held = await heldOnChain(alice);
      await viewFromHome(page, 'alice');
      await openInventory(page);
      await cardCount(page, held.art.length + held.items.size);
      for (const tokenId of held.art) await card(page, ART(), tokenId).waitFor();
      for (const [id, amount] of held.items) {
        assert.equal(await card(page, ITEMS(), id).getByTestId('nft-quantity').innerText(), `× ${amount.toLocaleString('en-US')}`);
      }

      await page.getByLabel('Collection').selectOption({ label: `Tandem Items (${held.items.size})` });
      await cardCount(page, held.items.size);

      await page.getByLabel('Collection').selectOption({ label: 'All collections' });
      await page.getByLabel('Search').fill('orb');
      await cardCount(page, 1);
      await card(page, ART(), artToken('data-uri').tokenId).getByText('On-chain Orb').waitFor();

      await page.getByLabel('Search').fill('no such collectible');
      await page.getByText('No collectible matches these filters.').waitFor();
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await cardCount(page, held.art.length + held.items.size);

      await page.getByRole('button', { name: 'List', exact: true }).click();
      const rows = page.getByTestId('nft-row');
      await rows.first().waitFor();
      assert.equal(await rows.count(), held.art.length + held.items.size);
      const potion = page.locator(`[data-testid="nft-row"][data-contract="${ITEMS()}"][data-token-id="3"]`);
      assert.equal(await potion.getByTestId('nft-quantity').innerText(), (held.items.get(3n) ?? 0n).toLocaleString('en-US'));
    }));

  it('starts afresh when the account changes in another tab', () =>
    withPage(async (page) => {
      await viewFromHome(page, 'alice');
      await openInventory(page);
      await page.getByLabel('Search').fill('orb');
      await cardCount(page, 1);

      // The user views carol in a second tab: this tab follows the stored account.
      const other = await page.context().newPage();
      await viewFromHome(other, 'carol');
      await other.close();

      const carol = await heldOnChain(address('carol'));
      await page.locator('.page__account').getByText(address('carol'), { exact: true }).waitFor();
      await cardCount(page, carol.art.length + carol.items.size);
      assert.equal(await page.getByLabel('Search').inputValue(), '', 'the search of the previous account is gone');
      assert.equal(await card(page, ART(), artToken('data-uri').tokenId).count(), 0, "alice's collectibles are gone");
    }));

  it('fits a 360 px screen without sideways scrolling, as a grid, a list and on the details page', () =>
    withPage(async (page) => {
      const overflows = () => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      await viewFromHome(page, 'alice');
      await page.goto('/evm/collectible-inventory');
      await page.getByTestId('nft-card').first().waitFor();
      assert.equal(await overflows(), false, 'grid');
      await page.getByRole('button', { name: 'List', exact: true }).click();
      await page.getByTestId('nft-row').first().waitFor();
      assert.equal(await overflows(), false, 'list');
      await page.goto(detailsUrl(ART(), artToken('Pixel').tokenId));
      await page.getByRole('heading', { level: 1, name: 'Pixel' }).waitFor();
      await page.getByRole('region', { name: 'Who may move this collectible' }).waitFor();
      assert.equal(await overflows(), false, 'details');
    }, 360));
});

describe('collectible details (no login)', () => {
  it('shows an ERC-1155 id with its owners and amounts, supply, attributes and a connect prompt instead of a transfer form', () =>
    withPage(async (page) => {
      await page.goto(detailsUrl(ITEMS(), 1));
      await page.getByRole('heading', { level: 1, name: 'Sword' }).waitFor();
      const holders = ['alice', 'bob', 'carol', 'dave', 'deployer'].map(address);
      const amounts = await Promise.all(holders.map((holder) => itemBalance(holder, 1n)));
      const expected = new Map<string, bigint>();
      holders.forEach((holder, index) => {
        const amount = amounts[index] ?? 0n;
        if (amount !== 0n) expected.set(holder.toLowerCase(), amount);
      });
      const shown = await ownersShown(page);
      assert.equal(shown.size, expected.size);
      for (const [holder, amount] of expected) assert.match(shown.get(holder) ?? '', new RegExp(`× ${String(amount)}$`));
      const supply = amounts.reduce((sum, amount) => sum + amount, 0n);
      assert.equal(await page.getByTestId('nft-supply').innerText(), supply.toString());
      await page.getByRole('region', { name: 'Attributes' }).getByText('Sword', { exact: true }).waitFor();
      await page.getByRole('heading', { name: 'Connect your wallet to transfer' }).waitFor();
      assert.equal(await page.getByLabel('Recipient address').count(), 0);
    }));

  it('says who may move an ERC-721 besides its owner, as the chain has it', () =>
    withPage(async (page) => {
      const pixel = BigInt(artToken('Pixel').tokenId);
      const owner = await ownerOf(pixel);
      const approved = await chain().readContract({ address: ART(), abi: ERC721_ABI, functionName: 'getApproved', args: [pixel] });
      const carol = address('carol');
      const operator = await chain().readContract({ address: ART(), abi: ERC721_ABI, functionName: 'isApprovedForAll', args: [owner, carol] });
      await page.goto(detailsUrl(ART(), pixel));
      await page.getByRole('heading', { level: 1, name: 'Pixel' }).waitFor();
      const section = page.getByRole('region', { name: 'Who may move this collectible' });
      await section.waitFor();
      const text = await section.innerText();
      if (/^0x0{40}$/.test(approved)) assert.ok(!text.includes('Approved for this token'), text);
      else assert.ok(text.includes(approved) && text.includes('Approved for this token'), text);
      assert.equal(text.includes(carol), operator, `carol as operator: ${String(operator)} on chain; page: ${text}`);
      if (!operator && /^0x0{40}$/.test(approved)) await section.getByText('Nobody else: only its owners can move it.').waitFor();
      const owners = await ownersShown(page);
      assert.deepEqual([...owners.keys()], [owner.toLowerCase()]);
    }));

  it('plays video and audio, shows an image', () =>
    withPage(async (page) => {
      await page.goto(detailsUrl(ART(), artToken('video').tokenId));
      await page.locator('[data-media="video"] video[controls]').waitFor();
      await page.goto(detailsUrl(ART(), artToken('audio').tokenId));
      await page.locator('[data-media="audio"] audio[controls]').waitFor();
      await page.goto(detailsUrl(ART(), artToken('data-uri').tokenId));
      const image = page.getByRole('img', { name: 'Media of On-chain Orb' });
      await image.waitFor();
      await page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>('[data-media="image"] img');
        return img !== null && img.complete && img.naturalWidth > 0;
      });
    }));

  it('falls back clearly for invalid JSON metadata, a 404 image and media of an unknown type', () =>
    withPage(async (page) => {
      const broken = artToken('broken-metadata');
      assert.equal(broken.mediaType, 'unknown');
      await page.goto(detailsUrl(ART(), broken.tokenId));
      await page.getByRole('heading', { level: 1, name: `#${broken.tokenId}` }).waitFor();
      const invalid = page.locator('[data-media="fallback"][data-reason="invalid_metadata"]');
      await invalid.getByText('No preview').waitFor();
      await invalid.getByText('Its metadata is not valid JSON, so there is nothing to show.').waitFor();
      assert.equal(await page.getByTestId('nft-metadata-status').innerText().then((text) => text.startsWith('Not valid JSON')), true);

      await page.goto(detailsUrl(ART(), artToken('missing-image').tokenId));
      await page.getByRole('heading', { level: 1, name: 'Lost Canvas' }).waitFor();
      await page.locator('[data-media="fallback"][data-reason="load_failed"]').getByText(/Its media could not be loaded/).waitFor();

      // The same picture served with a type no browser decodes falls back the same way
      // (its link goes through the server's media proxy, which names it in `src`).
      const sunrise = artToken('image');
      await page.route((url) => decodeURIComponent(url.href).includes('/media/sunrise.svg'), (route) =>
        route.fulfill({ status: 200, contentType: 'application/x-tandem-unknown', body: 'these bytes are no picture' }),
      );
      await page.goto(detailsUrl(ART(), sunrise.tokenId));
      await page.getByRole('heading', { level: 1, name: sunrise.name }).waitFor();
      await page.locator('[data-media="fallback"][data-reason="load_failed"]').getByText('No preview').waitFor();
    }));

  it('says what is wrong with a link that names no collectible', () =>
    withPage(async (page) => {
      await page.goto('/evm/collectible-details?contract=0x1234&id=1');
      await page.getByRole('alert').filter({ hasText: 'The contract in the link is not an EVM address' }).waitFor();
      await page.goto(detailsUrl(ART(), 999));
      await page.getByRole('alert').filter({ hasText: 'Token 999 of this contract does not exist' }).waitFor();
    }));

  it('gives a read-only session everything but the transfer form', () =>
    withPage(async (page) => {
      const carol = await heldOnChain(address('carol'));
      const id = carol.items.keys().next().value ?? 3n;
      await viewFromHome(page, 'carol');
      await page.goto(detailsUrl(ITEMS(), id));
      await page.getByRole('heading', { name: 'Connect your wallet to transfer' }).waitFor();
      await page.getByText('You are viewing this account read-only. Connect its wallet to transfer this collectible.').waitFor();
      assert.equal(await page.getByLabel('Recipient address').count(), 0);
      await page.getByTestId('nft-owners').locator(`[data-owner="${address('carol')}"]`).getByText('you').waitFor();
    }));
});

describe('collectible transfer (development wallet)', () => {
  it('transfers an ERC-721 and the owner and the inventory update', () =>
    withPage(async (page) => {
      const carol = address('carol');
      const dave = address('dave');
      const chime = BigInt(artToken('audio').tokenId);
      assert.equal(await ownerOf(chime), carol, 'carol holds the seeded Chime before the transfer');
      const before = await heldOnChain(carol);

      await connectDevWallet(page, 'carol');
      await openInventory(page);
      await cardCount(page, before.art.length + before.items.size);
      await card(page, ART(), chime).getByRole('link').click();
      await page.getByRole('heading', { level: 1, name: 'Chime' }).waitFor();

      const recipient = page.getByLabel('Recipient address');
      await recipient.fill('0x1234');
      await page.getByRole('button', { name: 'Review transfer' }).click();
      await page.getByRole('alert').filter({ hasText: 'Invalid address' }).waitFor();
      await recipient.fill(carol.toLowerCase());
      await page.getByRole('button', { name: 'Review transfer' }).click();
      await page.getByRole('alert').filter({ hasText: 'This is your own address' }).waitFor();

      await recipient.fill(dave);
      await page.getByRole('button', { name: 'Review transfer' }).click();
      // The review names the recipient in full, not only the collection's contract.
      const shownRecipient = page.getByRole('dialog', { name: 'Review the transaction' }).getByTestId('nft-transfer-recipient');
      await shownRecipient.waitFor();
      assert.equal(await shownRecipient.innerText(), dave);
      const summary = await confirmAndSign(page);
      assert.match(summary, /^Send Tandem Art #3 to 0x15d3/);
      assert.equal(await ownerOf(chime), dave, 'dave owns it on chain');

      // 3 s after the receipt the owners refresh: dave, and carol can no longer transfer it.
      await page.getByTestId('nft-owners').locator(`[data-owner="${dave}"]`).waitFor({ timeout: 20_000 });
      await page.getByText(`Your account ${carol} does not hold this collectible`).waitFor();

      await openInventory(page);
      await cardCount(page, before.art.length - 1 + before.items.size);
      assert.equal(await card(page, ART(), chime).count(), 0);
    }));

  it('transfers a quantity of an ERC-1155, checked against the amount held, and the owners and inventory update', () =>
    withPage(async (page) => {
      const carol = address('carol');
      const dave = address('dave');
      const potion = 3n;
      const carolBefore = await itemBalance(carol, potion);
      const daveBefore = await itemBalance(dave, potion);
      assert.ok(carolBefore >= 5n, `carol holds at least 5 potions (${String(carolBefore)})`);

      await connectDevWallet(page, 'carol');
      await page.goto(detailsUrl(ITEMS(), potion));
      await page.getByRole('heading', { level: 1, name: 'Potion' }).waitFor();
      await page.getByText(`You hold ${String(carolBefore)}.`).waitFor();
      await page.getByLabel('Recipient address').fill(dave);
      const quantity = page.getByLabel('Quantity', { exact: true });
      await quantity.fill(String(carolBefore + 1n));
      await page.getByRole('button', { name: 'Review transfer' }).click();
      await page.getByRole('alert').filter({ hasText: `Balance too low: you hold ${String(carolBefore)}` }).waitFor();
      await quantity.fill('0');
      await page.getByRole('button', { name: 'Review transfer' }).click();
      await page.getByRole('alert').filter({ hasText: 'Enter a whole number greater than 0' }).waitFor();

      await quantity.fill('5');
      await page.getByRole('button', { name: 'Review transfer' }).click();
      const summary = await confirmAndSign(page);
      assert.match(summary, /^Send 5 × Tandem Items #3 to 0x15d3/);
      assert.equal(await itemBalance(carol, potion), carolBefore - 5n);
      assert.equal(await itemBalance(dave, potion), daveBefore + 5n);

      const owners = page.getByTestId('nft-owners');
      await owners.locator(`[data-owner="${dave}"]`).filter({ hasText: `× ${String(daveBefore + 5n)}` }).waitFor({ timeout: 20_000 });
      await owners.locator(`[data-owner="${carol}"]`).filter({ hasText: `× ${String(carolBefore - 5n)}` }).waitFor();

      await openInventory(page);
      await card(page, ITEMS(), potion).getByTestId('nft-quantity').filter({ hasText: `× ${String(carolBefore - 5n)}` }).waitFor();
    }));

  it('goes back to the review when the transfer is rejected in the wallet', () =>
    withPage(async (page) => {
      const carol = address('carol');
      const before = await itemBalance(carol, 3n);
      await connectDevWallet(page, 'carol');
      await page.goto(detailsUrl(ITEMS(), 3));
      await page.getByLabel('Recipient address').fill(address('dave'));
      await page.getByRole('button', { name: 'Review transfer' }).click();
      const review = page.getByRole('dialog', { name: 'Review the transaction' });
      await review.getByRole('button', { name: 'Confirm in wallet' }).click();
      await rejectInDevWallet(page);
      await page.getByRole('status').filter({ hasText: 'You rejected the transaction' }).waitFor();
      await review.getByRole('button', { name: 'Confirm in wallet' }).waitFor();
      await review.getByRole('button', { name: 'Cancel' }).click();
      await review.waitFor({ state: 'hidden' });
      assert.equal(await itemBalance(carol, 3n), before, 'nothing moved');
    }));

  it('says the transfer failed, with its cause, when it reverts on chain', () =>
    withPage(async (page) => {
      const carol = evmAccount('carol');
      const dave = address('dave');
      const shield = 2n;
      const held = await itemBalance(carol.address, shield);
      assert.ok(held > 0n, 'carol holds a shield');

      await connectDevWallet(page, 'carol');
      await page.goto(detailsUrl(ITEMS(), shield));
      await page.getByLabel('Recipient address').fill(dave);
      await page.getByLabel('Quantity', { exact: true }).fill(String(held));
      await page.getByRole('button', { name: 'Review transfer' }).click();
      const review = page.getByRole('dialog', { name: 'Review the transaction' });
      await review.getByRole('button', { name: 'Confirm in wallet' }).click();
      const prompt = page.getByRole('dialog', { name: 'Development wallet' });
      await prompt.waitFor();

      // While the wallet asks, the shields leave carol's account another way: the prepared transfer now reverts.
      const chainId = evmManifest().chainId;
      const wallet = createWalletClient({
        account: privateKeyToAccount(carol.privateKey),
        chain: { id: chainId, name: 'devnet', nativeCurrency: { name: 'TLOS', symbol: 'TLOS', decimals: 18 }, rpcUrls: { default: { http: [evmManifest().rpcUrl] } } },
        transport: http(evmManifest().rpcUrl),
      });
      const hash = await wallet.writeContract({
        address: ITEMS(),
        abi: parseAbi(['function safeTransferFrom(address from, address to, uint256 id, uint256 amount, bytes data)']),
        functionName: 'safeTransferFrom',
        args: [carol.address, dave, shield, held, '0x'],
      });
      await chain().waitForTransactionReceipt({ hash });

      await prompt.getByRole('button', { name: 'Sign' }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: 'The collectible could not be transferred: The transaction failed on chain (reverted)' })
        .waitFor({ timeout: 30_000 });
      // The dialog now says so in its title (and so in its name).
      const failed = page.getByRole('dialog', { name: 'The transaction did not go through' });
      // Exact: the failure toast, inside the open dialog, quotes the same cause.
      await failed.getByText('The transaction failed on chain (reverted). Nothing was moved except the fee.', { exact: true }).waitFor();
      await failed.getByRole('button', { name: 'Close' }).click();
      assert.equal(await itemBalance(carol.address, shield), 0n);
    }));
});
