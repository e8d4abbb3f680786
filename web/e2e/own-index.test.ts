/**
 * The own index on a network served as if it were real: a second tandem-server that this
 * spec starts, configured the way an operator would configure telos-evm-testnet (the
 * devnet's chain id, 41) — primary "own", the index starting in the middle of the seeded
 * history, Teloscan and the history service unreachable — reading the devnet's node
 * through a proxy the spec controls: `eth_getLogs` is answered slowly, so the fill of an
 * account's earlier activity can be watched, or refused, so a failed fill can.
 *
 * An account with token history before the start block: the progress bar appears with
 * its words and percentage, then the balances and the history show the chain's values.
 * A fill the node refuses says what failed and that it is tried again, and recovers once
 * the node answers.
 */
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import type { Address } from 'viem';
import { repoRoot, startServer, stopChild } from '../../scripts/lib/stack.mjs';
import { WEB_VERSION, inPage, launchBrowser } from './browser';
import { ERC20_ABI, chain, evmAccount, evmManifest, exactText, waitForExact, walletBalanceRow } from './evmDevnet';

const NETWORK = 'telos-evm-testnet';
/** How long each `eth_getLogs` answer is held back: a fill scans in 20 steps, so it takes seconds to watch. */
const LOGS_DELAY_MS = 250;

interface SeededTransaction {
  hash: string;
  blockNumber: number;
}

function seededTransaction(label: string): SeededTransaction {
  const transactions = evmManifest().seeded.transactions as Record<string, SeededTransaction>;
  const seeded = transactions[label];
  if (!seeded) throw new Error(`the manifest has no ${label} transaction`);
  return seeded;
}

/** The block in the middle of the seeded history: the index starts there. */
function middleBlock(): number {
  const blocks = Object.values(evmManifest().seeded.transactions as Record<string, SeededTransaction>)
    .map((tx) => tx.blockNumber)
    .sort((a, b) => a - b);
  return blocks[Math.floor(blocks.length / 2)] ?? 0;
}

/** The devnet's node behind a switch: `eth_getLogs` slowed down, or refused as a strict public node would. */
class NodeProxy {
  refuseLogs = false;
  url = '';
  private readonly server = createServer((request, response) => {
    void this.forward(request, response);
  });

  constructor(private readonly target: string) {}

  async listen(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    if (address === null || typeof address === 'string') throw new Error('the proxy has no port');
    this.url = `http://127.0.0.1:${address.port}`;
  }

  private async forward(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await readBody(request);
    if (body.includes('"eth_getLogs"')) {
      if (this.refuseLogs) {
        response.writeHead(403, { 'content-type': 'text/plain' }).end('eth_getLogs is not allowed for this key');
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, LOGS_DELAY_MS));
    }
    try {
      const answer = await fetch(this.target, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text());
    } catch {
      response.writeHead(502).end();
    }
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.closeAllConnections();
      this.server.close(() => { resolve(); });
    });
  }
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => { resolve(Buffer.concat(chunks).toString('utf8')); });
    request.on('error', reject);
  });
}

/** A loopback URL nothing listens on (a port bound, then released). */
async function unreachableUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

/** The configuration file an operator would write for this network on this node. */
async function configText(dataDir: string, rpcUrl: string): Promise<string> {
  const manifest = evmManifest();
  const unreachable = await unreachableUrl();
  const contract = (key: string) => {
    const address = manifest.contracts[key];
    if (address === undefined) throw new Error(`the manifest has no ${key}`);
    return address;
  };
  return `
data_dir = "${dataDir}"
web_dist = "${join(repoRoot, 'web', 'dist')}"
price_aggregator_url = ""

[networks.${NETWORK}]
rpc_endpoint = "${rpcUrl}"
token_list_url = "${manifest.assetsUrl}/tokenlist.json"
indexer_endpoint = "${unreachable}"
history_endpoint = "${unreachable}"
api_endpoint = "${unreachable}"
escrow_address = "${contract('ESCROW')}"
staked_token_address = "${contract('STLOS')}"
wrapped_token_address = "${contract('WTLOS')}"
primary = "own"

[networks.${NETWORK}.index]
start_block = ${middleBlock()}
`;
}

interface StatusAnswer {
  indexer?: { indexedBlock?: number | null } | null;
  source?: { inUse?: string } | null;
}

