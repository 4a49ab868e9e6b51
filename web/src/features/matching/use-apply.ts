import { App, Button } from 'antd';
import { createElement } from 'react';
import { useNavigate } from 'react-router-dom';
import { MatchingErrorCode } from '@projectory/contracts/values';
import { toApiFailure } from '../../api/api-error';
import { applicationsLeftTexts } from '../../shared/ui/applications-left.texts';
import { useApplyToProjectMutation } from './matching.api';
import { matchingTexts } from './matching.texts';

/** Refusals whose own words tell the student more than the prototype's generic toast. */
const EXPLAINED_CODES = new Set<string>([
  MatchingErrorCode.PlanLimitReached,
  MatchingErrorCode.AlreadyApplied,
  MatchingErrorCode.ProjectInactive,
]);

export interface ApplyOutcome {
  applied: boolean;
  /** The failure's code, if it failed. */
  code?: string;
}

/**
 * A student applies to a project (POST /api/matches) with the prototype's toasts: 'Application
 * Submitted!', or 'Error' with its generic sentence, except for the refusals the server explains
 * (the monthly plan limit, already applied, project no longer active). The plan limit's toast has a
 * 'See plans' button to /plans, where a higher plan is requested.
 */
export function useApplyToProject() {
  const [applyToProject, { isLoading }] = useApplyToProjectMutation();
  const { notification } = App.useApp();
  const navigate = useNavigate();

  /** `pitch`: why the student applies, trimmed; blank sends none. */
  const apply = async (projectId: string, pitch = ''): Promise<ApplyOutcome> => {
    try {
      await applyToProject(pitch.trim() ? { projectId, pitch: pitch.trim() } : { projectId }).unwrap();
      notification.success({ title: matchingTexts.applied.title, description: matchingTexts.applied.description });
      return { applied: true };
    } catch (error) {
      const failure = toApiFailure(error);
      const key = `apply-failed-${projectId}`;
      // Past the monthly limit the way on is a higher plan: the toast leads to /plans.
      const toPlans =
        failure.code === MatchingErrorCode.PlanLimitReached
          ? createElement(
              Button,
              {
                type: 'primary',
                size: 'small',
                onClick: () => {
                  notification.destroy(key);
                  void navigate('/plans');
                },
              },
              applicationsLeftTexts.plans,
            )
          : undefined;
      notification.error({
        key,
        title: matchingTexts.applyFailed.title,
        description: EXPLAINED_CODES.has(failure.code) ? failure.message : matchingTexts.applyFailed.description,
        actions: toPlans,
      });
      return { applied: false, code: failure.code };
    }
  };

  return { apply, isLoading };
}
