import type { ReactNode } from 'react';

export interface CareerFact {
  label: string;
  value: ReactNode;
}

/** Named figures of a career (salary, time to achieve, match, growth), two to a row. */
export function CareerFacts({ facts, className }: { facts: CareerFact[]; className?: string }) {
  return (
    <dl className={className ? `pj-career-facts ${className}` : 'pj-career-facts'}>
      {facts.map((fact) => (
        <div key={fact.label}>
          <dt>{fact.label}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
