import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api/client';
import { useEvmScreen } from '../../../lib/evm-screen/evmScreen';
import { registerCollectiblesTexts } from '../../../lib/i18n/collectibles';
import type { NetworkSummary } from '../../../lib/networks/api/networks';
import { useAmountFormatter } from '../../../lib/preferences/usePreferences';
import { QueryError } from '../../../lib/ui/QueryError';
import { useNftDetails } from '../api/details';
import { explorerAddressUrl, parseDetailsParams } from '../model/details';
import { ApprovalsSection, AttributesSection, FactsSection, OwnersSection } from './DetailsSections';
import { NftMedia } from './NftMedia';
import { TransferCard } from './TransferCard';
import { useOwnerRefresh } from './useOwnerRefresh';
import './collectibles.css';

registerCollectiblesTexts();

function PageHeading({ title, lead }: { title: string; lead?: string }) {
  return (
    <header className="page__header">
      <h1 id="page-title" className="page__title">
        {title}
      </h1>
      {lead !== undefined && <p className="page__lead">{lead}</p>}
    </header>
  );
}

/**
 * /evm/collectible-details?contract=…&id=…[&network=…]: one collectible, for anyone (spec §2,
 * §6), on the network the link names when this server serves it (the /evm frame resolves it).
 */
export function CollectibleDetailsPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const params = parseDetailsParams(searchParams);
  const { network } = useEvmScreen();

  if (params.kind !== 'ok') {
    return (
      <>
        <PageHeading title={t('collectibles.details.title')} lead={t('collectibles.details.lead')} />
        <p className="state" role={params.kind === 'invalid' ? 'alert' : undefined}>
          {params.kind === 'missing'
            ? t('collectibles.details.missing_params')
            : t(params.field === 'contract' ? 'collectibles.details.invalid_contract' : 'collectibles.details.invalid_id')}
        </p>
      </>
    );
  }
  return <Details key={`${network.name}:${params.contract}:${params.tokenId}`} network={network} contract={params.contract} tokenId={params.tokenId} />;
}

/** What to say about a failed details read, by the server's error code. */
function failureKey(error: Error): 'collectibles.details.not_found' | 'collectibles.details.not_nft_contract' | 'collectibles.details.failed' {
  if (error instanceof ApiError && error.code === 'evm.nft_not_found') return 'collectibles.details.not_found';
  if (error instanceof ApiError && error.code === 'antelope.contracts.error_invalid_nft_contract_type') return 'collectibles.details.not_nft_contract';
  return 'collectibles.details.failed';
}

function Details({ network, contract, tokenId }: { network: NetworkSummary; contract: string; tokenId: string }) {
  const { t } = useTranslation();
  const format = useAmountFormatter();
  const { account } = useEvmScreen();
  const request = { network: network.name, contract, tokenId };
  const details = useNftDetails(request, true);
  const refresh = useOwnerRefresh(request);

  if (details.isPending) {
    return (
      <>
        <PageHeading title={t('collectibles.details.title')} />
        <p className="state" role="status">
          <span className="spinner" aria-hidden="true" />
          {t('collectibles.details.loading')}
        </p>
      </>
    );
  }
  if (details.isError) {
    const final = details.error instanceof ApiError && (details.error.status === 400 || details.error.status === 404);
    return (
      <>
        <PageHeading title={t('collectibles.details.title')} />
        {final ? (
          <p className="state state--error" role="alert">
            {t(failureKey(details.error), { id: tokenId })}
          </p>
        ) : (
          <QueryError failed={t(failureKey(details.error), { id: tokenId })} error={details.error} onRetry={() => void details.refetch()} />
        )}
      </>
    );
  }

  const nft = details.data;
  const collection = nft.contractName ?? nft.contractPrettyName ?? null;
  const explorerLink = explorerAddressUrl(network.explorerUrl, nft.contractAddress);
  return (
    <>
      <header className="page__header nft-details__header">
        <p className="eyebrow">{t('collectibles.details.title')}</p>
        <h1 id="page-title" className="page__title">
          {nft.name}
        </h1>
        <p className="nft-details__tags">
          <span>
            {collection ?? nft.contractAddress} · #{nft.tokenId}
          </span>
          <span className="badge">{t(`collectibles.standard.${nft.nftInterface}`)}</span>
          {nft.nftInterface === 'erc1155' && nft.supply != null && (
            <span className="badge">
              {t('collectibles.details.supply')} {format.exact(nft.supply)}
            </span>
          )}
        </p>
      </header>

      <div className="nft-details">
        <div className="nft-details__media">
          <NftMedia nft={nft} variant="full" />
        </div>
        <div className="nft-details__side">
          <section className="card nft-section" aria-labelledby="nft-description-title">
            <h2 id="nft-description-title" className="card__title">
              {t('collectibles.details.description')}
            </h2>
            <p className="nft-description">{nft.description ?? <span className="muted">{t('collectibles.details.no_description')}</span>}</p>
            {explorerLink !== null && (
              <div className="button-row">
                <a className="button button--secondary button--small" href={explorerLink} target="_blank" rel="noreferrer">
                  {t('collectibles.details.explorer')}
                </a>
              </div>
            )}
          </section>
          <TransferCard nft={nft} network={network} onTransferred={refresh.schedule} />
          <OwnersSection nft={nft} explorerUrl={network.explorerUrl} account={account} refresh={refresh.state} />
        </div>
      </div>

      <div className="nft-details__more">
        <AttributesSection nft={nft} />
        <ApprovalsSection nft={nft} explorerUrl={network.explorerUrl} account={account} />
        <FactsSection nft={nft} explorerUrl={network.explorerUrl} />
      </div>
    </>
  );
}
