import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/**
 * Shown when a screen fails to load or render. The usual cause after a new
 * deployment is a stale chunk name, which a reload fixes.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Unknown error';
  return (
    <main className="main">
      <section className="page page--centered" aria-labelledby="page-title">
        <h1 id="page-title" className="page__title">
          This page could not be shown
        </h1>
        <p className="page__lead">Reloading usually helps, for example after Tandem was updated.</p>
        <p className="error-detail">{detail}</p>
        <div className="button-row">
          <button type="button" className="button button--primary" onClick={() => { window.location.reload(); }}>
            Reload
          </button>
          <Link to="/" className="button button--secondary" reloadDocument>
            Go to the home page
          </Link>
        </div>
      </section>
    </main>
  );
}
