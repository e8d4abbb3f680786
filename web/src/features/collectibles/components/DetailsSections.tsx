import { useTranslation } from 'react-i18next';
import { shortHex } from '../../../lib/format/shortHex';
import { Link } from 'react-router';
import { useAmountFormatter } from '../../../lib/preferences/usePreferences';
import type { NftDetails } from '../api/collectiblesApi';
import { approvalRows, explorerBlockUrl, ownerRows } from '../model/details';
import { Address } from './Address';
import type { OwnerRefreshState } from './useOwnerRefresh';
import { LongId } from '../../../lib/ui/CopyButton';

interface SectionProps {
  readonly nft: NftDetails;
  readonly explorerUrl: string | null;
}

/** Attributes as label and text pairs (spec §3, from trait_type and value). */
export function AttributesSection({ nft }: { nft: NftDetails }) {
  const { t } = useTranslation();
  return (
    <section className="card nft-section" aria-labelledby="nft-attributes-title">
      <h2 id="nft-attributes-title" className="card__title">
        {t('collectibles.details.attributes')}
      </h2>
      {nft.attributes.length === 0 ? (
        <p className="muted">{t('collectibles.details.no_attributes')}</p>
      ) : (
        <dl className="nft-attributes">
          {nft.attributes.map((attribute, index) => (
            <div key={`${attribute.label}-${index}`} className="nft-attribute">
              <dt>{attribute.label === '' ? '—' : attribute.label}</dt>
              <dd>{attribute.text}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

/** Collection, contract, id, standard, supply, minter, block minted, metadata. */
export function FactsSection({ nft, explorerUrl }: SectionProps) {
  const { t } = useTranslation();
  const format = useAmountFormatter();
  const unknown = <span className="muted">{t('collectibles.details.unknown')}</span>;
  const blockUrl = nft.blockMinted == null ? null : explorerBlockUrl(explorerUrl, nft.blockMinted);
  const collection = nft.contractName ?? nft.contractPrettyName ?? null;
  return (
    <section className="card nft-section" aria-labelledby="nft-facts-title">
      <h2 id="nft-facts-title" className="card__title">
        {t('collectibles.details.facts')}
      </h2>
      <dl className="nft-facts">
        <div>
          <dt>{t('collectibles.details.collection')}</dt>
          <dd>{collection ?? unknown}</dd>
        </div>
        <div>
          <dt>{t('collectibles.details.contract')}</dt>
          <dd>
            <Address address={nft.contractAddress} explorerUrl={explorerUrl} />
          </dd>
        </div>
        <div>
          <dt>{t('collectibles.details.token_id')}</dt>
          <dd>
            <LongId value={nft.tokenId} what="token_id" />
          </dd>
        </div>
        <div>
          <dt>{t('collectibles.details.standard')}</dt>
          <dd>{t(`collectibles.standard.${nft.nftInterface}`)}</dd>
        </div>
        <div>
          <dt>{t('collectibles.details.supply')}</dt>
          <dd data-testid="nft-supply">{nft.supply == null ? unknown : format.exact(nft.supply)}</dd>
        </div>
        <div>
          <dt>{t('collectibles.details.minter')}</dt>
          <dd>{nft.minter == null ? unknown : <Address address={nft.minter} explorerUrl={explorerUrl} />}</dd>
        </div>
        <div>
          <dt>{t('collectibles.details.block_minted')}</dt>
          <dd>
            {nft.blockMinted == null
              ? unknown
              : blockUrl === null
                ? nft.blockMinted
                : <a href={blockUrl} target="_blank" rel="noreferrer">{nft.blockMinted}</a>}
          </dd>
        </div>
        <div>
          <dt>{t('collectibles.details.metadata')}</dt>
          <dd data-testid="nft-metadata-status">
            {t(`collectibles.details.metadata_${nft.metadataStatus}`)}
            {nft.tokenUri != null && /^https?:\/\//i.test(nft.tokenUri) && (
              <>
                {' · '}
                <a href={nft.tokenUri} target="_blank" rel="noreferrer">
                  {t('collectibles.details.token_uri')}
                </a>
              </>
            )}
          </dd>
        </div>
      </dl>
      {explorerUrl === null && <p className="muted nft-field__note">{t('collectibles.details.no_explorer')}</p>}
    </section>
  );
}

/** The owner (ERC-721) or every holder with its amount (ERC-1155), with "you" marked. */
export function OwnersSection({ nft, explorerUrl, account, refresh }: SectionProps & { account: string | null; refresh: OwnerRefreshState }) {
  const { t } = useTranslation();
  const format = useAmountFormatter();
  const rows = ownerRows(nft, account);
  const erc1155 = nft.nftInterface === 'erc1155';
  return (
    <section className="card nft-section" aria-labelledby="nft-owners-title" aria-busy={refresh.kind === 'waiting'}>
      <h2 id="nft-owners-title" className="card__title">
        {erc1155 ? t('collectibles.details.owners') : t('collectibles.details.owner')}
        {erc1155 && <span className="muted nft-section__count"> · {t('collectibles.details.owners_count', { count: rows.length })}</span>}
      </h2>
      {refresh.kind === 'waiting' && (
        <p className="state muted" role="status">
          <span className="spinner" aria-hidden="true" />
          {t('collectibles.details.refreshing')}
        </p>
      )}
      {refresh.kind === 'failed' && (
        <p className="state state--error" role="alert">
          {t('collectibles.details.refresh_failed', { cause: refresh.cause })}
        </p>
      )}
      {rows.length === 0 ? (
        <p className="muted">{erc1155 ? t('collectibles.details.no_owners') : t('collectibles.details.unknown')}</p>
      ) : (
        <ul className="nft-owners" data-testid="nft-owners">
          {rows.map((row) => (
            <li key={row.address} data-owner={row.address}>
              <Address address={row.address} explorerUrl={explorerUrl} isYou={row.isYou} />
              {erc1155 && (
                <span className="nft-owners__amount">
                  <span className="visually-hidden">{t('collectibles.details.owner_amount')}: </span>× {format.exact(row.amount)}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Who besides the owners may move it: its approved address and the owners' operators. */
export function ApprovalsSection({ nft, explorerUrl, account }: SectionProps & { account: string | null }) {
  const { t } = useTranslation();
  const rows = approvalRows(nft);
  const ownsIt = ownerRows(nft, account).some((row) => row.isYou);
  return (
    <section className="card nft-section" aria-labelledby="nft-approvals-title">
      <h2 id="nft-approvals-title" className="card__title">
        {t('collectibles.approvals.title')}
      </h2>
      {rows.length === 0 ? (
        <p className="muted" data-testid="nft-approvals-none">{t('collectibles.approvals.none')}</p>
      ) : (
        <>
          <p className="muted">{t('collectibles.approvals.lead')}</p>
          <ul className="nft-approvals" data-testid="nft-approvals">
            {rows.map((row) => (
              <li key={`${row.kind}-${row.kind === 'operator' ? row.owner : ''}-${row.spender}`}>
                <Address address={row.spender} explorerUrl={explorerUrl} />
                <span className="muted">
                  {row.kind === 'approved' ? t('collectibles.approvals.approved') : t('collectibles.approvals.operator', { owner: shortHex(row.owner) })}
                </span>
              </li>
            ))}
          </ul>
          {ownsIt && (
            <Link to="/evm/allowances" className="button button--secondary button--small">
              {t('collectibles.approvals.manage')}
            </Link>
          )}
        </>
      )}
    </section>
  );
}
