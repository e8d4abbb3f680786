// After `vite build`: writes a brotli (.br) and a gzip (.gz) copy beside every
// compressible file of dist, at the highest levels, once. The server sends these copies
// as they are (chosen by Accept-Encoding, with a strong ETag each) instead of compressing
// the same bytes again on every request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(web, 'dist');
const COMPRESSIBLE = /\.(html|js|mjs|css|svg|json|txt|map|webmanifest)$/;
// Below this a compressed copy saves less than its headers cost.
const MIN_COMPRESS_BYTES = 256;

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

let copies = 0;
let plain = 0;
let brotli = 0;
for (const file of filesUnder(dist)) {
  if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_COMPRESS_BYTES) continue;
  const body = readFileSync(file);
  const br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  copies += 1;
  plain += body.length;
  brotli += br.length;
}
console.log(`compress: brotli and gzip copies of ${copies} files in ${relative(web, dist)} (${Math.round(plain / 1024)} KiB → ${Math.round(brotli / 1024)} KiB brotli)`);
