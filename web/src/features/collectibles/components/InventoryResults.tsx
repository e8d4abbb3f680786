import { useTranslation } from 'react-i18next';
import { shortHex } from '../../../lib/format/shortHex';
import { Link } from 'react-router';
import { useAmountFormatter } from '../../../lib/preferences/usePreferences';
import type { NftView } from '../api/collectiblesApi';
import { detailsHref } from '../model/details';
import type { ViewMode } from '../model/inventory';
import { NftMedia } from './NftMedia';

interface InventoryResultsProps {
  readonly nfts: readonly NftView[];
  readonly view: ViewMode;
  readonly network: string;
}

function rowKey(nft: NftView): string {
  return `${nft.contractAddress.toLowerCase()}:${nft.tokenId}`;
}

function collectionName(nft: NftView): string {
  return nft.contractPrettyName ?? shortHex(nft.contractAddress);
}

/** One page of collectibles as a grid of cards or a table; each opens its details. */
export function InventoryResults({ nfts, view, network }: InventoryResultsProps) {
  const { t } = useTranslation();
  const format = useAmountFormatter();
  const quantity = (nft: NftView) => (nft.nftInterface === 'erc1155' ? t('collectibles.inventory.quantity', { quantity: format.exact(nft.amount) }) : null);

  if (view === 'grid') {
    return (
      <ul className="nft-grid" aria-label={t('collectibles.inventory.results')}>
        {nfts.map((nft) => (
          <li key={rowKey(nft)} className="nft-card" data-testid="nft-card" data-contract={nft.contractAddress} data-token-id={nft.tokenId}>
            <Link className="nft-card__link" to={detailsHref(nft.contractAddress, nft.tokenId, network)} aria-label={t('collectibles.inventory.open', { name: `${nft.name} · ${collectionName(nft)} #${nft.tokenId}` })}>
              <NftMedia nft={nft} variant="card" />
              <span className="nft-card__text">
                <span className="nft-card__name">{nft.name}</span>
                <span className="muted">
                  {collectionName(nft)} · #{nft.tokenId}
                </span>
              </span>
            </Link>
            <span className="nft-card__tags">
              <span className="badge">{t(`collectibles.standard.${nft.nftInterface}`)}</span>
              {quantity(nft) !== null && <span className="badge nft-quantity" data-testid="nft-quantity">{quantity(nft)}</span>}
            </span>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <table className="nft-table" aria-label={t('collectibles.inventory.results')}>
      <thead>
        <tr>
          <th scope="col">{t('collectibles.inventory.column_item')}</th>
          <th scope="col">{t('collectibles.inventory.column_collection')}</th>
          <th scope="col">{t('collectibles.inventory.column_standard')}</th>
          <th scope="col" className="nft-num">{t('collectibles.inventory.column_quantity')}</th>
        </tr>
      </thead>
      <tbody>
        {nfts.map((nft) => (
          <tr key={rowKey(nft)} data-testid="nft-row" data-contract={nft.contractAddress} data-token-id={nft.tokenId}>
            <th scope="row">
              <Link className="nft-row__item" to={detailsHref(nft.contractAddress, nft.tokenId, network)}>
                <NftMedia nft={nft} variant="thumb" />
                <span className="nft-card__text">
                  <span className="nft-card__name">{nft.name}</span>
                  <span className="muted">#{nft.tokenId}</span>
                </span>
              </Link>
            </th>
            <td data-label={t('collectibles.inventory.column_collection')}>{collectionName(nft)}</td>
            <td data-label={t('collectibles.inventory.column_standard')}>{t(`collectibles.standard.${nft.nftInterface}`)}</td>
            <td className="nft-num" data-label={t('collectibles.inventory.column_quantity')} data-testid="nft-quantity">
              {format.exact(nft.amount)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
