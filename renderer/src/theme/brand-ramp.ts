import type { BrandVariants } from '@fluentui/react-components';

/**
 * Generates a Fluent brand ramp (shades 10..160) from one colour.
 *
 * Fluent themes take sixteen brand shades; light themes use shade 80 as the primary colour (and
 * dark themes 100), so the chosen colour is placed exactly at 80. The other shades keep its hue and
 * walk its lightness, in OKLab (a perceptual space, so equal steps look equal), down to a deep
 * near-black and up to a near-white, with less chroma towards both ends the way Fluent's own ramps
 * fade. Out-of-gamut shades lose chroma until they fit sRGB, never hue.
 */

/** The sixteen shade keys of a Fluent ramp. */
export const brandShades = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160] as const;

type Rgb = readonly [number, number, number];
interface Lch {
  readonly l: number;
  readonly c: number;
  readonly h: number;
}

/** `#RRGGBB` (or `#RGB`) to channels 0..1; throws for anything else. */
export function hexToRgb(hex: string): Rgb {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match?.[1]) throw new RangeError(`Not a hex colour: ${hex}`);
  const digits = match[1].length === 3 ? [...match[1]].map((d) => d + d).join('') : match[1];
  return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16) / 255) as unknown as Rgb;
}

/** Channels 0..1 to upper-case `#RRGGBB`. */
export function rgbToHex(rgb: Rgb): string {
  return `#${rgb
    .map((v) => Math.round(Math.min(1, Math.max(0, v)) * 255).toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase()}`;
}

const toLinear = (v: number): number => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
const fromLinear = (v: number): number => (v <= 0.0031308 ? v * 12.92 : 1.055 * v ** (1 / 2.4) - 0.055);

function rgbToOklch(rgb: Rgb): Lch {
  const [r, g, b] = rgb.map(toLinear) as unknown as Rgb;
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  const L = 0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s;
  const A = 1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s;
  const B = 0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s;
  return { l: L, c: Math.hypot(A, B), h: Math.atan2(B, A) };
}

/** OKLCH to linear-free sRGB channels; may fall outside 0..1 (see `inGamut`). */
function oklchToRgbUnclamped({ l: L, c, h }: Lch): Rgb {
  const A = c * Math.cos(h);
  const B = c * Math.sin(h);
  const l = (L + 0.3963377774 * A + 0.2158037573 * B) ** 3;
  const m = (L - 0.1055613458 * A - 0.0638541728 * B) ** 3;
  const s = (L - 0.0894841775 * A - 1.291485548 * B) ** 3;
  return [
    fromLinear(4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s),
    fromLinear(-1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s),
    fromLinear(-0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s),
  ];
}

const inGamut = (rgb: Rgb): boolean => rgb.every((v) => v >= -1e-4 && v <= 1 + 1e-4);

/** The colour at lightness/chroma/hue, with chroma reduced (binary search) until it fits sRGB. */
function oklchToRgb(lch: Lch): Rgb {
  let rgb = oklchToRgbUnclamped(lch);
  if (inGamut(rgb)) return rgb;
  let low = 0;
  let high = lch.c;
  for (let i = 0; i < 24; i += 1) {
    const mid = (low + high) / 2;
    const candidate = oklchToRgbUnclamped({ ...lch, c: mid });
    if (inGamut(candidate)) {
      low = mid;
      rgb = candidate;
    } else {
      high = mid;
    }
  }
  return oklchToRgbUnclamped({ ...lch, c: low });
}

/** OKLab lightness of a colour, 0 (black) to 1 (white). */
export function lightnessOf(hex: string): number {
  return rgbToOklch(hexToRgb(hex)).l;
}

const darkestLightness = 0.16;
const lightestLightness = 0.97;

/**
 * The brand ramp of a colour: shade 80 is the colour itself (normalized to `#RRGGBB`), lower
 * shades darker, higher shades lighter, lightness strictly increasing from 10 to 160.
 */
export function brandRamp(hex: string): BrandVariants {
  const base = rgbToOklch(hexToRgb(hex));
  // Keep both ends away from the anchor so that even a very dark or very light choice yields a
  // ramp with visible steps on both sides.
  const anchor = Math.min(Math.max(base.l, darkestLightness + 0.07), lightestLightness - 0.07);
  const ramp: Record<number, string> = {};
  for (const shade of brandShades) {
    if (shade === 80) {
      ramp[shade] = rgbToHex(hexToRgb(hex));
      continue;
    }
    let l: number;
    let c: number;
    if (shade < 80) {
      const t = (shade - 10) / 70; // 0 at 10, 1 at 80
      l = darkestLightness + (anchor - darkestLightness) * t;
      c = base.c * (0.45 + 0.55 * t);
    } else {
      const t = (shade - 80) / 80; // 0 at 80, 1 at 160
      l = anchor + (lightestLightness - anchor) * t;
      c = base.c * (1 - 0.85 * t);
    }
    ramp[shade] = rgbToHex(oklchToRgb({ l, c, h: base.h }));
  }
  return ramp as BrandVariants;
}
