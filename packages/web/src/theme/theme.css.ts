import { assignVars, createGlobalTheme, createThemeContract, globalStyle } from '@vanilla-extract/css';
import { dark, light, type Palette } from './palette';

const colorContract: { [K in keyof Palette]: null } = {
  background: null,
  surface: null,
  surfaceSunken: null,
  surfaceHover: null,
  border: null,
  borderStrong: null,
  text: null,
  textMuted: null,
  primary: null,
  primaryHover: null,
  primaryPressed: null,
  onPrimary: null,
  primarySoft: null,
  primaryText: null,
  danger: null,
  dangerHover: null,
  onDanger: null,
  positive: null,
  negative: null,
  errorText: null,
  errorSoft: null,
  successText: null,
  successSoft: null,
  focusRing: null,
  overlay: null,
};

/** The one set of design tokens. Components style themselves with `vars.*` only. */
export const vars = createThemeContract({
  color: colorContract,
  space: { xxs: null, xs: null, sm: null, md: null, lg: null, xl: null, xxl: null, xxxl: null },
  radius: { sm: null, md: null, lg: null, xl: null, full: null },
  font: { body: null, mono: null },
  fontSize: { xs: null, sm: null, md: null, lg: null, xl: null, xxl: null, xxxl: null },
  fontWeight: { regular: null, medium: null, semibold: null, bold: null },
  lineHeight: { tight: null, normal: null },
  shadow: { sm: null, md: null, lg: null },
  /** Dialogs sit at 50; the split dialog (opened from a dialog) at 100; toasts above everything. */
  zIndex: { header: null, bottomNav: null, dialog: null, splitDialog: null, toast: null },
  size: { touchTarget: null, contentMax: null, bottomNav: null, header: null },
  duration: { fast: null, normal: null },
});

createGlobalTheme(':root', vars, {
  color: light,
  space: {
    xxs: '2px',
    xs: '4px',
    sm: '8px',
    md: '12px',
    lg: '16px',
    xl: '24px',
    xxl: '32px',
    xxxl: '48px',
  },
  radius: { sm: '6px', md: '10px', lg: '14px', xl: '20px', full: '9999px' },
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  },
  fontSize: {
    xs: '0.75rem',
    sm: '0.875rem',
    md: '1rem',
    lg: '1.125rem',
    xl: '1.375rem',
    xxl: '1.75rem',
    xxxl: '2.25rem',
  },
  fontWeight: { regular: '400', medium: '500', semibold: '600', bold: '700' },
  lineHeight: { tight: '1.25', normal: '1.5' },
  shadow: {
    sm: '0 1px 2px rgba(16, 24, 40, 0.06), 0 1px 3px rgba(16, 24, 40, 0.08)',
    md: '0 4px 12px rgba(16, 24, 40, 0.08), 0 2px 4px rgba(16, 24, 40, 0.06)',
    lg: '0 16px 40px rgba(16, 24, 40, 0.18), 0 4px 12px rgba(16, 24, 40, 0.08)',
  },
  zIndex: { header: '10', bottomNav: '10', dialog: '50', splitDialog: '100', toast: '1000' },
  size: { touchTarget: '44px', contentMax: '480px', bottomNav: '64px', header: '56px' },
  duration: { fast: '120ms', normal: '200ms' },
});

globalStyle(':root', {
  colorScheme: 'light dark',
  '@media': {
    '(prefers-color-scheme: dark)': {
      vars: assignVars(vars.color, dark),
    },
  },
});
