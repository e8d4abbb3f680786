import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <section className="page page--centered" aria-labelledby="page-title">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 id="page-title" className="page__title">
        Oops. Nothing here...
      </h1>
      <p className="page__lead">Sorry, the page you're looking for can't be found</p>
      <Link to="/" className="button button--primary">
        Go to the home page
      </Link>
    </section>
  );
}
