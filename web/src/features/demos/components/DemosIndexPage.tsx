import { Link } from 'react-router';
import { DEMOS } from '../../../lib/demos';

export function DemosIndexPage() {
  return (
    <section className="page" aria-labelledby="page-title">
      <header className="page__header">
        <h1 id="page-title" className="page__title">
          Developer demos
        </h1>
        <p className="page__lead">Building blocks in isolation. Only reachable on development hosts.</p>
      </header>
      <ul className="demo-grid">
        {DEMOS.map((demo) => (
          <li key={demo.path}>
            <Link className="card demo-card" to={`/demos/${demo.path}`}>
              <span className="demo-card__title">{demo.title}</span>
              <span className="demo-card__purpose">{demo.purpose}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
