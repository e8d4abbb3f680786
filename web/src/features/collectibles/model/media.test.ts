import { describe, expect, it } from 'vitest';
import { afterLoadError, mediaPlan, safeMediaUrl, type MediaFields } from './media';

const base: MediaFields = { mediaType: 'image', metadataStatus: 'ok', imgSrc: null, videoSrc: null, audioSrc: null };
const SVG_DATA = 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=';

describe('safeMediaUrl', () => {
  it('accepts web addresses, same-origin paths and data: URIs of the right kind', () => {
    expect(safeMediaUrl('https://x.example/a.png', 'image')).toBe('https://x.example/a.png');
    expect(safeMediaUrl('http://127.0.0.1:43403/media/pixel.png', 'image')).toBe('http://127.0.0.1:43403/media/pixel.png');
    expect(safeMediaUrl('/media/a.png', 'image')).toBe('/media/a.png');
    expect(safeMediaUrl(SVG_DATA, 'image')).toBe(SVG_DATA);
    expect(safeMediaUrl('data:audio/wav;base64,UklGR', 'audio')).toBe('data:audio/wav;base64,UklGR');
  });

  it('refuses script links, other schemes, other data types and empty text', () => {
    expect(safeMediaUrl('javascript:alert(1)', 'image')).toBeNull();
    expect(safeMediaUrl('file:///etc/passwd', 'image')).toBeNull();
    expect(safeMediaUrl('ipfs://QmHash/1.png', 'image')).toBeNull();
    expect(safeMediaUrl('//evil.example/a.png', 'image')).toBeNull();
    expect(safeMediaUrl('data:text/html;base64,PHNjcmlwdD4=', 'image')).toBeNull();
    expect(safeMediaUrl(SVG_DATA, 'video')).toBeNull();
    expect(safeMediaUrl('not a url', 'image')).toBeNull();
    expect(safeMediaUrl('   ', 'image')).toBeNull();
    expect(safeMediaUrl(null, 'image')).toBeNull();
  });
});

describe('mediaPlan', () => {
  it('shows an image', () => {
    expect(mediaPlan({ ...base, imgSrc: 'https://a/sunrise.svg' })).toEqual({ kind: 'image', src: 'https://a/sunrise.svg' });
  });

  it('plays a video with its picture as poster, and audio with its picture as cover', () => {
    expect(mediaPlan({ ...base, mediaType: 'video', videoSrc: 'https://a/w.webm', imgSrc: 'https://a/p.png' })).toEqual({
      kind: 'video',
      src: 'https://a/w.webm',
      poster: 'https://a/p.png',
    });
    expect(mediaPlan({ ...base, mediaType: 'audio', audioSrc: 'https://a/c.wav' })).toEqual({
      kind: 'audio',
      src: 'https://a/c.wav',
      cover: null,
    });
  });

  it('says why when the metadata is not valid JSON (the devnet token "Broken")', () => {
    expect(mediaPlan({ ...base, mediaType: 'unknown', metadataStatus: 'invalid' })).toEqual({ kind: 'fallback', reason: 'invalid_metadata' });
  });

  it('says why when the metadata could not be fetched', () => {
    expect(mediaPlan({ ...base, mediaType: 'unknown', metadataStatus: 'missing' })).toEqual({ kind: 'fallback', reason: 'missing_metadata' });
  });

  it('says the media type is unknown when readable metadata names nothing showable', () => {
    expect(mediaPlan({ ...base, mediaType: 'unknown' })).toEqual({ kind: 'fallback', reason: 'unknown_media' });
    expect(mediaPlan({ ...base, mediaType: 'image', imgSrc: null })).toEqual({ kind: 'fallback', reason: 'unknown_media' });
  });

  it('never hands an unsafe link to an element, falling back to a safe picture when there is one', () => {
    expect(mediaPlan({ ...base, imgSrc: 'javascript:alert(1)' })).toEqual({ kind: 'fallback', reason: 'unsafe_link' });
    expect(mediaPlan({ ...base, mediaType: 'video', videoSrc: 'ftp://a/v.mp4', imgSrc: 'https://a/p.png' })).toEqual({
      kind: 'image',
      src: 'https://a/p.png',
    });
    expect(mediaPlan({ ...base, mediaType: 'audio', audioSrc: 'javascript:x' })).toEqual({ kind: 'fallback', reason: 'unsafe_link' });
  });
});

describe('afterLoadError', () => {
  it('turns a failed image (a 404) into the "could not be loaded" fallback', () => {
    expect(afterLoadError({ kind: 'image', src: 'https://a/missing.png' }, 'media')).toEqual({ kind: 'fallback', reason: 'load_failed' });
  });

  it('keeps a video or audio playing when only its picture fails', () => {
    expect(afterLoadError({ kind: 'video', src: 'v', poster: 'p' }, 'picture')).toEqual({ kind: 'video', src: 'v', poster: null });
    expect(afterLoadError({ kind: 'audio', src: 'a', cover: 'c' }, 'picture')).toEqual({ kind: 'audio', src: 'a', cover: null });
  });

  it('falls back when a video or audio itself cannot be played', () => {
    expect(afterLoadError({ kind: 'video', src: 'v', poster: 'p' }, 'media')).toEqual({ kind: 'fallback', reason: 'load_failed' });
    expect(afterLoadError({ kind: 'audio', src: 'a', cover: null }, 'media')).toEqual({ kind: 'fallback', reason: 'load_failed' });
  });

  it('leaves a fallback as it is', () => {
    expect(afterLoadError({ kind: 'fallback', reason: 'invalid_metadata' }, 'media')).toEqual({ kind: 'fallback', reason: 'invalid_metadata' });
  });
});
