// Find Talent (/talent, loaded lazily by app/router.tsx): employers search discoverable students,
// shortlist and invite them. For other features and browser tests: its texts and path.
export { FIND_TALENT_PATH, talentTexts } from './talent.texts';
