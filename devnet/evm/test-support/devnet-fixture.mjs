// Shared by the devnet tests: start a devnet with a temp manifest and read the manifest back from disk.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDevnet } from '../src/devnet.mjs';

/** Starts a devnet writing its manifest to a fresh temp dir; returns { devnet, manifest, cleanup }. */
export async function startDevnetWithTempManifest() {
  const dir = mkdtempSync(join(tmpdir(), 'tandem-devnet-'));
  const manifestPath = join(dir, 'manifest.json');
  let devnet;
  try {
    devnet = await startDevnet({ manifestPath, log: () => {} });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const cleanup = async () => {
    await devnet.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  return { devnet, manifest, cleanup };
}
