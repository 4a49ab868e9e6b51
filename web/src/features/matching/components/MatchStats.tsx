import type { AdvancedMatches } from '../matching.api';
import { matchingTexts } from '../matching.texts';

const t = matchingTexts.stats;

const best = (scores: number[]) => (scores.length > 0 ? `${Math.max(...scores)}%` : t.none);

/** User matches, project matches, and the best culture and skill scores among them all. */
export function MatchStats({ matches }: { matches: AdvancedMatches }) {
  const all = [...matches.projectMatches, ...matches.userMatches];
  const stats = [
    { label: t.userMatches, value: String(matches.totalUserMatches) },
    { label: t.projectMatches, value: String(matches.totalProjectMatches) },
    { label: t.topCulture, value: best(all.map((match) => match.cultureScore)) },
    { label: t.topSkill, value: best(all.map((match) => match.skillMatch)) },
  ];
  return (
    <ul className="pj-stats" aria-label={matchingTexts.statsLabel}>
      {stats.map((stat) => (
        <li key={stat.label} className="pj-stat">
          <span className="pj-stat__label">{stat.label}</span>
          <span className="pj-stat__value">{stat.value}</span>
        </li>
      ))}
    </ul>
  );
}
