// Signing in and up, the password pages and the route guards (app/router.tsx loads them lazily by path).
// Who is signed in is shared/session's. For other features: the public pages' layout (a visitor's
// /career-recommendations), and the account fields' rules and texts (the settings forms).
export { AuthLayout, type AuthLayoutProps } from './components/AuthLayout';
export { NameFields } from './components/NameFields';
export { NewPasswordFields } from './components/NewPasswordFields';
export { nameRules, newPasswordRules, sameAsRule } from './auth-form';
export { authTexts } from './auth.texts';
