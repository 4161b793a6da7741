import { describe, expect, it } from 'vitest';
import { brandRamp, brandShades, hexToRgb, lightnessOf, rgbToHex } from '../../renderer/src/theme/brand-ramp';
import { themeColorPresets } from '../../renderer/src/settings/interface-settings';

const hex = /^#[0-9A-F]{6}$/;

describe('brandRamp', () => {
  const samples = ['#0F6CBD', '#6B4FBB', '#107C41', '#C50F1F', '#FFD700', '#000000', '#FFFFFF', '#808080', '#0f6cbd', '#abc'];

  it.each(samples)('gives all sixteen shades 10..160 as #RRGGBB for %s', (color) => {
    const ramp = brandRamp(color);
    expect(Object.keys(ramp).map(Number).sort((a, b) => a - b)).toEqual([...brandShades]);
    for (const shade of brandShades) expect(ramp[shade]).toMatch(hex);
  });

  it.each(samples)('places the chosen colour itself at shade 80 (%s)', (color) => {
    expect(brandRamp(color)[80]).toBe(rgbToHex(hexToRgb(color)));
  });

  it.each(samples)('gets strictly lighter from 10 to 160 on each side of the anchor (%s)', (color) => {
    const ramp = brandRamp(color);
    const below = brandShades.filter((s) => s < 80).map((s) => lightnessOf(ramp[s]));
    const above = brandShades.filter((s) => s > 80).map((s) => lightnessOf(ramp[s]));
    for (let i = 1; i < below.length; i += 1) expect(below[i]!).toBeGreaterThan(below[i - 1]!);
    for (let i = 1; i < above.length; i += 1) expect(above[i]!).toBeGreaterThan(above[i - 1]!);
  });

  it('spans dark to light for a mid colour, like Fluent’s own ramp', () => {
    const ramp = brandRamp('#0F6CBD');
    expect(lightnessOf(ramp[10])).toBeLessThan(0.25);
    expect(lightnessOf(ramp[160])).toBeGreaterThan(0.9);
    expect(lightnessOf(ramp[70])).toBeLessThan(lightnessOf(ramp[80]));
    expect(lightnessOf(ramp[90])).toBeGreaterThan(lightnessOf(ramp[80]));
  });

  it('keeps the hue: the blue preset stays blue at both ends', () => {
    const ramp = brandRamp('#0F6CBD');
    for (const shade of [20, 140]) {
      const [r, , b] = hexToRgb(ramp[shade as 20]);
      expect(b).toBeGreaterThan(r);
    }
  });

  it('works for every preset of the settings drawer', () => {
    for (const preset of themeColorPresets) expect(brandRamp(preset.color)[80]).toBe(preset.color);
  });

  it('refuses text that is not a hex colour', () => {
    expect(() => brandRamp('blue')).toThrow(RangeError);
    expect(() => brandRamp('#12345')).toThrow(RangeError);
  });
});

describe('hex conversion', () => {
  it('round-trips and normalizes to upper case', () => {
    expect(rgbToHex(hexToRgb('#0f6cbd'))).toBe('#0F6CBD');
    expect(rgbToHex(hexToRgb('#fff'))).toBe('#FFFFFF');
  });
});
