import { DEFAULT_TAG_SET_COLOR } from '@grouptrack/domain';
import { Notification, createTheme } from '@mantine/core';
import type { CSSVariablesResolver, MantineColorsTuple } from '@mantine/core';

// Shades around GroupTrack's brand blue (#1C7EBB, shade 6).
const brand: MantineColorsTuple = [
  '#e6f4fc',
  '#cfe5f5',
  '#a0c9ea',
  '#6dabdf',
  '#4592d6',
  '#2c83d1',
  DEFAULT_TAG_SET_COLOR,
  '#0e69a4',
  '#005d94',
  '#005183',
];

export const theme = createTheme({
  primaryColor: 'brand',
  // Shade 6 (the brand blue) gives white text and links only 4.4:1; shade 7 meets WCAG AA (5.9:1), in
  // both schemes (filled buttons carry white text in dark too).
  primaryShade: { light: 7, dark: 7 },
  colors: { brand },
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
  components: {
    // Every toast's close button says what it does to a screen reader (Mantine leaves it unnamed).
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
    }),
  },
});

/**
 * Colours that change with the scheme. Dimmed text that meets WCAG AA in both (in light one step darker
 * than Mantine's gray 6, 3.3:1 on white), and in light red or orange text (c="red") dark enough for AA. The page behind cards and the
 * board's columns are GroupTrack's own surfaces (--gt-color-*), a shade apart from the body in each scheme.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-red-text': 'var(--mantine-color-red-9)',
    '--mantine-color-orange-text': 'var(--mantine-color-orange-9)',
    // Light orange badges (the trial's days left) carry shade 9 text; dark mode keeps Mantine's shade 4.
    '--mantine-color-orange-light-color': 'var(--mantine-color-orange-9)',
    '--gt-color-page': 'var(--mantine-color-gray-0)',
    '--gt-color-column': 'var(--mantine-color-gray-1)',
    '--gt-color-drop': 'var(--mantine-color-blue-0)',
  },
  dark: {
    // Mantine's dark dimmed (dark 2, #828282) reads 3.5:1 on a board column; this grey keeps 4.5:1 up to dark 4.
    '--mantine-color-dimmed': '#adadad',
    '--gt-color-page': 'var(--mantine-color-dark-8)',
    '--gt-color-column': 'var(--mantine-color-dark-6)',
    '--gt-color-drop': 'var(--mantine-color-dark-4)',
  },
});
