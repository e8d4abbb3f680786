import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { ChunkLoadError, isChunkLoadError } from '../../lib/chunkLoad';

interface Explanation {
  readonly title: string;
  readonly lead: string;
  readonly reload: string;
}

function explain(error: unknown): Explanation {
  if (error instanceof ChunkLoadError && error.reason === 'timeout') {
    return {
      title: 'This screen is taking too long to load',
      lead: 'Its code did not arrive within 2 minutes. Check your Internet connection, then try again.',
      reload: 'Try again',
    };
  }
  if (isChunkLoadError(error)) {
    return {
      title: 'This screen could not be loaded',
      lead: 'Its code could not be downloaded: the connection dropped, or Tandem was updated meanwhile. Try again to load the current version.',
      reload: 'Try again',
    };
  }
  return {
    title: 'This page could not be shown',
    lead: 'Reloading usually helps, for example after Tandem was updated.',
    reload: 'Reload',
  };
}

/**
 * Shown when a screen fails to load or render. A screen's code that failed to
 * download or timed out (lib/chunkLoad.ts, 120 s) gets its own explanation; trying
 * again reloads the page, since the browser keeps a failed import failed.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Unknown error';
  const { title, lead, reload } = explain(error);
  return (
    <main className="main">
      <section className="page page--centered" aria-labelledby="page-title">
        <h1 id="page-title" className="page__title">
          {title}
        </h1>
        <p className="page__lead">{lead}</p>
        <p className="error-detail">{detail}</p>
        <div className="button-row">
          <button type="button" className="button button--primary" onClick={() => { window.location.reload(); }}>
            {reload}
          </button>
          <Link to="/" className="button button--secondary" reloadDocument>
            Go to the home page
          </Link>
        </div>
      </section>
    </main>
  );
}
