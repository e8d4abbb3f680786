import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../lib/ui/icons';
import { afterLoadError, mediaPlan, type FailedPart, type MediaFields, type MediaPlan } from '../model/media';

export type MediaVariant = 'thumb' | 'card' | 'full';

interface NftMediaProps {
  readonly nft: MediaFields & { readonly name: string };
  /** thumb: list rows; card: grid cards (decorative, the card names it); full: the details page, with controls. */
  readonly variant: MediaVariant;
}

function mediaKey(nft: MediaFields): string {
  return [nft.mediaType, nft.metadataStatus, nft.imgSrc ?? '', nft.videoSrc ?? '', nft.audioSrc ?? ''].join('|');
}

/** A collectible's picture, video or audio, or a placeholder that says why there is none. */
export function NftMedia({ nft, variant }: NftMediaProps) {
  // New sources (another token, fresh metadata) start from a fresh plan.
  return <MediaView key={mediaKey(nft)} nft={nft} variant={variant} />;
}

function MediaView({ nft, variant }: NftMediaProps) {
  const { t } = useTranslation();
  const [plan, setPlan] = useState<MediaPlan>(() => mediaPlan(nft));
  const failed = (part: FailedPart) => {
    setPlan((current) => afterLoadError(current, part));
  };
  const full = variant === 'full';
  const label = (key: 'label' | 'video_label' | 'audio_label') => (full ? t(`collectibles.media.${key}`, { name: nft.name }) : '');

  switch (plan.kind) {
    case 'image':
      return (
        <div className={`nft-media nft-media--${variant}`} data-media="image">
          <img className="nft-media__picture" src={plan.src} alt={label('label')} loading={full ? 'eager' : 'lazy'} decoding="async" onError={() => { failed('media'); }} />
        </div>
      );
    case 'video':
      return (
        <div className={`nft-media nft-media--${variant}`} data-media="video">
          <video
            className="nft-media__picture"
            src={plan.src}
            poster={plan.poster ?? undefined}
            controls={full}
            loop
            // Previews in lists stay silent; on the details page the user plays it with sound.
            muted={!full}
            playsInline
            preload="metadata"
            aria-label={full ? label('video_label') : undefined}
            aria-hidden={full ? undefined : true}
            tabIndex={full ? undefined : -1}
            onError={() => { failed('media'); }}
          />
          {!full && <span className="nft-media__kind">{t('collectibles.media.kind_video')}</span>}
        </div>
      );
    case 'audio':
      return (
        <div className={`nft-media nft-media--${variant} nft-media--audio`} data-media="audio">
          {plan.cover === null ? (
            <span className="nft-media__cover nft-media__cover--empty" aria-hidden="true">♪</span>
          ) : (
            <img className="nft-media__picture nft-media__cover" src={plan.cover} alt="" loading={full ? 'eager' : 'lazy'} onError={() => { failed('picture'); }} />
          )}
          {full ? (
            <audio className="nft-media__audio" src={plan.src} controls preload="metadata" aria-label={label('audio_label')} onError={() => { failed('media'); }} />
          ) : (
            <span className="nft-media__kind">{t('collectibles.media.kind_audio')}</span>
          )}
        </div>
      );
    case 'fallback':
      return (
        <div className={`nft-media nft-media--${variant} nft-media--fallback`} data-media="fallback" data-reason={plan.reason}>
          <div className="nft-media__fallback">
            <Icon name="alert" size={variant === 'thumb' ? 18 : 28} />
            {variant === 'thumb' ? (
              <span className="visually-hidden">{t('collectibles.media.no_preview')}: {t(`collectibles.media.${plan.reason}`)}</span>
            ) : (
              <>
                <strong>{t('collectibles.media.no_preview')}</strong>
                <span className="nft-media__reason">{t(`collectibles.media.${plan.reason}`)}</span>
              </>
            )}
          </div>
        </div>
      );
  }
}
