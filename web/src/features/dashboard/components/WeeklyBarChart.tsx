import { useId } from 'react';
import type { WeekCount } from '../analytics';
import { dashboardTexts } from '../dashboard.texts';
import { formatWeek } from '../format';
import { palette } from '../../../shared/theme';

const t = dashboardTexts.analytics;

const WIDTH = 320;
const HEIGHT = 160;
const TOP = 18;
const BOTTOM = 22;
const GAP = 8;

/**
 * A bar per week, drawn in SVG (no chart library). Screen readers get one image whose description
 * reads every week's count; the drawing itself repeats the figures above the bars.
 */
export function WeeklyBarChart({ weeks }: { weeks: WeekCount[] }) {
  const id = useId();
  const max = Math.max(1, ...weeks.map((week) => week.count));
  const total = weeks.reduce((sum, week) => sum + week.count, 0);
  const slot = WIDTH / weeks.length;
  const barWidth = slot - GAP;
  const plot = HEIGHT - TOP - BOTTOM;

  return (
    <svg
      className="pj-dash__chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      preserveAspectRatio="xMidYMid meet"
    >
      <title id={`${id}-title`}>{`${t.chartTitle}. ${t.chartSummary(total, weeks.length)}`}</title>
      <desc id={`${id}-desc`}>{weeks.map((week) => t.chartWeek(formatWeek(week.start), week.count)).join('; ')}</desc>
      <line x1={0} x2={WIDTH} y1={HEIGHT - BOTTOM} y2={HEIGHT - BOTTOM} stroke={palette.borderStrong} />
      {weeks.map((week, index) => {
        const height = (week.count / max) * plot;
        const x = index * slot + GAP / 2;
        const y = HEIGHT - BOTTOM - height;
        return (
          <g key={week.start.toISOString()}>
            <rect x={x} y={y} width={barWidth} height={Math.max(height, 0)} rx={3} fill={palette.primary} />
            <text x={x + barWidth / 2} y={y - 4} textAnchor="middle" fontSize={10} fill={palette.textStrong}>
              {week.count}
            </text>
            <text x={x + barWidth / 2} y={HEIGHT - 6} textAnchor="middle" fontSize={9} fill={palette.text}>
              {formatWeek(week.start)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
