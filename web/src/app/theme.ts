import type { ThemeConfig } from 'antd';

/** The app's antd theme; the colours match the landing page's (features/landing/landing.css). */
export const theme: ThemeConfig = {
  // A fixed name for the class that holds the theme's CSS variables (antd's default is derived from
  // React's useId): the variables are then part of the build's static stylesheet (antd-styles.tsx),
  // which also styles index.html's first frame (app-frames.tsx) exactly as the app.
  cssVar: { key: 'pj-theme' },
  token: {
    colorPrimary: '#4f46e5',
    colorLink: '#4f46e5',
    // antd derives a lighter hover shade (#7d72f2, 3.8:1 on white) for the text of hovered default
    // buttons and links; a darker indigo keeps hover states at AA contrast.
    colorPrimaryHover: '#4338ca',
    colorLinkHover: '#4338ca',
    // antd's default secondary texts (45% black) and placeholders (25%) fall below WCAG AA contrast on
    // white (4.5:1); these pass.
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
    // The default red (#ff4d4f) reaches 3.3:1 on white: too faint for danger buttons and error texts.
    colorError: '#cf1322',
    borderRadius: 10,
    fontFamily:
      "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji'",
  },
};
