// The devnet "assets server": token list, NFT metadata and media over plain HTTP on 127.0.0.1.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { dirname, extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ART_BASE_PATH, ART_TOKENS, BROKEN_METADATA_BODY, CHAIN_ID, ITEMS, artMetadata, itemIdHex, itemMetadata, tokenList,
} from './catalog.mjs';
import { priceAnswer } from './prices.mjs';

const ASSETS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'assets');
const MIME_TYPES = {
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webm': 'video/webm',
  '.wav': 'audio/wav',
};
// Addresses are baked into the chain state as fixed-length strings, so the port must always have
// the same number of digits for the seeded gas usage (and so balances and hashes) to repeat.
const PORT_DIGITS = 5;
const MAX_LISTEN_ATTEMPTS = 20;

function send(res, status, contentType, body) {
  res.writeHead(status, {
    'content-type': contentType,
    'access-control-allow-origin': '*',
    'cache-control': 'no-store',
  });
  res.end(body);
}

function sendJson(res, value, status = 200) {
  send(res, status, 'application/json', `${JSON.stringify(value, null, 2)}\n`);
}

/** Builds the JSON documents the server generates, keyed by path. */
function generatedDocuments(assetsUrl, contracts, chainId) {
  const docs = new Map();
  if (contracts) docs.set('/tokenlist.json', tokenList(contracts, assetsUrl, chainId));
  for (const token of ART_TOKENS) {
    if (token.path && token.metadata) docs.set(`${ART_BASE_PATH}${token.path}`, artMetadata(token, assetsUrl));
  }
  for (const item of ITEMS) {
    const metadata = itemMetadata(item, assetsUrl);
    docs.set(`/items/${itemIdHex(item.id)}.json`, metadata);
    docs.set(`/items/${item.id}.json`, metadata); // lenient clients substitute the decimal id
  }
  return docs;
}

function listenOnce(server) {
  return new Promise((resolveListen, rejectListen) => {
    server.once('error', rejectListen);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', rejectListen);
      resolveListen(server.address().port);
    });
  });
}

function closeServer(server) {
  return new Promise((resolveClose) => {
    server.close(() => resolveClose());
    server.closeAllConnections();
  });
}

/**
 * Starts the server on a free port. Resolves to { url, port, setContracts(contracts), stop() }.
 * /tokenlist.json answers 503 until setContracts() was called with the deployed addresses; its
 * entries name `chainId` (the devnet's, 41 unless started with another).
 */
export async function startAssetsServer({ log = () => {}, chainId = CHAIN_ID } = {}) {
  let documents = new Map();
  let url = '';
  let contracts = null;

  const handler = async (req, res) => {
    const requestUrl = new URL(req.url ?? '/', 'http://localhost');
    const path = requestUrl.pathname;
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'text/plain', 'method not allowed\n');
    if (path === '/tokenlist.json' && !contracts) return send(res, 503, 'text/plain', 'contracts not deployed yet\n');
    if (documents.has(path)) return sendJson(res, documents.get(path));
    const price = priceAnswer(path, requestUrl.searchParams, contracts);
    if (price) return sendJson(res, price.body, price.status);
    const broken = ART_TOKENS.find((t) => t.kind === 'broken-metadata');
    if (path === `${ART_BASE_PATH}${broken.path}`) return send(res, 200, 'application/json', BROKEN_METADATA_BODY);
    const file = normalize(join(ASSETS_DIR, path));
    const type = MIME_TYPES[extname(file)];
    if (!file.startsWith(`${ASSETS_DIR}/`) || !type) return send(res, 404, 'text/plain', 'not found\n');
    try {
      return send(res, 200, type, await readFile(file));
    } catch {
      return send(res, 404, 'text/plain', 'not found\n');
    }
  };

  for (let attempt = 0; attempt < MAX_LISTEN_ATTEMPTS; attempt++) {
    const server = createServer((req, res) => {
      handler(req, res).catch(() => send(res, 500, 'text/plain', 'internal error\n'));
    });
    const port = await listenOnce(server);
    if (String(port).length !== PORT_DIGITS) {
      await closeServer(server);
      continue;
    }
    url = `http://127.0.0.1:${port}`;
    documents = generatedDocuments(url, null, chainId);
    log(`assets server listening on ${url}`);
    return {
      url,
      port,
      setContracts(deployed) {
        contracts = deployed;
        documents = generatedDocuments(url, deployed, chainId);
      },
      stop: () => closeServer(server),
    };
  }
  throw new Error(`no free ${PORT_DIGITS}-digit port for the assets server after ${MAX_LISTEN_ATTEMPTS} attempts`);
}
