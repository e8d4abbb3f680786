/**
 * Scam and spam protection on the EVM devnet (issue 37), against what the devnet seeded
 * in alice's wallet (devnet/evm/src/seed/scam.mjs): a junk token whose name is a link,
 * airdropped; a zero-value `transferFrom` of her TUSD and dust TLOS from an address with
 * bob's first and last 4 hex characters. Nothing here signs: every check is what alice
 * sees before a wallet opens. The token choices (spam / not spam) are this browser's,
 * in a fresh profile per page.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { Address } from 'viem';
import { browserForSpec } from './browser';
import { connectDevWallet, evmAccount, evmManifest } from './evmDevnet';

interface ScamFacts {
  spamToken: { address: Address; symbol: string; name: string };
  poisoner: Address;
}

interface SeededTransaction {
  hash: string;
}

const { withPage } = browserForSpec();

function scam(): ScamFacts {
  return evmManifest().seeded.scam as ScamFacts;
}

function seededHash(label: string): string {
  const transactions = evmManifest().seeded.transactions as Record<string, SeededTransaction | undefined>;
  const found = transactions[label];
  if (found === undefined) throw new Error(`the manifest has no transaction ${label}`);
  return found.hash;
}

function balances(page: Page) {
  return page.getByRole('region', { name: 'Balances' });
}

describe('spam tokens', () => {
  it('hides the junk token with its reasons, shows it on request, and lets alice keep or hide it', () =>
    withPage(async (page) => {
      const { spamToken } = scam();
      await connectDevWallet(page, 'alice');
      const card = balances(page);
      await card.getByRole('row').filter({ hasText: 'TUSD' }).first().waitFor();
      const hidden = card.getByTestId('hidden-tokens');
      await hidden.getByText('Hidden: 1 token').waitFor();
      assert.equal(await card.getByRole('row').filter({ hasText: spamToken.symbol }).count(), 0, 'the junk token is not among the balances');

      await hidden.getByRole('button', { name: 'Show them' }).click();
      const item = hidden.getByRole('listitem').filter({ hasText: spamToken.symbol });
      await item.waitFor();
      const words = await item.innerText();
      assert.match(words, /its name holds a link/);
      assert.match(words, /its name holds a web address/);

      // Not spam: it joins the balances, and stays there after a reload (kept in this browser).
      await item.getByRole('button', { name: 'Not spam' }).click();
      await card.getByRole('row').filter({ hasText: spamToken.symbol }).first().waitFor();
      await page.reload();
      await card.getByRole('row').filter({ hasText: spamToken.symbol }).first().waitFor();
      assert.equal(await card.getByTestId('hidden-tokens').count(), 0, 'nothing is hidden any more');

      // And back: hidden as spam by her own choice.
      await card.getByRole('row').filter({ hasText: spamToken.symbol }).first().getByRole('button', { name: 'Hide as spam' }).click();
      await card.getByTestId('hidden-tokens').getByText('Hidden: 1 token').waitFor();
    }));
});

describe('poisoned history', () => {
  it('collapses both planted rows with what they are, and opens one on request', () =>
    withPage(async (page) => {
      const bob = evmAccount('bob').address;
      const { poisoner } = scam();
      await connectDevWallet(page, 'alice');
      await page.goto('/evm/wallet?tab=history');
      const history = page.getByRole('region', { name: 'History' });
      const zero = history.locator(`[data-hash="${seededHash('scam.poison.zeroTransferFrom')}"]`);
      const dust = history.locator(`[data-hash="${seededHash('scam.poison.dust')}"]`);
      await zero.waitFor();
      assert.equal(await zero.getAttribute('data-poisoning'), 'zero_value_transfer_from');
      assert.match(await zero.innerText(), /Likely address poisoning[\s\S]*moved 0 of your tokens[\s\S]*Nothing left your account/);
      assert.equal(await dust.getAttribute('data-poisoning'), 'lookalike_dust');
      const dustWords = await dust.innerText();
      assert.ok(dustWords.includes(bob), `the dust row names bob's address: ${dustWords}`);
      assert.ok(!dustWords.toLowerCase().includes(poisoner.slice(2, 12).toLowerCase()), 'the collapsed row shows no poisoning address to copy');
      assert.equal(await history.locator('[data-poisoning]').count(), 2, 'only the two planted rows are marked');

      await dust.getByRole('button', { name: 'Show the row' }).click();
      const opened = history.locator(`tr[data-hash="${seededHash('scam.poison.dust')}"]`);
      await opened.getByRole('button', { name: 'Collapse it' }).waitFor();
      assert.match(await opened.innerText(), /Likely address poisoning/);

      // Its own page says what it is, for alice.
      await page.goto(`/evm/tx/${seededHash('scam.poison.dust')}`);
      const note = page.getByTestId('evm-tx-poisoning');
      await note.waitFor();
      assert.ok((await note.innerText()).includes(bob));
    }));
});

describe('recipient checks before signing', () => {
  it('warns of the poisoning address, naming bob, and of the token contract as a recipient', () =>
    withPage(async (page) => {
      const bob = evmAccount('bob').address;
      const { poisoner } = scam();
      await connectDevWallet(page, 'alice');
      await page.goto('/evm/send?token=TUSD');
      const form = page.getByRole('form', { name: 'Send' });
      await form.getByLabel('Recipient address').fill(poisoner);
      const lookalike = form.getByTestId('lookalike-warning');
      await lookalike.waitFor();
      assert.ok((await lookalike.innerText()).includes(bob), 'the warning names bob');
      await form.getByTestId('poisoning-only-warning').waitFor();
      assert.equal(await form.getByTestId('first-send-warning').count(), 0, 'the stronger warning replaces the first-send note');

      // bob himself: no warning.
      await form.getByLabel('Recipient address').fill(bob);
      await lookalike.waitFor({ state: 'detached' });
      assert.equal(await form.getByTestId('poisoning-only-warning').count(), 0);

      const tusd = evmManifest().contracts.TUSD;
      assert.ok(tusd);
      await form.getByLabel('Recipient address').fill(tusd);
      await form.getByText('This is the TUSD token contract, not a wallet.').waitFor();
    }));

  it('refuses an NFT sent to a contract that cannot receive it, before the wallet opens', () =>
    withPage(async (page) => {
      const alice = evmAccount('alice').address;
      const owners = evmManifest().seeded.erc721Owners as { tokenId: string; ownerAddress: Address }[];
      const held = owners.find((row) => row.ownerAddress === alice);
      assert.ok(held, 'alice holds a seeded ART token');
      const swap = (evmManifest().seeded.helperContracts as Record<string, Address>).SWAP;
      assert.ok(swap);
      await connectDevWallet(page, 'alice');
      await page.goto(`/evm/collectible-details?contract=${evmManifest().contracts.ART}&id=${held.tokenId}`);
      await page.getByLabel('Recipient address').fill(swap);
      await page.getByRole('button', { name: 'Review transfer' }).click();
      // The dialog opens on the refusal, in words, with nothing to sign.
      const dialog = page.getByRole('dialog', { name: 'The transaction did not go through' });
      await dialog.getByText(/cannot receive this asset/).waitFor();
      assert.equal(await dialog.getByRole('button', { name: 'Confirm in wallet' }).count(), 0, 'nothing can be signed');
    }));
});
