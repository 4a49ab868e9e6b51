import { App } from 'antd';
import { useState } from 'react';
import { useGetOnboardingQuery, useSaveOnboardingMutation } from './onboarding.api';
import { onboardingTexts } from './onboarding.texts';

/** Set at once on closing, so that the tutorial stays shut while the choice is being saved. */
let dismissedThisPageLoad = false;

export interface Tutorial {
  open: boolean;
  /** The Tutorial button. */
  reopen: () => void;
  /** Skip or close: the choice is saved like a finish, so the tutorial stays closed on later visits. */
  dismiss: () => void;
  /** 'Get Started' on the last step: saves completion. */
  finish: () => Promise<void>;
  finishing: boolean;
  /**
   * The user's first visit: the tutorial was never finished nor skipped (the server's saved choice)
   * when this page first asked. Kept while the page stays, so that closing the tutorial does not turn
   * "Welcome" into "Welcome back"; undefined until the server answered.
   */
  firstVisit: boolean | undefined;
}

/** The onboarding tutorial's state: opens by itself while GET /api/onboarding says it was never completed. */
export function useTutorial(): Tutorial {
  const { data } = useGetOnboardingQuery(undefined);
  const [save, { isLoading }] = useSaveOnboardingMutation();
  const [dismissed, setDismissed] = useState(dismissedThisPageLoad);
  const [reopened, setReopened] = useState(false);
  const [firstVisit, setFirstVisit] = useState<boolean>();
  if (data !== undefined && firstVisit === undefined) setFirstVisit(!data.hasCompletedTutorial);
  const { message } = App.useApp();

  const close = () => {
    dismissedThisPageLoad = true;
    setDismissed(true);
    setReopened(false);
  };

  const persist = async () => {
    try {
      await save({ hasCompletedTutorial: true, completedAt: new Date().toISOString() }).unwrap();
      return true;
    } catch {
      void message.error(onboardingTexts.saveFailed);
      return false;
    }
  };

  return {
    open: reopened || (data !== undefined && !data.hasCompletedTutorial && !dismissed),
    reopen: () => setReopened(true),
    dismiss: () => {
      close();
      // Reopened from the Tutorial button after it was saved: nothing more to save.
      if (!data?.hasCompletedTutorial) void persist();
    },
    finish: async () => {
      if (await persist()) close();
    },
    finishing: isLoading,
    firstVisit,
  };
}
