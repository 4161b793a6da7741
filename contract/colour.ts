/**
 * Colour values (spec §5 "a valid colour value is required"), without zod: the console's interface
 * settings read them on its first screen, whose script budget (issue 12) leaves no room for the
 * schema library. contract/validation.ts builds `colourSchema` from the same pattern.
 */

/** `#RGB`, `#RRGGBB` or `#RRGGBBAA`. */
export const colourPattern = /^#(?:[0-9A-Fa-f]{3}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$/;

/**
 * The canonical form of a colour value, or null when the text is not one.
 *
 * `#RGB` expands to `#RRGGBB`; hex digits become upper case; `#RRGGBBAA` keeps its alpha. One form
 * means two equal colours compare equal as strings.
 */
export function normalizeColour(text: string): string | null {
  const value = text.trim();
  if (!colourPattern.test(value)) return null;
  const hex = value.slice(1).toUpperCase();
  if (hex.length === 3) return `#${[...hex].map((c) => c + c).join('')}`;
  return `#${hex}`;
}
