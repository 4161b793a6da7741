import { createLightTheme, type Theme } from '@fluentui/react-components';
import { brandRamp } from './brand-ramp';

/**
 * The light Fluent theme for a theme colour, apart from the dark one (theme/themes.ts): the
 * sign-in screen loads the dark palette only when the page style asks for it (issue 12's budget).
 */
export function buildLightTheme(themeColor: string): Theme {
  return createLightTheme(brandRamp(themeColor));
}
