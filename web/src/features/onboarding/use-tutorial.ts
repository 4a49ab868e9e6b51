import { App } from 'antd';
import { useState } from 'react';
import { useGetOnboardingQuery, useSaveOnboardingMutation } from './onboarding.api';
import { onboardingTexts } from './onboarding.texts';

/** Closing without finishing holds until the next page load; the next visit offers the tutorial again. */
let dismissedThisPageLoad = false;

export interface Tutorial {
  open: boolean;
  /** The Tutorial button. */
  reopen: () => void;
  /** Skip or close: nothing is saved. */
  dismiss: () => void;
  /** 'Get Started' on the last step: saves completion. */
  finish: () => Promise<void>;
  finishing: boolean;
}

/** The onboarding tutorial's state: opens by itself while GET /api/onboarding says it was never completed. */
export function useTutorial(): Tutorial {
  const { data } = useGetOnboardingQuery(undefined);
  const [save, { isLoading }] = useSaveOnboardingMutation();
  const [dismissed, setDismissed] = useState(dismissedThisPageLoad);
  const [reopened, setReopened] = useState(false);
  const { message } = App.useApp();

  const close = () => {
    dismissedThisPageLoad = true;
    setDismissed(true);
    setReopened(false);
  };

  return {
    open: reopened || (data !== undefined && !data.hasCompletedTutorial && !dismissed),
    reopen: () => setReopened(true),
    dismiss: close,
    finish: async () => {
      try {
        await save({ hasCompletedTutorial: true, completedAt: new Date().toISOString() }).unwrap();
        close();
      } catch {
        void message.error(onboardingTexts.saveFailed);
      }
    },
    finishing: isLoading,
  };
}
