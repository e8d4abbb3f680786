/**
 * Collectibles for the developer demos (/demos/nfts, /demos/scrollable-cards): one
 * per media kind and per reason a card falls back to a placeholder. Pictures and
 * sound are data: URIs made here, so the demo needs no network and no devnet.
 */

import type { NftView } from '../api/collectiblesApi';

const svg = (fill: string, label: string) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120"><rect width="120" height="120" fill="${fill}"/><text x="60" y="68" font-size="18" text-anchor="middle" fill="#fff" font-family="sans-serif">${label}</text></svg>`,
  )}`;

/** A quarter second of silence as a WAV file: a real, playable audio source. */
function silentWav(): string {
  const samples = 2000;
  const bytes = new Uint8Array(44 + samples);
  const view = new DataView(bytes.buffer);
  const text = (offset: number, value: string) => {
    for (let index = 0; index < value.length; index += 1) bytes[offset + index] = value.charCodeAt(index);
  };
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples, true);
  text(8, 'WAVEfmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, 8000, true); // sample rate
  view.setUint32(28, 8000, true); // byte rate
  view.setUint16(32, 1, true); // block align
  view.setUint16(34, 8, true); // bits per sample
  text(36, 'data');
  view.setUint32(40, samples, true);
  bytes.fill(128, 44); // 8-bit silence
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `data:audio/wav;base64,${btoa(binary)}`;
}

const CONTRACT = '0x5FC8d32690cc91D4c39d9d3abcBD16989F875707';

function sample(tokenId: string, name: string, fields: Partial<NftView>): NftView {
  return {
    contractAddress: CONTRACT,
    contractPrettyName: 'Demo Art',
    tokenId,
    name,
    amount: '1',
    attributes: [],
    nftInterface: 'erc721',
    mediaType: 'image',
    metadataStatus: 'ok',
    ...fields,
  };
}

export function demoCollectibles(): NftView[] {
  return [
    sample('1', 'Picture', { imgSrc: svg('#5b2bff', 'Picture') }),
    sample('2', 'Sound with a cover', { mediaType: 'audio', audioSrc: silentWav(), imgSrc: svg('#0a9fbf', 'Sound') }),
    sample('3', 'Sound without a cover', { mediaType: 'audio', audioSrc: silentWav() }),
    sample('4', 'Video that cannot load', { mediaType: 'video', videoSrc: '/demos/no-such-video.webm' }),
    sample('5', 'Edition of 25', { nftInterface: 'erc1155', amount: '25', imgSrc: svg('#0f9960', 'x25') }),
    sample('6', 'Invalid metadata', { metadataStatus: 'invalid' }),
    sample('7', 'Missing metadata', { metadataStatus: 'missing' }),
    sample('8', 'Unknown media type', { mediaType: 'unknown' }),
    sample('9', 'Unsafe link', { imgSrc: 'javascript:alert(1)' }),
  ];
}
