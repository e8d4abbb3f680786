// Two devnet runs must seed the same chain: equal manifests once ports/URLs and the wall-clock
// genesis time (escrow `until` is stored relative to it here) are taken out.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startDevnetWithTempManifest } from '../test-support/devnet-fixture.mjs';

function normalise(manifest) {
  const text = JSON.stringify(manifest)
    .replaceAll(manifest.rpcUrl, '<rpcUrl>')
    .replaceAll(manifest.assetsUrl, '<assetsUrl>');
  const copy = JSON.parse(text);
  const { timeBase } = copy.seeded;
  delete copy.seeded.timeBase;
  for (const deposit of copy.seeded.escrowDeposits) deposit.until -= timeBase;
  return copy;
}

test('two runs produce identical manifests apart from ports, URLs and the start time', async () => {
  const manifests = [];
  for (let run = 0; run < 2; run++) {
    const { manifest, cleanup } = await startDevnetWithTempManifest();
    await cleanup();
    manifests.push(manifest);
  }
  assert.deepEqual(normalise(manifests[0]), normalise(manifests[1]));
  assert.ok(Object.keys(manifests[0].seeded.transactions).length > 40);
});
