import { DEFAULT_TAG_SET_COLOR } from '@grouptrack/domain';
import { createTheme } from '@mantine/core';
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
  // Shade 6 (the brand blue) gives white text and links only 4.4:1; shade 7 meets WCAG AA (5.9:1).
  primaryShade: { light: 7, dark: 5 },
  colors: { brand },
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
});

/** Dimmed text one step darker than Mantine's gray 6 (3.3:1 on white), so hints and descriptions meet WCAG AA. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
