import { describe, expect, it } from 'vitest';
import { contrastRatio } from './contrast';
import { contrastPairs, dark, light } from './palette';

describe('contrastRatio', () => {
  it('gives 21:1 for black on white and 1:1 for a colour on itself', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#4338ca', '#4338ca')).toBe(1);
  });
});

describe.each([
  ['light', light],
  ['dark', dark],
])('the %s scheme', (_name, palette) => {
  it.each(contrastPairs.map(([fg, bg, min]) => [fg, bg, min] as const))(
    '%s on %s reaches WCAG AA (%d:1)',
    (fg, bg, min) => {
      expect(contrastRatio(palette[fg], palette[bg])).toBeGreaterThanOrEqual(min);
    },
  );
});
