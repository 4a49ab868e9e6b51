/**
 * The web's colours, one per role: the only place their values are written. tokens.css declares each
 * as `--pj-color-<role>` (`textMuted` → `--pj-color-text-muted`), for CSS and inline styles; code that
 * needs the value itself (antd's theme and its Tag and Progress colours, SVG charts) takes it from here.
 * tokens.spec.ts proves the two agree.
 *
 * Text colours keep WCAG AA contrast (4.5:1) on the surfaces they are used on; a "strong" shade is the
 * text on the matching "soft" or "subtle" background.
 */
export const palette = {
  // Text
  textStrong: '#0f172a',
  text: '#334155',
  textMuted: '#475569',
  textInverse: '#ffffff',
  textInverseMuted: '#cbd5e1',
  textInverseSubtle: '#94a3b8',
  textOnPrimaryMuted: '#e0e7ff',

  // Surfaces
  surface: '#ffffff',
  /** The page behind the cards, and panels set into a card. */
  bg: '#f8fafc',
  surfaceMuted: '#f1f5f9',
  surfaceStrong: '#e2e8f0',
  /** The landing page's tinted sections. */
  surfaceTint: '#f6f7fe',
  surfaceInverse: '#0f172a',
  surfaceInverseRaised: '#1e293b',
  surfaceInverseStrong: '#334155',

  // Lines
  border: '#e2e8f0',
  divider: '#f1f5f9',
  borderStrong: '#cbd5e1',
  borderInput: '#94a3b8',
  borderInverse: '#1e293b',
  focusInverse: '#a5b4fc',

  // Brand: indigo, with violet as the second stop of its gradients
  primary: '#4f46e5',
  primaryStrong: '#4338ca',
  primaryStronger: '#3730a3',
  primarySoft: '#eef2ff',
  primarySoftStrong: '#e0e7ff',
  primaryBorder: '#c7d2fe',
  primaryBorderStrong: '#a5b4fc',
  accent: '#7c3aed',
  accentStrong: '#6d28d9',
  accentSoft: '#f5f3ff',
  /** The tint of the brand's deep shadows. */
  shadow: '#1e1b4b',

  // Data and status
  /** The second series beside the primary one, e.g. skills beside culture (accent) in score bars. */
  secondary: '#0369a1',
  info: '#1d4ed8',
  success: '#15803d',
  successStrong: '#14532d',
  successSoft: '#dcfce7',
  successSubtle: '#f0fdf4',
  /** The landing page's success label and ticks. */
  successAccent: '#047857',
  successIcon: '#059669',
  warning: '#92400e',
  warningStrong: '#78350f',
  warningSoft: '#fef3c7',
  warningSubtle: '#fffbeb',
  warningBorder: '#f59e0b',
  highlight: '#fde68a',
  attention: '#c2410c',
  attentionStrong: '#9a3412',
  attentionBorder: '#fdba74',
  danger: '#b91c1c',
  dangerStrong: '#991b1b',
  dangerSoft: '#fee2e2',
  dangerSubtle: '#fef2f2',
  dangerBorder: '#fca5a5',
  /** A call's connection quality, on the call's dark panel. */
  signalGood: '#4ade80',
  signalFair: '#facc15',
  signalPoor: '#f87171',
} as const;

export type PaletteRole = keyof typeof palette;
