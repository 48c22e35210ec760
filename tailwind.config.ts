import daisyui from 'daisyui';
import daisyuiTheme from 'daisyui/theme';
import type { Config } from 'tailwindcss';

/** daisyUI ships no types (src/daisyui.d.ts declares them as unknown). */
type Plugin = NonNullable<Config['plugins']>[number];

/** Theme colours (docs/rules.md#theme). `primary-content` on #0096c7 fails AA for
 * normal text, so text-bearing primary surfaces use `primary-strong`: the same
 * hue, dark enough for AA on white (5.8:1) and on the #f2f5f8 background (5.3:1).
 * Likewise `error` (#ef476f) is 3.6:1 on white: error words, and the borders and fills that
 * mark something wrong or late, use `error-strong` (`text-error-strong`, `border-error-strong`,
 * `bg-error-strong`), 7.7:1 on white. */
export const themeColors = {
  primary: '#0096c7',
  primaryStrong: '#006d91',
  accent: '#c75500',
  secondary: '#00798b',
  info: '#2196f3',
  warning: '#FFC107',
  error: '#ef476f',
  errorStrong: '#a3153a',
  background: '#f2f5f8',
} as const;

/** Breakpoints (docs/rules.md#shell): xs < 600, sm < 960, md < 1280, lg < 1920. */
export const breakpoints = { sm: '600px', md: '960px', lg: '1280px', xl: '1920px' } as const;

/** Other layout constants (docs/rules.md#shell), for code that needs them (e.g. a scroll-spy or a resize handler). */
export const layoutConstants = {
  mobileBreakpoint: 1264,
  scrollbarWidth: 16,
  resizeDebounceMs: 200,
  smoothScrollMs: 500,
} as const;

/** daisyUI components the UI does not use (checked against the class names in src/),
 * and those only dialogs use, which src/styles/dialogs.css provides. */
const UNUSED_DAISYUI = [
  'modal',
  'select',
  'textarea',
  'radio',
  'join',
  'menu',
  'toggle',
  'steps',
  'timeline',
  'table',
  'stat',
  'tab',
  'toast',
  'validator',
  'status',
  'progress',
  'filter',
  'drawer',
  'avatar',
  'list',
  'indicator',
  'footer',
  'range',
  'rating',
  'dropdown',
  'tooltip',
  'swap',
  'collapse',
  'carousel',
  'chat',
  'countdown',
  'diff',
  'divider',
  'dock',
  'fab',
  'fileinput',
  'hero',
  'hover3d',
  'hovergallery',
  'kbd',
  'mask',
  'megamenu',
  'mockup',
  'navbar',
  'otp',
  'radialprogress',
  'skeleton',
  'stack',
  'textrotate',
  'calendar',
  'breadcrumbs',
  'aura',
  'glass',
  // base parts: the noise texture (--noise is 0) and @property rules of excluded components
  'svg',
  'properties',
];

export default {
  content: ['./src/**/*.{astro,ts,tsx}'],
  theme: {
    screens: breakpoints,
    extend: {
      fontFamily: { sans: ['"Inter Variable"', '"Inter Fallback"', 'system-ui', 'sans-serif'] },
      colors: { 'primary-strong': themeColors.primaryStrong, 'error-strong': themeColors.errorStrong },
    },
  },
  plugins: [
    // Components no page uses stay out of the CSS (daisyUI emits a component when its
    // class name appears anywhere in src/, e.g. the word "menu" or "table" in code).
    daisyui({ themes: false, logs: false, exclude: UNUSED_DAISYUI }) as Plugin,
    daisyuiTheme({
      name: 'umenu',
      default: true,
      'color-scheme': 'light',
      '--color-base-100': '#ffffff',
      '--color-base-200': themeColors.background,
      '--color-base-300': '#dde3ea',
      '--color-base-content': '#1b2330',
      '--color-primary': themeColors.primary,
      '--color-primary-content': '#04141c',
      '--color-secondary': themeColors.secondary,
      '--color-secondary-content': '#ffffff',
      '--color-accent': themeColors.accent,
      '--color-accent-content': '#ffffff',
      '--color-neutral': '#1b2330',
      '--color-neutral-content': '#ffffff',
      '--color-info': themeColors.info,
      '--color-info-content': '#04141c',
      '--color-success': '#1a7f4b',
      '--color-success-content': '#ffffff',
      '--color-warning': themeColors.warning,
      '--color-warning-content': '#1b2330',
      '--color-error': themeColors.error,
      '--color-error-content': '#1b0a10',
      '--radius-selector': '0.5rem',
      '--radius-field': '0.5rem',
      '--radius-box': '0.75rem',
      // daisyUI needs these; without them borders fall back to 3px currentColor.
      '--size-selector': '0.25rem',
      '--size-field': '0.25rem',
      '--border': '1px',
      '--depth': '1',
      '--noise': '0',
    }) as Plugin,
  ],
} satisfies Config;
