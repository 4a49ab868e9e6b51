import { careersTexts as t, growthTone } from '../careers.texts';

/** '{growth} Growth': High green, Medium yellow, Low red, anything else grey (prototype spec §4). */
export function GrowthBadge({ growth }: { growth: string }) {
  return <span className={`pj-growth pj-growth--${growthTone(growth)}`}>{t.card.growth(growth)}</span>;
}
