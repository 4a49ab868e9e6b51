import { Tag } from 'antd';
import { scoreColor } from '../../../shared/ui/MatchTags';
import { messagesTexts } from '../messages.texts';

/** Prototype spec §4 "Badges", messaging: ≥ 80 green, ≥ 60 yellow, below red; in the list, ≥ 90 is highlighted. */
export function ScoreBadge({ score, highlight = false }: { score: number | null; highlight?: boolean }) {
  if (score === null) return null;
  const className = highlight && score >= 90 ? 'pj-score-badge pj-score-badge--top' : 'pj-score-badge';
  return (
    <Tag color={scoreColor(score)} className={className}>
      {messagesTexts.thread.score(score)}
    </Tag>
  );
}
