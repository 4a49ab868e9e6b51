import { FactList, type Fact } from '../../../shared/ui/FactList';

export type CareerFact = Fact;

/** Named figures of a career (salary, time to achieve, match, growth), two to a row. */
export function CareerFacts({ facts, className }: { facts: CareerFact[]; className?: string }) {
  return <FactList facts={facts} className={className ? `pj-career-facts ${className}` : 'pj-career-facts'} />;
}
