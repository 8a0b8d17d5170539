import { describe, expect, it } from 'vitest';
import { getContrastRatio, hexToRgb, isHexColor, pickReadableFontColor, rgbToHex } from './colors';

describe('hexToRgb', () => {
  it.each([
    { hex: '#1C7EBB', expected: { r: 28, g: 126, b: 187, alpha: 1 } },
    { hex: '1c7ebb', expected: { r: 28, g: 126, b: 187, alpha: 1 } },
    { hex: '#fff', expected: { r: 255, g: 255, b: 255, alpha: 1 } },
    { hex: 'f00', expected: { r: 255, g: 0, b: 0, alpha: 1 } },
    { hex: '#0f08', expected: { r: 0, g: 255, b: 0, alpha: 0.533 } },
    { hex: '#00000080', expected: { r: 0, g: 0, b: 0, alpha: 0.502 } },
    { hex: '#000000FF', expected: { r: 0, g: 0, b: 0, alpha: 1 } },
    { hex: '#00000000', expected: { r: 0, g: 0, b: 0, alpha: 0 } },
    { hex: '  #abc  ', expected: { r: 170, g: 187, b: 204, alpha: 1 } },
  ])('reads every hex form, with or without # ($hex)', ({ hex, expected }) => {
    expect(hexToRgb(hex)).toEqual(expected);
  });

  it.each([123, null, undefined, { r: 1 }])(
    'fails with "Expected a string" on a non-string (%s)',
    (value) => {
      expect(() => hexToRgb(value)).toThrow(new TypeError('Expected a string'));
    },
  );

  it.each(['', '#', '#12', '#12345', '#1234567', '#ggg', 'red', '##fff'])(
    'fails naming the bad value when it is not a hex colour (%s)',
    (value) => {
      expect(() => hexToRgb(value)).toThrow(
        `Expected a hex colour like #1C7EBB, got ${JSON.stringify(value)}`,
      );
    },
  );
});

describe('rgbToHex', () => {
  it.each<{ args: [unknown, unknown, unknown, unknown?]; expected: string }>([
    { args: [28, 126, 187], expected: '#1c7ebb' },
    { args: [0, 0, 0], expected: '#000000' },
    { args: [255, 255, 255], expected: '#ffffff' },
    { args: [254.6, 0.4, 10], expected: '#ff000a' },
    { args: [0, 0, 0, 0.5], expected: '#00000080' },
    { args: [0, 0, 0, 1], expected: '#000000ff' },
    { args: [0, 0, 0, 0], expected: '#00000000' },
    { args: [0, 0, 0, 50], expected: '#00000080' },
    { args: [0, 0, 0, 99.9], expected: '#000000ff' },
  ])('writes #rrggbb, or #rrggbbaa with an alpha fraction or percentage ($args)', ({ args, expected }) => {
    expect(rgbToHex(...args)).toBe(expected);
  });

  it.each<[unknown, unknown, unknown, unknown?]>([
    [256, 0, 0],
    [0, -1, 0],
    [0, 0, '12'],
    [Number.NaN, 0, 0],
    [0, 0, Number.POSITIVE_INFINITY],
    [0, 0, 0, 100],
    [0, 0, 0, -0.1],
    [0, 0, 0, '50%'],
    [0, 0, 0, Number.NaN],
    [0, 0, 0, null],
  ])('fails with the SPEC §5 message on bad input (%s, %s, %s, %s)', (...args) => {
    expect(() => rgbToHex(...args)).toThrow(
      new TypeError('Expected 3 numbers below 256 (and optionally one below 100)'),
    );
  });

  it('round-trips every alpha byte through hexToRgb', () => {
    for (let byte = 0; byte < 256; byte += 1) {
      const hex = `#123456${byte.toString(16).padStart(2, '0')}`;
      const { r, g, b, alpha } = hexToRgb(hex);
      expect(rgbToHex(r, g, b, alpha)).toBe(hex);
    }
  });
});

describe('isHexColor', () => {
  it.each([
    { value: '#1C7EBB', expected: true },
    { value: 'abcd', expected: true },
    { value: '#12345', expected: false },
    { value: 'blue', expected: false },
    { value: 0x1c7ebb, expected: false },
  ])('accepts only hex colours ($value)', ({ value, expected }) => {
    expect(isHexColor(value)).toBe(expected);
  });
});

describe('getContrastRatio and pickReadableFontColor', () => {
  it.each([
    { a: '#000000', b: '#FFFFFF', expected: 21 },
    { a: '#FFFFFF', b: '#000000', expected: 21 },
    { a: '#777777', b: '#777777', expected: 1 },
    { a: '#1C7EBB', b: '#FFFFFF', expected: 4.42 },
    { a: '#767676', b: '#FFFFFF', expected: 4.54 },
  ])('computes the WCAG contrast ratio ($a on $b)', ({ a, b, expected }) => {
    expect(getContrastRatio(a, b)).toBeCloseTo(expected, 2);
  });

  it.each([
    { background: '#FFFFFF', expected: '#000000' },
    { background: '#FFEB3B', expected: '#000000' },
    { background: '#1C7EBB', expected: '#000000' },
    { background: '#000000', expected: '#FFFFFF' },
    { background: '#283593', expected: '#FFFFFF' },
    { background: '#C62828', expected: '#FFFFFF' },
  ])('picks the font colour with the higher contrast on $background', ({ background, expected }) => {
    expect(pickReadableFontColor(background)).toBe(expected);
  });

  it('always gives at least WCAG AA contrast (4.5) for normal text', () => {
    for (let grey = 0; grey < 256; grey += 5) {
      const background = rgbToHex(grey, grey, grey);
      expect(getContrastRatio(background, pickReadableFontColor(background))).toBeGreaterThanOrEqual(4.5);
    }
  });
});
