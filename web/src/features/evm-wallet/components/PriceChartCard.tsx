import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAmountFormatter, usePreferences } from '../../../lib/preferences/usePreferences';
import { QueryError } from '../../../lib/ui/QueryError';
import { usePriceChart } from '../api/priceChart';
import { changeDirection, chartPoints, dayChangeText, drawPriceChart, type ChangeDirection, type ChartColors, type ChartDatum, type ChartLibrary } from '../model/priceChart';

/** The theme's colours as the canvas needs them: resolved (the tokens use light-dark()), read off a probe. */
export function themeColors(element: HTMLElement): ChartColors {
  const probe = document.createElement('span');
  element.appendChild(probe);
  const read = (name: string) => {
    probe.style.color = `var(${name})`;
    return getComputedStyle(probe).color;
  };
  const colors = {
    line: read('--color-primary'),
    fill: read('--color-primary-soft'),
    text: read('--color-text-muted'),
    grid: read('--color-border'),
  };
  probe.remove();
  return colors;
}

/** The line itself; the chart library (and its canvas) loads only when a chart is shown. */
export function PriceLine({ points, label }: { points: readonly ChartDatum[]; label?: string }) {
  const { t } = useTranslation();
  const containerRef = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const container = containerRef.current;
    if (container === null || points.length === 0) return;
    let dispose: (() => void) | null = null;
    let current = true;
    import('lightweight-charts').then(
      (library) => {
        // The typings brand times as UTCTimestamp; ChartPoint times are those seconds.
        const chartLibrary = library as unknown as ChartLibrary<typeof library.AreaSeries>;
        if (current) dispose = drawPriceChart(chartLibrary, container, points, themeColors(container));
      },
      () => { if (current) setFailed(true); },
    );
    return () => {
      current = false;
      dispose?.();
    };
  }, [points]);

  if (failed) return <p className="muted">{t('evm.chart.draw_failed')}</p>;
  return <div ref={containerRef} className="evm-chart__canvas" role="img" aria-label={label ?? t('evm.chart.line_label')} />;
}

/** Spec §4 Balances: the system token's price over the last day, with its day change, volume and market cap. */
export function PriceChartCard({ network, symbol, sample = false }: { network: string; symbol: string; sample?: boolean }) {
  const { t } = useTranslation();
  const [{ fiatCurrency }] = usePreferences();
  const format = useAmountFormatter();
  const chart = usePriceChart(network, symbol, fiatCurrency);
  const prices = chart.data?.prices;
  const points = useMemo(() => chartPoints(prices ?? []), [prices]);

  return (
    <section className="card evm-card evm-chart" aria-labelledby="evm-chart-title">
      <header className="card__header">
        <h2 id="evm-chart-title" className="card__title">
          {t('evm.chart.title', { symbol })}
        </h2>
        {/* Held unseen while the price loads, so the card's content does not move down then. */}
        {chart.data?.priceAvailable === false ? null : (
          <p className={chart.data ? 'evm-total__value' : 'evm-total__value evm-total--pending'} aria-hidden={chart.data ? undefined : true}>
            {chart.data ? format.price(chart.data.tokenPrice) : '\u2014'}
          </p>
        )}
      </header>
      {sample && (
        <p className="evm-sample" role="note">
          <strong className="badge">{t('evm.sample.badge')}</strong> {t('evm.sample.chart')}
        </p>
      )}
      {chart.isPending && (
        // The loaded card's figures and canvas, held empty: the portfolio card below does not move when they arrive.
        <>
          <ChartFigures />
          <div className="evm-chart__canvas evm-chart__placeholder">
            <p className="state" role="status">
              <span className="spinner" aria-hidden="true" />
              {t('evm.chart.loading')}
            </p>
          </div>
        </>
      )}
      {chart.isError && <QueryError failed={t('evm.chart.failed')} error={chart.error} onRetry={() => void chart.refetch()} />}
      {chart.data && !chart.data.priceAvailable && <p className="muted">{t('evm.chart.unavailable')}</p>}
      {chart.data?.priceAvailable && (
        <>
          <ChartFigures
            dayChange={chart.data.dayChange ? dayChangeText(chart.data.dayChange, format.separators) : '—'}
            direction={changeDirection(chart.data.dayChange)}
            volume={chart.data.dayVolume ? format.fiat(chart.data.dayVolume) : '—'}
            marketCap={chart.data.marketCap ? format.fiat(chart.data.marketCap) : '—'}
          />
          <PriceLine points={points} />
        </>
      )}
    </section>
  );
}

interface FigureTexts {
  readonly dayChange: string;
  readonly direction: ChangeDirection;
  readonly volume: string;
  readonly marketCap: string;
}

/** The day's change, volume and market cap; without texts, the same list held empty (hidden from assistive technology) while they load. */
function ChartFigures(texts: Partial<FigureTexts>) {
  const { t } = useTranslation();
  const pending = texts.dayChange === undefined;
  return (
    <dl className={pending ? 'evm-figures evm-figures--pending' : 'evm-figures'} aria-hidden={pending ? true : undefined}>
      <div>
        <dt>{t('evm.chart.day_change')}</dt>
        <dd className={texts.direction === undefined ? undefined : `evm-change evm-change--${texts.direction}`}>{texts.dayChange ?? '—'}</dd>
      </div>
      <div>
        <dt>{t('evm.chart.volume')}</dt>
        <dd>{texts.volume ?? '—'}</dd>
      </div>
      <div>
        <dt>{t('evm.chart.market_cap')}</dt>
        <dd>{texts.marketCap ?? '—'}</dd>
      </div>
    </dl>
  );
}
