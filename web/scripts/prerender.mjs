// After `vite build`: writes each route's page, pre-rendered from the app's own routes and
// components (src/app/prerender/render.tsx, built here for Node), as dist/<route>.html
// (`/` is index.html, any unknown path gets not-found.html), so the first paint needs no
// script. Each page gets, from vite's manifest of the build:
//   - its critical CSS inline (the app's stylesheet and its screen's), instead of a request;
//   - module preloads for its screen's chunks, so they load beside the app's own script
//     instead of after it, and a preload of the Latin subset of the text font;
//   - the boot script (src/app/prerender/boot.ts) that sets the theme and the session's
//     header before the first paint, and starts the app (preloaded, not run by a script
//     element) once the page is painted.
// The server sends these pages with a Content-Security-Policy allowing exactly their inline
// script and style by hash (crates/server/src/spa/inline.rs). compress.mjs runs after this.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(web, 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');
const started = performance.now();
const NOT_FOUND_PATH = '*';

/** `/` → index.html, `/evm/wallet` → evm/wallet.html, `*` → not-found.html (the names the server looks for). */
function fileFor(path) {
  if (path === '/') return 'index.html';
  if (path === NOT_FOUND_PATH) return 'not-found.html';
  return `${path.replace(/^\/+|\/+$/g, '')}.html`;
}

function mkdirFor(file) {
  mkdirSync(dirname(file), { recursive: true });
  return file;
}

const escapeAttribute = (text) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** The manifest's chunk for a lazily loaded route component (`WalletPage` is src/…/WalletPage.tsx). */
function chunkOf(manifest, component) {
  const found = Object.entries(manifest).filter(([source, chunk]) => chunk.isDynamicEntry && basename(source).replace(/\.[jt]sx?$/, '') === component);
  return found.length === 1 ? found[0][1] : null;
}

/** A chunk and everything it imports statically: their files and stylesheets. */
function closure(manifest, chunk, seen = new Set()) {
  if (seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const key of chunk.imports ?? []) closure(manifest, manifest[key], seen);
  return seen;
}

function stylesOf(manifest, files) {
  const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
  return [...new Set([...files].flatMap((file) => byFile.get(file)?.css ?? []))];
}

function compose(template, page, manifest, bootScript) {
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  if (entry === undefined) throw new Error('prerender: vite manifest has no entry chunk');
  const entryFiles = closure(manifest, entry);
  const screenFiles = new Set();
  for (const component of page.components) {
    const chunk = chunkOf(manifest, component);
    if (chunk === null) {
      // The app's own layout is in the entry chunk; any other miss only costs a preload.
      if (component !== 'AppLayout') console.warn(`prerender: ${page.path}: no chunk found for ${component}, not preloaded`);
      continue;
    }
    for (const file of closure(manifest, chunk)) if (!entryFiles.has(file)) screenFiles.add(file);
  }
  const styleFiles = stylesOf(manifest, new Set([...entryFiles, ...screenFiles]));
  const css = styleFiles.map((file) => readFileSync(join(dist, file), 'utf8').trim()).join('\n');
  const font = latinFont(css);
  const preloads = [
    // First: the font blocks the first paint (font-display: optional waits for a preloaded font).
    ...(font === null ? [] : [`<link rel="preload" as="font" type="font/woff2" crossorigin href="${font}">`]),
    // A screen showing the visitor's own data reads the networks first: asked for beside the page,
    // not after the app's code has run (home asks only once hydrated, and needs it for nothing it paints).
    ...(page.standIn ? ['<link rel="preload" as="fetch" crossorigin href="/api/v1/networks">'] : []),
    ...[...screenFiles].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    // The stylesheets inlined below, named but never fetched (`disabled`): the app's chunk loader
    // skips a stylesheet a <link> already names, so loading the first screen's code does not fetch
    // them again and wait for them before its loaders run.
    ...styleFiles.map((file) => `<link rel="stylesheet" href="/${file}" disabled>`),
  ].join('\n    ');

  let html = template;
  // The entry is preloaded here and started by the boot script once the page is painted.
  const entryScript = `<script type="module" crossorigin src="/${entry.file}"></script>`;
  if (!html.includes(entryScript)) throw new Error(`prerender: index.html does not load ${entry.file} as vite writes it`);
  html = html.replace(entryScript, () => `<link rel="modulepreload" crossorigin href="/${entry.file}">`);
  const stylesheet = /<link rel="stylesheet"[^>]*href="\/assets\/[^"]+\.css"[^>]*>/;
  if (!stylesheet.test(html)) throw new Error('prerender: index.html has no stylesheet link to inline');
  // Function replacements: the CSS may hold `$` sequences a replacement string would interpret.
  html = html.replace(stylesheet, () => `${preloads}\n    <style>${css}</style>`);
  html = html.replace('<meta charset="UTF-8" />', () => `<meta charset="UTF-8" />\n    <script>${bootScript(`/${entry.file}`, page)}</script>`);
  if (!html.includes('<div id="root"></div>')) throw new Error('prerender: index.html has no empty #root');
  html = html.replace('<div id="root"></div>', () => `<div id="root" data-prerendered="${escapeAttribute(page.path)}">${page.html}</div>`);
  return html;
}

/** The URL of the text font's basic-Latin subset (its @font-face covers U+0000-00FF, minified `U+??`), the one nearly every page needs. */
function latinFont(css) {
  for (const [face] of css.matchAll(/@font-face\s*\{[^}]*\}/g)) {
    if (/unicode-range:\s*U\+(0000-00FF|\?\?)[,;}]/i.test(face)) return /url\(["']?([^"')]+\.woff2)["']?\)/.exec(face)?.[1] ?? null;
  }
  return null;
}

async function main() {
  // Inside node_modules, so the server build's imports of the app's dependencies resolve.
  const serverOut = mkdtempSync(join(web, 'node_modules', '.tandem-prerender-'));
  try {
    await build({
      root: web,
      configFile: join(web, 'vite.config.ts'),
      logLevel: 'warn',
      build: { ssr: 'src/app/prerender/render.tsx', outDir: serverOut, emptyOutDir: true, manifest: false, copyPublicDir: false },
    });
    const renderer = await import(pathToFileURL(join(serverOut, 'render.js')).href);
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
    const template = readFileSync(join(dist, 'index.html'), 'utf8');
    const pages = [];
    for (const path of renderer.prerenderPaths) {
      const page = await renderer.render(path);
      const file = fileFor(path);
      writeFileSync(mkdirFor(join(dist, file)), compose(template, page, manifest, renderer.bootScript));
      pages.push(`${file}${page.standIn ? '' : ' (in full)'}`);
    }
    rmSync(dirname(manifestPath), { recursive: true, force: true });
    console.log(`prerender: ${pages.length} pages in ${relative(web, dist)} in ${Math.round(performance.now() - started)} ms: ${pages.join(', ')}`);
  } finally {
    rmSync(serverOut, { recursive: true, force: true });
  }
}

await main();