async function waitForIndex(url: string): Promise<void> {
  const head = Number(await chain().getBlockNumber());
  const deadline = Date.now() + 60_000;
  for (;;) {
    const answer = await fetch(`${url}/api/v1/evm/${NETWORK}/status`).catch(() => null);
    const status = answer?.ok ? ((await answer.json()) as StatusAnswer) : null;
    // Caught up, and answering in place of the chain fallback the server starts on.
    if ((status?.indexer?.indexedBlock ?? -1) >= head && status?.source?.inUse === 'ownIndex') return;
    if (Date.now() > deadline) throw new Error(`the own index did not reach block ${head}: ${JSON.stringify(status)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

let browser: Browser;
let proxy: NodeProxy;
let server: { url: string; child: ChildProcess };
let dataDir: string;

before(async () => {
  proxy = new NodeProxy(evmManifest().rpcUrl);
  await proxy.listen();
  dataDir = mkdtempSync(join(tmpdir(), 'tandem-own-index-'));
  const configPath = join(dataDir, 'tandem.toml');
  writeFileSync(configPath, await configText(dataDir, proxy.url));
  server = await startServer({
    binary: join(repoRoot, 'target', 'debug', 'tandem-server'),
    env: { TANDEM_CONFIG: configPath, TANDEM_LISTEN: '127.0.0.1:0' },
    log: () => undefined,
  });
  await waitForIndex(server.url);
  browser = await launchBrowser();
});

after(async () => {
  await browser.close();
  await stopChild(server.child);
  await proxy.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The wallet of `name`, viewed read-only on the as-if-real server. */
async function openWallet(page: Page, name: string): Promise<Address> {
  const { address } = evmAccount(name);
  await page.context().addInitScript(
    ({ account, network, version }) => {
      window.localStorage.setItem('account', account);
      window.localStorage.setItem('network', network);
      window.localStorage.setItem('autoLogin', 'justViewer');
      window.localStorage.setItem('isNative', 'false');
      window.localStorage.setItem('tandem.appVersion', version);
    },
    { account: address, network: NETWORK, version: WEB_VERSION },
  );
  await page.goto(`${server.url}/evm/wallet`);
  return address;
}

const FILLING = /Reading this account’s earlier activity: (\d+)\u00a0%/;

function fillProgress(page: Page) {
  return page.getByRole('region', { name: 'Balances' }).getByRole('progressbar', { name: 'Reading this account’s earlier activity' });
}

/** Once filled, the balances show the chain's amounts, and the history a token transfer from before the index's start. */
async function checkFilled(page: Page, owner: Address, earlierTransfer: string): Promise<void> {
  // The notice above the balances (progress, or a failure) goes once the account is complete.
  const balances = page.getByRole('region', { name: 'Balances' });
  await walletBalanceRow(page, 'TLOS').waitFor();
  await balances.locator('.coverage').waitFor({ state: 'detached', timeout: 60_000 });
  const tusd = evmManifest().contracts.TUSD;
  if (tusd === undefined) throw new Error('the manifest has no TUSD');
  const held = await chain().readContract({ address: tusd, abi: ERC20_ABI, functionName: 'balanceOf', args: [owner] });
  assert.ok(held > 0n, 'the account holds TUSD from before the start block');
  await waitForExact(walletBalanceRow(page, 'TUSD').getByRole('cell').first(), exactText(held, 6));
  const native = await chain().getBalance({ address: owner });
  await waitForExact(walletBalanceRow(page, 'TLOS').getByRole('cell').first(), exactText(native, 18));

  await page.getByRole('link', { name: 'History', exact: true }).click();
  await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('50');
  const seeded = seededTransaction(earlierTransfer);
  assert.ok(seeded.blockNumber < middleBlock(), `${earlierTransfer} is before the index's start`);
  await page.locator(`[data-hash="${seeded.hash}"]`).waitFor({ timeout: 20_000 });
  assert.equal(await page.getByRole('progressbar').count(), 0, 'the history is complete');
}

describe('the own index on a network served as if real', () => {
  it('shows the progress of reading an account’s earlier activity, then the chain’s values', () =>
    inPage(browser, async (page) => {
      const alice = await openWallet(page, 'alice');
      const bar = fillProgress(page);
      await bar.waitFor({ timeout: 30_000 });
      const percent = Number(await bar.getAttribute('aria-valuenow'));
      assert.ok(percent >= 0 && percent < 100, `progress ${percent}`);
      assert.equal(await bar.getAttribute('aria-valuemin'), '0');
      assert.equal(await bar.getAttribute('aria-valuemax'), '100');
      const words = await page.getByRole('region', { name: 'Balances' }).getByText(FILLING).first().innerText();
      assert.match(words, FILLING);
      // The index is caught up: only this account is incomplete, which is no reason to call the network out of sync.
      assert.equal(await page.getByText(/behind or not answering/).count(), 0, 'no out-of-sync warning');
      await checkFilled(page, alice, 'erc20.alice-bob.TUSD');
    }));

  it('says a fill the node refuses failed and is tried again, then recovers', () =>
    inPage(browser, async (page) => {
      proxy.refuseLogs = true;
      const bob = await openWallet(page, 'bob');
      const failure = page.getByRole('region', { name: 'Balances' }).getByRole('alert').filter({ hasText: 'Reading this account’s earlier activity failed' });
      await failure.waitFor({ timeout: 30_000 });
      const text = await failure.innerText();
      assert.match(text, /eth_getLogs/, `says what failed: ${text}`);
      assert.match(text, /Trying again (in \d+ seconds?|now)/, `says it retries: ${text}`);
      proxy.refuseLogs = false;
      await checkFilled(page, bob, 'erc20.bob-alice.TUSD');
      assert.equal(await failure.count(), 0, 'the failure is gone');
    }));
});
