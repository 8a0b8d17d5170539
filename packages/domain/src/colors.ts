import { MESSAGES } from './messages';

/** A colour as red, green and blue (0–255) and alpha (0–1). */
export interface RgbColor {
  r: number;
  g: number;
  b: number;
  alpha: number;
}

const HEX_COLOR = /^#?(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** Checks whether a value is a hex colour: #rgb, #rgba, #rrggbb or #rrggbbaa, the '#' optional. */
export function isHexColor(value: unknown): value is string {
  return typeof value === 'string' && HEX_COLOR.test(value.trim());
}

/** Converts a hex colour to red, green, blue and alpha; throws on a non-string or a non-hex value. */
export function hexToRgb(hex: unknown): RgbColor {
  if (typeof hex !== 'string') {
    throw new TypeError(MESSAGES.expectedString);
  }
  if (!isHexColor(hex)) {
    throw new Error(`Expected a hex colour like #1C7EBB, got ${JSON.stringify(hex)}`);
  }
  let digits = hex.trim().replace(/^#/, '');
  if (digits.length <= 4) {
    digits = [...digits].map((digit) => digit + digit).join('');
  }
  const readByte = (index: number): number => Number.parseInt(digits.slice(index, index + 2), 16);
  // Three decimals are enough for every byte to survive a round trip through rgbToHex.
  const alpha = digits.length === 8 ? Math.round((readByte(6) / 255) * 1000) / 1000 : 1;
  return { r: readByte(0), g: readByte(2), b: readByte(4), alpha };
}

/** Converts red, green, blue (0–255) and an optional alpha (fraction 0–1 or percentage below 100) to '#rrggbb' or '#rrggbbaa'. */
export function rgbToHex(r: unknown, g: unknown, b: unknown, alpha?: unknown): string {
  if (!isChannel(r) || !isChannel(g) || !isChannel(b)) {
    throw new TypeError(MESSAGES.expectedRgb);
  }
  const rgb = `#${formatByte(r)}${formatByte(g)}${formatByte(b)}`;
  if (alpha === undefined) {
    return rgb;
  }
  if (typeof alpha !== 'number' || !Number.isFinite(alpha) || alpha < 0 || alpha >= 100) {
    throw new TypeError(MESSAGES.expectedRgb);
  }
  // Like rgb-hex, 0–1 reads as a fraction and anything above 1 as a percentage.
  const fraction = alpha <= 1 ? alpha : alpha / 100;
  return rgb + formatByte(fraction * 255);
}

/** Gets the WCAG contrast ratio (1 to 21) between two hex colours, ignoring alpha. */
export function getContrastRatio(a: string, b: string): number {
  const first = getRelativeLuminance(hexToRgb(a));
  const second = getRelativeLuminance(hexToRgb(b));
  const [lighter, darker] = first >= second ? [first, second] : [second, first];
  return (lighter + 0.05) / (darker + 0.05);
}

/** Picks black or white, whichever reads better on the background (black on a tie). */
export function pickReadableFontColor(backgroundHex: string): '#000000' | '#FFFFFF' {
  const onBlack = getContrastRatio(backgroundHex, '#000000');
  const onWhite = getContrastRatio(backgroundHex, '#FFFFFF');
  return onBlack >= onWhite ? '#000000' : '#FFFFFF';
}

function isChannel(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 255;
}

function formatByte(value: number): string {
  return Math.round(value).toString(16).padStart(2, '0');
}

function getRelativeLuminance({ r, g, b }: RgbColor): number {
  return 0.2126 * linearizeChannel(r) + 0.7152 * linearizeChannel(g) + 0.0722 * linearizeChannel(b);
}

function linearizeChannel(channel: number): number {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}
