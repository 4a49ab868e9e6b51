// The landing page, which main.tsx renders for visitors and Home shows when nobody is signed in; its
// pricing plans, which the plans page shows too.
export { LandingPage } from './LandingPage';
export { pricing, type Plan } from './landing.texts';
