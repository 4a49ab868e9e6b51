/** The loading, empty and failed states of a page or a list (LoadError, ListStates). */
export const pageStatesTexts = {
  retry: 'Try Again',
};
