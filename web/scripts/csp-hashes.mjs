// After `vite build`: the hashes of the <style> elements WharfKit's sign-in renderer
// (@wharfkit/web-renderer, a Svelte app in a shadow root) adds at run time, written to
// dist/csp.json. The server adds exactly these to the Content-Security-Policy's
// style-src, so the wallets' dialogs are styled without allowing any other inline style.
// Each component's CSS is a string literal passed to Svelte's `append_styles`; its
// transitions add one empty <style> and fill it through the CSSOM (also allowed by hash).
// A renderer whose styles cannot be found fails the build rather than ship unstyled dialogs.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(web, 'package.json'));
const packageJson = require.resolve('@wharfkit/web-renderer/package.json');
const { version, module: entry } = JSON.parse(readFileSync(packageJson, 'utf8'));
const source = readFileSync(join(dirname(packageJson), entry), 'utf8');

const STYLE_CALL = /append_styles\(\s*target\s*,\s*"svelte-[a-z0-9]+"\s*,\s*("(?:[^"\\]|\\.)*")\s*\)/g;
const styles = new Set([...source.matchAll(STYLE_CALL)].map((match) => JSON.parse(match[1])));
if (styles.size === 0) {
  console.error(`csp-hashes: no component styles found in @wharfkit/web-renderer ${version} (${entry})`);
  process.exit(1);
}
// Svelte's transitions: `create_style_information` appends an empty <style> element.
styles.add('');

const hash = (text) => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;
const styleHashes = [...styles].map(hash).sort();
writeFileSync(
  join(web, 'dist', 'csp.json'),
  `${JSON.stringify({ renderer: `@wharfkit/web-renderer ${version}`, styleHashes }, null, 2)}\n`,
);
console.log(`csp-hashes: ${styleHashes.length} style hashes of @wharfkit/web-renderer ${version}`);
