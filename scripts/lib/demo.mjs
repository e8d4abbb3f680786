// The demo: starts the local stack, prints where to find it and who to log in as,
// and keeps it running until interrupted.
import { startStack } from './stack.mjs';

const stack = await startStack({ profile: 'debug' });

const lines = [
  '',
  `Tandem is running at ${stack.url}`,
  `  API health:   ${stack.url}/api/v1/health`,
  `  EVM devnet:   ${stack.manifest.rpcUrl} (chain id ${stack.manifest.chainId}, network ${stack.manifest.network})`,
  `  Native chain: ${stack.nativeManifest.rpcUrl} (network ${stack.nativeManifest.network})`,
  `  Manifest:     ${stack.manifestPath}`,
  '',
  'Seeded EVM accounts (local devnet only; these keys are public, never use them elsewhere):',
  ...stack.manifest.accounts.map(
    (account) => `  ${account.name.padEnd(10)} ${account.address}  ${account.privateKey}`,
  ),
  '',
  `Native devnet: ${stack.nativeManifest.rpcUrl} (network ${stack.nativeManifest.network}, core symbol ${stack.nativeManifest.coreSymbol})`,
  '  accounts (local devnet only; public keys, never use them elsewhere):',
  ...stack.nativeManifest.accounts.map(
    (account) =>
      `  ${`${account.name}@${account.permission}`.padEnd(18)} ${account.publicKey}  ${account.privateKey}`,
  ),
  '',
  'Press Ctrl+C to stop everything.',
];
process.stdout.write(`${lines.join('\n')}\n`);

let stopping = false;
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  process.stdout.write(`\n${signal} received, stopping the stack…\n`);
  await stack.stop();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
// Keep the event loop alive until a signal arrives.
setInterval(() => {}, 1 << 30);
