// Projects (/projects, /projects/:projectId, loaded lazily by app/router.tsx). For other features: Apply
// Now, the employer's own projects, and how quickly an employer answers.
export { ApplyButton } from './components/ApplyButton';
export { useGetMyProjectsQuery } from './projects.api';
export { responseDuration } from './responsiveness.texts';
