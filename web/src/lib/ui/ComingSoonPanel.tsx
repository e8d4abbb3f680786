import type { ReactNode } from 'react';
import { availabilityNote, type PlannedCapability } from '../roadmap';
import { Icon } from './icons';

interface ComingSoonPanelProps {
  capability: PlannedCapability;
  /** Concrete things the finished screen will let the user do. */
  plans: readonly string[];
  children?: ReactNode;
}

/**
 * Stands in for a screen a later release builds: says what it will do and when,
 * and shows no sample data that could be mistaken for the user's own.
 */
export function ComingSoonPanel({ capability, plans, children }: ComingSoonPanelProps) {
  return (
    <section className="page" aria-labelledby="page-title">
      <header className="page__header">
        <h1 id="page-title" className="page__title">
          {capability.title}
        </h1>
        <p className="page__lead">{capability.summary}</p>
      </header>
      <div className="card coming-soon">
        <p className="badge">
          <Icon name="clock" size={16} />
          {availabilityNote(capability)}
        </p>
        <h2 className="coming-soon__heading">What this screen will do</h2>
        <ul className="coming-soon__list">
          {plans.map((plan) => (
            <li key={plan}>{plan}</li>
          ))}
        </ul>
        {children}
      </div>
    </section>
  );
}
