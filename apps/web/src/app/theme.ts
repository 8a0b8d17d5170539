import { DEFAULT_TAG_SET_COLOR } from '@grouptrack/domain';
import { createTheme } from '@mantine/core';
import type { MantineColorsTuple } from '@mantine/core';

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
  colors: { brand },
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
});
