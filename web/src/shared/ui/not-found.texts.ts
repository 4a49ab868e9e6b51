export const notFoundTexts = {
  documentTitle: 'Page Not Found · Projectory',
  title: '404 Page Not Found',
  description: 'Sorry, the page you visited does not exist.',
  backHome: 'Back to Home',
} as const;
