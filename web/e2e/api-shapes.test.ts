/**
 * Every answer the app reads, as the running server sends it on the devnets, fits the shape
 * its OpenAPI document gives it: the generated shapes (src/lib/api/generated/answerShapes.ts)
 * that the app checks each answer with, chosen by the route's documented 200 schema. A Rust
 * view whose JSON strays from its schema (a number documented as text, a field that is
 * required but sometimes left out) fails here rather than on a user's screen.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { checkAnswer, type AnswerShape } from '../src/lib/api/answerShape';
import * as shapes from '../src/lib/api/generated/answerShapes';
import { evmAccount, evmManifest } from './evmDevnet';
import { activeKey, nativeManifest } from './nativeDevnet';

interface Operation {
  readonly responses?: Record<string, { readonly content?: Record<string, { readonly schema?: { readonly $ref?: string } }> }>;
  readonly operationId?: string;
}
interface Document {
  readonly paths: Record<string, Record<string, Operation>>;
}

const base = () => process.env.TANDEM_URL ?? '';
let document: Document;

/** The documented path template `url` is an instance of (`/api/v1/evm/{network}/status`). */
function templateOf(url: string): string {
  const path = new URL(url, 'http://x').pathname;
  const found = Object.keys(document.paths).find((template) => {
    const pattern = new RegExp(`^${template.replace(/\{\w+\}/g, '[^/]+')}$`);
    return pattern.test(path);
  });
  if (found === undefined) throw new Error(`${path} is no documented route`);
  return found;
}

/** The generated shape of the route's 200 answer. */
function shapeOf(url: string, method: 'get' | 'post'): AnswerShape<unknown> {
  const operation = document.paths[templateOf(url)]?.[method];
  const schema = operation?.responses?.['200']?.content?.['application/json']?.schema;
  const name = schema?.$ref?.split('/').pop() ?? `${operation?.operationId ?? ''}Answer`;
  const shape = (shapes as Record<string, AnswerShape<unknown> | undefined>)[name];
  if (shape === undefined) throw new Error(`${method.toUpperCase()} ${url}: no generated shape ${name}`);
  return shape;
}

async function answer(url: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${base()}${url}`, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json: unknown = await response.json();
  assert.equal(response.status, 200, `${url} answered ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

/** Fetches `url` and checks the answer against its documented shape; answers it. */
async function checked(url: string, body?: unknown): Promise<Record<string, unknown>> {
  const json = await answer(url, body);
  try {
    checkAnswer(shapeOf(url, body === undefined ? 'get' : 'post'), json, url);
  } catch (error) {
    throw new Error(`${url}: ${error instanceof Error ? error.message : String(error)}\n${JSON.stringify(json).slice(0, 600)}`, { cause: error });
  }
  return json as Record<string, unknown>;
}

before(async () => {
  document = (await answer('/api/v1/openapi.json')) as Document;
});

describe('answers as the server sends them fit their generated shapes', () => {
  it('the server routes', async () => {
    const { networks } = (await checked('/api/v1/networks')) as { networks: { name: string }[] };
    for (const { name } of networks) await checked(`/api/v1/networks/${name}`);
    await checked('/api/v1/health');
    await checked('/api/v1/client-config');
  });

  it('every EVM route the app reads, for a seeded account', async () => {
    const { network, contracts } = evmManifest();
    const alice = evmAccount('alice').address;
    const bob = evmAccount('bob').address;
    const evm = `/api/v1/evm/${network}`;
    await checked(`${evm}/status`);
    await checked(`${evm}/accounts/${alice}/balances?fiat=USD`);
    const history = (await checked(`${evm}/accounts/${alice}/transactions?fiat=USD&offset=0&limit=40`)) as { transactions: { id: string }[] };
    for (const { id } of history.transactions.slice(0, 10)) await checked(`${evm}/transactions/${id}?fiat=USD`);
    await checked(`${evm}/accounts/${alice}/nfts?offset=0&limit=24`);
    await checked(`${evm}/accounts/${alice}/approvals?fiat=USD&includeRevoked=true`);
    for (const range of ['day', 'week', 'month']) await checked(`${evm}/accounts/${alice}/portfolio?range=${range}&fiat=USD`);
    await checked(`${evm}/staking`);
    await checked(`${evm}/staking/yield`);
    await checked(`${evm}/accounts/${alice}/staking`);
    await checked(`${evm}/prices/TLOS?fiat=USD`);
    await checked(`${evm}/prices/TLOS/chart?fiat=USD`);
    for (const contract of Object.values(contracts)) await checked(`${evm}/contracts/${contract}`);
    await checked(`${evm}/nfts/${contracts.ART ?? ''}/1`);
    await checked(`${evm}/nfts/${contracts.ITEMS ?? ''}/1`);
    const prepared = await checked(`${evm}/transactions/prepare?fiat=USD`, { kind: 'approve', from: alice, token: contracts.TUSD, spender: bob, amount: 'unlimited' });
    assert.equal(prepared.grantsApproval, true);
    await checked(`${evm}/approvals/check`, { from: alice, to: prepared.to, data: prepared.data });
    await checked(`${evm}/transactions/prepare?fiat=USD`, { kind: 'send', from: alice, to: bob, amount: '1' });
    const swap = (evmManifest().seeded.helperContracts as Record<string, string>).SWAP ?? '';
    await checked(`${evm}/approvals/revoke-plan?fiat=USD`, { owner: alice, items: [`${swap}-${contracts.TUSD ?? ''}`, `${bob}-${contracts.GEMS ?? ''}`] });
  });

  it('every native route the app reads, for a seeded account', async () => {
    const { network } = nativeManifest() as unknown as { network: string };
    const native = `/api/v1/native/${network}`;
    for (const account of ['alice', 'carol']) {
      await checked(`${native}/accounts/${account}`);
      await checked(`${native}/accounts/${account}/balances?fiat=USD`);
      await checked(`${native}/accounts/${account}/rex`);
      await checked(`${native}/accounts/${account}/permissions`);
      await checked(`${native}/accounts/${account}/links`);
      await checked(`${native}/accounts/${account}/children`);
      await checked(`${native}/accounts/${account}/evm-address`);
      for (const role of ['proposer', 'requested']) await checked(`${native}/accounts/${account}/proposals?role=${role}&limit=20`);
    }
    await checked(`${native}/accounts/kid1.carol/creator`);
    await checked(`${native}/accounts/alice/profile`);
    const history = (await checked(`${native}/accounts/alice/history?limit=10&skip=0`)) as { actions: { trxId: string }[] };
    for (const { trxId } of history.actions.slice(0, 5)) await checked(`${native}/transactions/${trxId}`);
    await checked(`${native}/accounts/carol/history?limit=10&skip=0&actName=transfer`);
    await checked(`${native}/evm-addresses/${evmAccount('alice').address}/account`);
    const publicKey = nativeManifest().accounts.find((entry) => entry.name === 'alice')?.publicKey ?? '';
    assert.ok(activeKey('alice') !== '');
    await checked(`${native}/keys/${publicKey}/accounts`);
    await checked(`${native}/producers`);
    await checked(`${native}/ram-cost?bytes=4096`);
    await checked(`${native}/rex/apy`);
    await checked(`${native}/rex/yield`);
    await checked(`${native}/dapps?q=`);
    await checked(`${native}/dapps?q=swap`);
  });
});
