/**
 * How one collectible's media is shown (spec §3 "NFT": mediaType image, video,
 * audio or unknown with imgSrc, videoSrc, audioSrc). The server has already read
 * the metadata; this decides what the browser may render and what it says instead
 * when there is nothing to render or the media fails to load. Plain TS so every
 * branch is tested without a browser.
 */

export type MediaKind = 'image' | 'video' | 'audio' | 'unknown';
export type MetadataStatus = 'ok' | 'invalid' | 'missing';

/** The fields of an NFT row the media decision reads. */
export interface MediaFields {
  readonly mediaType: MediaKind;
  readonly metadataStatus: MetadataStatus;
  readonly imgSrc?: string | null;
  readonly videoSrc?: string | null;
  readonly audioSrc?: string | null;
}

/** Why a collectible shows a placeholder instead of its media; each is a `collectibles.media.*` text. */
export type FallbackReason = 'invalid_metadata' | 'missing_metadata' | 'unknown_media' | 'unsafe_link' | 'load_failed';

export type MediaPlan =
  | { readonly kind: 'image'; readonly src: string }
  | { readonly kind: 'video'; readonly src: string; readonly poster: string | null }
  | { readonly kind: 'audio'; readonly src: string; readonly cover: string | null }
  | { readonly kind: 'fallback'; readonly reason: FallbackReason };

/** Which element of a plan failed to load: the media itself, or the picture beside it. */
export type FailedPart = 'media' | 'picture';

const DATA_URI = /^data:([a-z]+)\/[a-z0-9.+-]+[;,]/i;

/**
 * The link when the browser may load it as `kind`: http(s), a same-origin path, or a
 * data: URI of that kind. Anything else (javascript:, file:, a data: URI of another
 * type, text that is no URL) is refused rather than handed to an element.
 */
export function safeMediaUrl(link: string | null | undefined, kind: 'image' | 'video' | 'audio'): string | null {
  const text = link?.trim() ?? '';
  if (text === '') return null;
  if (text.toLowerCase().startsWith('data:')) {
    const type = DATA_URI.exec(text)?.[1]?.toLowerCase();
    return type === kind ? text : null;
  }
  if (text.startsWith('/') && !text.startsWith('//')) return text;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? text : null;
  } catch {
    return null;
  }
}

function fallback(reason: FallbackReason): MediaPlan {
  return { kind: 'fallback', reason };
}

/** What to render for `nft` before anything has loaded. */
export function mediaPlan(nft: MediaFields): MediaPlan {
  if (nft.metadataStatus === 'invalid') return fallback('invalid_metadata');
  const picture = safeMediaUrl(nft.imgSrc, 'image');
  switch (nft.mediaType) {
    case 'video': {
      const src = safeMediaUrl(nft.videoSrc, 'video');
      if (src !== null) return { kind: 'video', src, poster: picture };
      return picture === null ? fallback('unsafe_link') : { kind: 'image', src: picture };
    }
    case 'audio': {
      const src = safeMediaUrl(nft.audioSrc, 'audio');
      if (src !== null) return { kind: 'audio', src, cover: picture };
      return picture === null ? fallback('unsafe_link') : { kind: 'image', src: picture };
    }
    case 'image':
      if (picture !== null) return { kind: 'image', src: picture };
      return nft.imgSrc ? fallback('unsafe_link') : fallback(nft.metadataStatus === 'missing' ? 'missing_metadata' : 'unknown_media');
    case 'unknown':
      return fallback(nft.metadataStatus === 'missing' ? 'missing_metadata' : 'unknown_media');
  }
}

/**
 * The plan after part of it failed to load (a 404, a blocked host, a format the
 * browser cannot decode). A failed picture beside a video or audio only drops the
 * picture; a failed image, video or audio becomes the "could not be loaded" fallback.
 */
export function afterLoadError(plan: MediaPlan, part: FailedPart): MediaPlan {
  switch (plan.kind) {
    case 'video':
      return part === 'picture' ? { ...plan, poster: null } : fallback('load_failed');
    case 'audio':
      return part === 'picture' ? { ...plan, cover: null } : fallback('load_failed');
    case 'image':
      return fallback('load_failed');
    case 'fallback':
      return plan;
  }
}
