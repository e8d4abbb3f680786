// Rebuilds crates/server/data/phishing-domains.txt, the phishing-domain list shipped with
// Tandem, from the polkadot-js/phishing project's `all.json` (Apache-2.0): the denied
// domains that imitate the names a Telos user meets (Telos, Antelope wallets and explorers,
// MetaMask, WalletConnect, the listed dapps). The full list (~55 000 Polkadot-centred
// domains) would bloat the binary for little gain; an operator adds more in their own file.
//
//   node scripts/phishing-default.mjs path/to/all.json [revision]   # or an https:// URL of it
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCE = 'https://github.com/polkadot-js/phishing/blob/master/all.json';
const RELEVANT = /telos|tlos|antelope|anchor|greymass|bloks|eosio|eos-|-eos|metamask|walletconnect|wallet-connect|alcor|vapaee|teloscan|sqrl/;

const input = process.argv[2];
const revision = process.argv[3] ?? 'master';
if (!input) {
  console.error('usage: node scripts/phishing-default.mjs <all.json path or URL>');
  process.exit(2);
}
const text = input.startsWith('https://') ? await (await fetch(input)).text() : readFileSync(input, 'utf8');
const { deny } = JSON.parse(text);
if (!Array.isArray(deny)) throw new Error('all.json has no "deny" array');
const domains = [...new Set(deny.filter((domain) => RELEVANT.test(domain)).map((domain) => domain.toLowerCase()))].sort();
const header = [
  '# Phishing domains shipped with Tandem: the dapp search flags a link to any of these, or to',
  '# a subdomain of one. An operator adds their own in the file named by `phishing_file`.',
  '#',
  `# Source: polkadot-js/phishing, all.json ("deny") at revision ${revision}, ${SOURCE}`,
  '# Licence of the source list: Apache License 2.0 (https://github.com/polkadot-js/phishing/blob/master/LICENSE).',
  `# Selection: the entries matching ${RELEVANT} (names a Telos user meets).`,
  '# Regenerate with: node scripts/phishing-default.mjs <all.json> [revision]',
  `# Entries: ${domains.length}`,
];
const target = join(dirname(fileURLToPath(import.meta.url)), '..', 'crates', 'server', 'data', 'phishing-domains.txt');
writeFileSync(target, `${[...header, ...domains].join('\n')}\n`);
console.log(`wrote ${domains.length} domains to ${target}`);
