// What the devnet publishes besides the chain: the token list, NFT metadata and media.
// The same definitions drive the mints (seed/nfts.mjs), the assets server and the manifest.

export const CHAIN_ID = 41;

/** Media committed under devnet/evm/assets/, served at the same paths. */
export const MEDIA = {
  sunrise: '/media/sunrise.svg',
  pixel: '/media/pixel.png',
  waves: '/media/waves.webm',
  chime: '/media/chime.wav',
  missing: '/media/missing.png', // deliberately absent: the server answers 404
  sword: '/media/items/sword.svg',
  shield: '/media/items/shield.svg',
  potion: '/media/items/potion.svg',
  tusdLogo: '/logos/tusd.svg',
  tlosLogo: '/logos/tlos.svg',
};

export const ART_BASE_PATH = '/art/';
export const ITEMS_URI_PATH = '/items/{id}.json';

const ON_CHAIN_IMAGE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" fill="#571aff"/><circle cx="8" cy="8" r="5" fill="#fff"/></svg>';

/**
 * ERC-721 "Tandem Art" tokens, minted in this order (token id = index + 1).
 * kind: image | video | audio | data-uri | broken-metadata | missing-image.
 * metadata: media paths are relative to the assets server; `null` for the broken one.
 */
export const ART_TOKENS = [
  {
    kind: 'image', name: 'Sunrise', mintTo: 'alice', path: '1.json',
    metadata: {
      description: 'A warm sunrise over the sea (SVG image).',
      image: MEDIA.sunrise,
      attributes: [{ trait_type: 'Palette', value: 'Warm' }, { trait_type: 'Edition', value: 1 }],
    },
  },
  {
    kind: 'video', name: 'Waves', mintTo: 'alice', path: '2.json',
    metadata: {
      description: 'A short looping clip (WebM video) with a PNG poster.',
      image: MEDIA.pixel,
      animation_url: MEDIA.waves,
      attributes: [{ trait_type: 'Medium', value: 'Video' }, { trait_type: 'Seconds', value: 1 }],
    },
  },
  {
    kind: 'audio', name: 'Chime', mintTo: 'carol', path: '3.json',
    metadata: {
      description: 'A single chime (WAV audio).',
      image: MEDIA.pixel,
      animation_url: MEDIA.chime,
      attributes: [{ trait_type: 'Medium', value: 'Audio' }],
    },
  },
  {
    kind: 'data-uri', name: 'On-chain Orb', mintTo: 'alice', path: null,
    metadata: {
      description: 'Metadata and image live in data: URIs.',
      image: `data:image/svg+xml;base64,${Buffer.from(ON_CHAIN_IMAGE_SVG).toString('base64')}`,
      attributes: [{ trait_type: 'Storage', value: 'On-chain' }],
    },
  },
  { kind: 'broken-metadata', name: 'Broken', mintTo: 'dave', path: 'broken.json', metadata: null },
  {
    kind: 'missing-image', name: 'Lost Canvas', mintTo: 'bob', path: '6.json',
    metadata: {
      description: 'Its image URL answers 404.',
      image: MEDIA.missing,
      attributes: [{ trait_type: 'Condition', value: 'Missing' }],
    },
  },
  {
    kind: 'image', name: 'Pixel', mintTo: 'alice', path: '7.json',
    metadata: {
      description: 'One blue 8x8 PNG.',
      image: MEDIA.pixel,
      attributes: [{ trait_type: 'Palette', value: 'Cool' }, { trait_type: 'Size', value: '8x8' }],
    },
  },
];

/** Served for the broken-metadata token: deliberately not JSON. */
export const BROKEN_METADATA_BODY = '{"name": "Broken", "image": ';

/** ERC-1155 "Tandem Items" ids. */
export const ITEMS = [
  { id: 1n, name: 'Sword', image: MEDIA.sword },
  { id: 2n, name: 'Shield', image: MEDIA.shield },
  { id: 3n, name: 'Potion', image: MEDIA.potion },
];

function absolute(assetsUrl, value) {
  return value.startsWith('/') ? `${assetsUrl}${value}` : value;
}

/** Metadata JSON object of an ART token, with media URLs resolved against the assets server. */
export function artMetadata(token, assetsUrl) {
  const { metadata } = token;
  const json = { name: token.name, description: metadata.description, image: absolute(assetsUrl, metadata.image) };
  if (metadata.animation_url) json.animation_url = absolute(assetsUrl, metadata.animation_url);
  json.attributes = metadata.attributes;
  return json;
}

/** The complete URI minted for an absolute-URI token (data: URI metadata). */
export function artDataUri(token) {
  const json = JSON.stringify(artMetadata(token, ''));
  return `data:application/json;base64,${Buffer.from(json).toString('base64')}`;
}

export function itemMetadata(item, assetsUrl) {
  return {
    name: item.name,
    description: `Tandem Items #${item.id}: ${item.name}.`,
    image: absolute(assetsUrl, item.image),
    attributes: [{ trait_type: 'Type', value: item.name }],
  };
}

/** ERC-1155 `{id}` substitution: 64 lower-case hex digits. */
export function itemIdHex(id) {
  return BigInt(id).toString(16).padStart(64, '0');
}

/** Standard token list (tokens[]{chainId,address,symbol,name,decimals,logoURI}); GEMS has no logo on purpose. */
export function tokenList(contracts, assetsUrl, chainId = CHAIN_ID) {
  const entry = (symbol, name, decimals, logo) => ({
    chainId,
    address: contracts[symbol],
    symbol,
    name,
    decimals,
    ...(logo ? { logoURI: `${assetsUrl}${logo}` } : {}),
  });
  return {
    name: 'Tandem Devnet',
    timestamp: '2026-01-01T00:00:00.000Z',
    version: { major: 1, minor: 0, patch: 0 },
    keywords: ['tandem', 'devnet'],
    tokens: [
      entry('TUSD', 'Tandem USD', 6, MEDIA.tusdLogo),
      entry('GEMS', 'Gems', 18, null),
      entry('WTLOS', 'Wrapped TLOS', 18, MEDIA.tlosLogo),
      entry('STLOS', 'Staked TLOS', 18, MEDIA.tlosLogo),
    ],
  };
}
