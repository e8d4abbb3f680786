import { useTranslation } from 'react-i18next';
import { explorerAddressUrl } from '../model/details';
import { CopyButton } from '../../../lib/ui/CopyButton';

interface AddressProps {
  readonly address: string;
  readonly explorerUrl: string | null;
  /** Marks the connected or viewed account. */
  readonly isYou?: boolean;
}

/** A full EVM address (never shortened where it matters), linked to the explorer when the network has one. */
export function Address({ address, explorerUrl, isYou = false }: AddressProps) {
  const { t } = useTranslation();
  const link = explorerAddressUrl(explorerUrl, address);
  const text = <code className="address nft-address">{address}</code>;
  return (
    <span className="nft-address-line">
      {link === null ? (
        text
      ) : (
        <a href={link} target="_blank" rel="noreferrer">
          {text}
        </a>
      )}
      <CopyButton text={address} what="address" />
      {isYou && <span className="badge">{t('collectibles.details.you')}</span>}
    </span>
  );
}
