// Components that several features use. Each sits beside its stylesheet and its texts (`*.texts.ts`,
// which browser tests read); a module imports the one file it needs (`shared/ui/Tabs`), and this
// index lists them all. Nothing here imports a feature (eslint.config.js).
export { ApplicationsLeft, useApplicationsLeft, type ApplicationsLeftFigures } from './ApplicationsLeft';
export { AssessmentPrompt } from './AssessmentPrompt';
export { BrandLogo } from './BrandLogo';
export { ButtonLink, type ButtonLinkProps } from './ButtonLink';
export { CandidateCard, type CandidateCardProps, type CandidateMatch } from './CandidateCard';
export { FormAlert } from './FormAlert';
export { FullScreenSpinner } from './FullScreenSpinner';
export { Icon, type IconName } from './Icon';
export { baseGlyphs, lineIcon } from './line-icon';
export { ListEmpty, ListLoading, QueryList } from './ListStates';
export { LoadError, QueryError, type FailedQuery } from './LoadError';
export { LoadingState } from './LoadingState';
export { ClosedReason, MatchBadges, OverallTag, Reasons, ScoreTag, StatusTag, scoreColor } from './MatchTags';
export { MissingCard } from './MissingCard';
export { NotFoundPage, NotFoundRoute } from './NotFoundPage';
export { StatusResult } from './StatusResult';
export { ProficiencyBar, proficiencyPercent } from './ProficiencyBar';
export { ProfileLink } from './ProfileLink';
export { QuickActions, type QuickAction } from './QuickActions';
export { MatchScores, ScoreBar } from './ScoreBar';
export { StatGrid, type Stat } from './StatGrid';
export { Tabs, type TabItem } from './Tabs';
export { TagList } from './TagList';
export { UserAvatar, avatarInitial } from './UserAvatar';
export { WorkingStyleBars, workingStyleLabels } from './WorkingStyleBars';
export { applicationsLeftTexts } from './applications-left.texts';
export { assessmentPromptTexts } from './assessment-prompt.texts';
export { matchTagsTexts } from './match-tags.texts';
export { notFoundTexts } from './not-found.texts';
export { pageStatesTexts } from './page-states.texts';
export { proficiencyBarTexts } from './proficiency-bar.texts';
export { candidatePath, profileLinkTexts } from './profile-link.texts';
export { tagListTexts } from './tag-list.texts';
