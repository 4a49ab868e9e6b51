import { StatGrid } from '../../../shared/ui/StatGrid';
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
  return <StatGrid stats={stats} label={matchingTexts.statsLabel} />;
}
