import { createDarkTheme, type Theme } from '@fluentui/react-components';
import { brandRamp } from './brand-ramp';
import { buildLightTheme } from './light-theme';

/**
 * The Fluent theme for a page style and theme colour.
 *
 * Dark themes read brand shades 100..120 for foregrounds (Fluent's guidance for custom brands), so
 * links and selected items stay legible on dark surfaces.
 */
export function buildTheme(pageStyle: 'light' | 'dark', themeColor: string): Theme {
  if (pageStyle === 'light') return buildLightTheme(themeColor);
  const ramp = brandRamp(themeColor);
  const dark = createDarkTheme(ramp);
  return {
    ...dark,
    colorBrandForeground1: ramp[110],
    colorBrandForeground2: ramp[120],
    colorBrandForegroundLink: ramp[120],
    colorBrandForegroundLinkHover: ramp[130],
    colorBrandForegroundLinkPressed: ramp[110],
    colorCompoundBrandForeground1: ramp[110],
    colorCompoundBrandStroke: ramp[110],
  };
}
