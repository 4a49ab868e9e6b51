import type { ThemeConfig } from 'antd';
import { palette } from './palette';

/** The app's antd theme; its colours are the palette's, as the landing page's (tokens.css). */
export const theme: ThemeConfig = {
  // A fixed name for the class that holds the theme's CSS variables (antd's default is derived from
  // React's useId): the variables are then part of the build's static stylesheet (antd-styles.tsx),
  // which also styles index.html's first frame (app-frames.tsx) exactly as the app.
  cssVar: { key: 'pj-theme' },
  token: {
    colorPrimary: palette.primary,
    colorLink: palette.primary,
    // antd derives a lighter hover shade (#7d72f2, 3.8:1 on white) for the text of hovered default
    // buttons and links; a darker indigo keeps hover states at AA contrast.
    colorPrimaryHover: palette.primaryStrong,
    colorLinkHover: palette.primaryStrong,
    // antd's default secondary texts (45% black) and placeholders (25%) fall below WCAG AA contrast on
    // white (4.5:1); these pass.
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
    // The default red (#ff4d4f) reaches 3.3:1 on white: too faint for danger buttons and error texts.
    colorError: palette.danger,
    borderRadius: 10,
    fontFamily:
      "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji'",
  },
};
