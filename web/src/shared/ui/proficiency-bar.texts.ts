/** The proficiency bar (ProficiencyBar.tsx). Imports nothing: browser tests read it. */
export const proficiencyBarTexts = {
  label: (skill: string) => `${skill} proficiency`,
};
