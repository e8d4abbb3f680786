import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { demoByPath } from '../demos';
// The demos show texts through i18next; a demo opened directly must not find it uninitialised.
import '../i18n/i18n';

/**
 * The frame of a developer demo (spec §2 /demos/*, development hosts only): its
 * title and purpose above the real components it shows in each of their states.
 */
export function DemoFrame({ path, children }: { path: string; children: ReactNode }) {
  const demo = demoByPath(path);
  if (demo === null) return null;
  const { title, purpose } = demo;
  return (
    <section className="page demo" aria-labelledby="page-title">
      <header className="page__header">
        <p className="eyebrow">
          <Link to="/demos">Developer demos</Link>
        </p>
        <h1 id="page-title" className="page__title">
          Demo: {title}
        </h1>
        <p className="page__lead">{purpose}</p>
      </header>
      {children}
    </section>
  );
}

/** One state of a component, named, in its own card. */
export function DemoCase({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card demo-case" aria-label={title}>
      <h2 className="demo-case__title">{title}</h2>
      {children}
    </section>
  );
}
