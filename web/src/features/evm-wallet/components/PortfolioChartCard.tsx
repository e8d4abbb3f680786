import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { registerToolTexts } from '../../../lib/i18n/tools';
import { useAmountFormatter, useDateTimeFormatter, usePreferences } from '../../../lib/preferences/usePreferences';
import { CoverageNotice } from '../../../lib/ui/CoverageNotice';
import { QueryError } from '../../../lib/ui/QueryError';
import { PORTFOLIO_RANGES, usePortfolio, type PortfolioRange } from '../api/portfolio';
import { useEvmBalances } from '../../../lib/api/evm/balances';
import { beyondTheChart, latestValue, portfolioData, unknownPoints } from '../model/portfolio';
import { PriceLine } from './PriceChartCard';

registerToolTexts();

/**
 * The wallet's total value over the last day, week or month, beside the price chart:
 * worked back by the server from the balances through the history, priced with the
 * price series. Where no price was known the line has a gap and the card says so.
 */
export function PortfolioChartCard({ network, address, sample = false }: { network: string; address: string; sample?: boolean }) {
  const { t } = useTranslation();
  const [{ fiatCurrency }] = usePreferences();
  const format = useAmountFormatter();
  const dateTime = useDateTimeFormatter();
  const [range, setRange] = useState<PortfolioRange>('day');
  const portfolio = usePortfolio({ network, address, range, fiat: fiatCurrency });
  const points = portfolio.data?.points;
  const data = useMemo(() => portfolioData(points ?? []), [points]);
  const gaps = unknownPoints(points ?? []);
  const latest = latestValue(points ?? []);
  const allUnknown = points !== undefined && points.length > 0 && gaps === points.length;
  // The balances card's total counts every priced token; the chart only those with a price
  // history. The difference is named beside the figure, so the two add up on screen.
  const balances = useEvmBalances(network, address, fiatCurrency).data;
  const beyond = balances && portfolio.data && latest !== null ? beyondTheChart(balances.balances, portfolio.data.counted, latest) : null;

  return (
    <section className="card evm-card evm-chart" aria-labelledby="evm-portfolio-title" aria-busy={portfolio.isFetching} data-testid="portfolio-chart">
      <header className="card__header">
        <h2 id="evm-portfolio-title" className="card__title">{t('portfolio.title')}</h2>
        {latest !== null && <p className="evm-total__value">{t('portfolio.now', { value: format.fiat(latest) })}</p>}
      </header>
      {beyond !== null && (
        <p className="muted" role="note" data-testid="portfolio-beyond">
          {t('portfolio.beyond', {
            total: format.fiat(beyond.total),
            symbols: beyond.symbols.join(', '),
            value: format.fiat(beyond.value),
          })}
        </p>
      )}
      <div className="choice-row evm-portfolio__ranges" role="group" aria-label={t('portfolio.ranges')}>
        {PORTFOLIO_RANGES.map((candidate) => (
          <button key={candidate} type="button" className={`button button--small ${candidate === range ? 'button--primary' : 'button--secondary'}`}
            aria-pressed={candidate === range} onClick={() => { setRange(candidate); }}>
            {t(`portfolio.range_${candidate}`)}
          </button>
        ))}
      </div>
      {sample && (
        <p className="evm-sample" role="note">
          <strong className="badge">{t('evm.sample.badge')}</strong> {t('portfolio.sample')}
        </p>
      )}
      <CoverageNotice coverage={portfolio.data?.coverage} lag={portfolio.data?.indexLag} subject="history" />
      {portfolio.isPending && (
        <p className="state" role="status"><span className="spinner" aria-hidden="true" /> {t('portfolio.loading')}</p>
      )}
      {portfolio.isError && <QueryError failed={t('portfolio.failed')} error={portfolio.error} onRetry={() => void portfolio.refetch()} />}
      {portfolio.data && (
        <>
          {allUnknown ? <p className="muted" role="note">{t('portfolio.no_prices')}</p> : <PriceLine points={data} label={t('portfolio.line_label')} />}
          {gaps > 0 && !allUnknown && <p className="muted" role="note">{t('portfolio.gaps', { count: gaps })}</p>}
          <p className="muted">{t('portfolio.counted', { symbols: portfolio.data.counted.join(', ') })}</p>
          {portfolio.data.notCounted.length > 0 && (
            <p className="muted" role="note">
              {t('portfolio.not_counted', {
                holdings: portfolio.data.notCounted.map((item) => `${format.token(item.amount)} ${item.symbol || item.contract}`).join(', '),
              })}
            </p>
          )}
          {portfolio.data.reachedBackTo != null && (
            <p className="muted" role="note">{t('portfolio.reached_back', { date: dateTime(Math.floor(portfolio.data.reachedBackTo / 1000)) })}</p>
          )}
        </>
      )}
    </section>
  );
}
