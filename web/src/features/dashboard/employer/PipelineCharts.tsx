import { useId } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { palette } from '../../../shared/theme';
import { formatWeek } from '../format';
import type { Pipeline } from '../pipeline.api';
import { FUNNEL_EXITS, FUNNEL_STEPS, pipelineTexts as t } from '../pipeline.texts';

const STEP_COLORS = {
  invited: palette.accent,
  applied: palette.primary,
  accepted: palette.success,
  completed: palette.info,
  rejected: palette.danger,
  withdrawn: palette.textMuted,
} as const;

const axis = { fontSize: 12, fill: palette.text };

/**
 * The pipeline's charts (recharts, in this module's own chunk: loaded with the Analytics tab, never with
 * the landing page or the dashboard's first frame). Each chart is one image for screen readers, named
 * by its title and described by its figures; the funnel's figures are also listed as text beside it.
 */
export function PipelineCharts({ pipeline }: { pipeline: Pipeline }) {
  const id = useId();
  const funnel = [...FUNNEL_STEPS, ...FUNNEL_EXITS].map((step) => ({
    step,
    label: t.steps[step],
    count: pipeline.funnel[step],
  }));
  const weekly = pipeline.weekly.map((week) => ({ ...week, label: formatWeek(new Date(week.weekStart)) }));
  return (
    <div className="pj-pipeline__charts">
      <figure className="pj-pipeline__chart" role="img" aria-labelledby={`${id}-funnel ${id}-funnel-desc`}>
        <figcaption id={`${id}-funnel`} className="pj-pipeline__chart-title">
          {t.funnelTitle}
        </figcaption>
        <span id={`${id}-funnel-desc`} className="pj-visually-hidden">
          {funnel.map((item) => t.step(item.label, item.count)).join('; ')}
        </span>
        <div aria-hidden="true" className="pj-pipeline__plot">
          <ResponsiveContainer width="100%" height={220}>
            {/* Bars across, one row per step: the steps' names never crowd each other on a phone. */}
            <BarChart data={funnel} layout="vertical" margin={{ top: 0, right: 16, bottom: 0, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" stroke={palette.divider} horizontal={false} />
              <XAxis type="number" allowDecimals={false} tick={axis} tickLine={false} axisLine={false} />
              <YAxis type="category" dataKey="label" tick={axis} tickLine={false} width={84} interval={0} />
              <Tooltip cursor={{ fill: palette.surfaceMuted }} />
              <Bar dataKey="count" name={t.funnelTitle} radius={[0, 4, 4, 0]} barSize={18} isAnimationActive={false}>
                {funnel.map((item) => (
                  <Cell key={item.step} fill={STEP_COLORS[item.step]} />
                ))}
              </Bar>
            </BarChart>
          </ResponsiveContainer>
        </div>
      </figure>
      <figure className="pj-pipeline__chart" role="img" aria-labelledby={`${id}-weekly ${id}-weekly-desc`}>
        <figcaption id={`${id}-weekly`} className="pj-pipeline__chart-title">
          {t.weeklyTitle(weekly.length)}
        </figcaption>
        <span id={`${id}-weekly-desc`} className="pj-visually-hidden">
          {weekly.map((week) => t.weeklyWeek(week.label, week.applied, week.accepted, week.completed)).join('; ')}
        </span>
        <div aria-hidden="true" className="pj-pipeline__plot">
          <ResponsiveContainer width="100%" height={220}>
            <LineChart data={weekly} margin={{ top: 8, right: 8, bottom: 0, left: -20 }}>
              <CartesianGrid strokeDasharray="3 3" stroke={palette.divider} vertical={false} />
              <XAxis dataKey="label" tick={axis} tickLine={false} />
              <YAxis allowDecimals={false} tick={axis} tickLine={false} axisLine={false} />
              <Tooltip />
              <Legend wrapperStyle={{ fontSize: 12, color: palette.text }} />
              <Line
                type="monotone"
                dataKey="applied"
                name={t.weeklySeries.applied}
                stroke={palette.primary}
                strokeWidth={2}
                isAnimationActive={false}
              />
              <Line
                type="monotone"
                dataKey="accepted"
                name={t.weeklySeries.accepted}
                stroke={palette.success}
                strokeWidth={2}
                isAnimationActive={false}
              />
              <Line
                type="monotone"
                dataKey="completed"
                name={t.weeklySeries.completed}
                stroke={palette.info}
                strokeWidth={2}
                isAnimationActive={false}
              />
            </LineChart>
          </ResponsiveContainer>
        </div>
      </figure>
    </div>
  );
}
