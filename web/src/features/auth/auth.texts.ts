/**
 * Texts of the sign-in, sign-up and password pages (prototype spec §2 "Sign-in screen", "Sign-up
 * screen"). Validation messages are the server's (libs/contracts identity.ts), so that a message reads
 * the same whether the browser or the server caught the mistake.
 */

import { FREE_PLAN_MONTHLY_APPLICATIONS, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from '@projectory/contracts/values';

// The server's bounds (libs/contracts values/identity.ts).
export { NAME_MAX, PASSWORD_MAX, PASSWORD_MIN };

export const authTexts = {
  brand: 'Projectory',
  backHome: 'Back to Home',
  or: 'or',
  continueWith: (provider: string) => `Continue with ${provider}`,
  /** `?error=` set by the server when sign-in through the OpenID provider did not work. */
  providerErrors: {
    provider_unavailable:
      'Sign-in with your organisation is not available right now. Use your e-mail and password, or try again later.',
    provider_failed: 'Sign-in with your organisation did not work. Try again, or use your e-mail and password.',
  } as Record<string, string | undefined>,
  legal: {
    label: 'Legal',
    terms: 'Terms of Service',
    privacy: 'Privacy Policy',
  },
  fields: {
    firstName: 'First Name',
    lastName: 'Last Name',
    email: 'Email Address',
    emailPlaceholder: 'you@example.com',
    password: 'Password',
    passwordHint: `${PASSWORD_MIN}–${PASSWORD_MAX} characters`,
    newPassword: 'New Password',
    confirmPassword: 'Confirm New Password',
  },
  validation: {
    firstNameRequired: 'First name is required',
    lastNameRequired: 'Last name is required',
    nameTooLong: (label: string) => `${label} must be at most ${NAME_MAX} characters`,
    emailRequired: 'Email is required',
    emailInvalid: 'Enter a valid email address',
    passwordRequired: 'Password is required',
    passwordTooShort: `Password must be at least ${PASSWORD_MIN} characters`,
    passwordTooLong: `Password must be at most ${PASSWORD_MAX} characters`,
    passwordsDiffer: 'The two passwords do not match',
    roleRequired: 'Please choose student or employer',
    termsRequired: 'You must agree to the Terms of Service and Privacy Policy',
  },
  login: {
    documentTitle: 'Sign In · Projectory',
    title: 'Welcome Back',
    lead: 'Sign in to pick up where you left off: your matches, projects and messages.',
    cardTitle: 'Sign In to Projectory',
    rememberMe: 'Remember me',
    forgotPassword: 'Forgot password?',
    submit: 'Sign In',
    noAccount: "Don't have an account?",
    signUp: 'Sign up',
    invalidCredentials: 'Invalid email or password',
    statsLabel: 'What Projectory gives you',
    // What the product does, stated by its own constants: no invented user counts or success rates.
    stats: [
      { value: 'Culture fit', label: 'A short assessment, then matches explained' },
      { value: String(FREE_PLAN_MONTHLY_APPLICATIONS), label: 'Free applications a month' },
      { value: 'Real work', label: 'Projects with mentorship, references or certificates' },
    ],
  },
  signup: {
    documentTitle: 'Sign Up · Projectory',
    title: 'Get Started with Projectory',
    lead: 'Create your account to take the culture assessment and find projects where you fit.',
    cardTitle: 'Sign Up for Projectory',
    role: 'I am a...',
    rolePlaceholder: 'Select your role',
    roles: [
      { value: 'student', label: 'Student' },
      { value: 'employer', label: 'Employer' },
    ],
    agreeBefore: 'I agree to the ',
    agreeBetween: ' and ',
    submit: 'Create Account',
    haveAccount: 'Already have an account?',
    signIn: 'Sign in here',
    emailTaken: 'An account with this email already exists. Sign in instead?',
    whyJoin: 'Why Join',
    reasons: [
      'AI-powered matching with perfect cultural fit',
      'Real-world experience and skill development',
      'Portfolio with verified projects',
    ],
  },
  forgot: {
    documentTitle: 'Forgot Password · Projectory',
    title: 'Forgot your password?',
    lead: "Enter the email address of your account and we'll send you a link to choose a new password.",
    cardTitle: 'Reset Your Password',
    submit: 'Send Reset Link',
    sentTitle: 'Check your inbox',
    sent: "If an account exists for that e-mail, we've sent a link to reset your password. The link expires soon, so use it quickly.",
    backToSignIn: 'Back to Sign In',
  },
  reset: {
    documentTitle: 'Choose a New Password · Projectory',
    title: 'Choose a new password',
    lead: 'Pick a password you do not use anywhere else.',
    cardTitle: 'Set a New Password',
    submit: 'Set New Password',
    doneTitle: 'Your password has been changed',
    done: 'You can now sign in with your new password.',
    signIn: 'Sign In',
    invalidTitle: 'This reset link is invalid or has expired',
    invalid: 'Ask for a new link and use it within its time limit.',
    requestNew: 'Request a New Link',
  },
} as const;
