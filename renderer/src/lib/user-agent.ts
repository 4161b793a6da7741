/**
 * A short description of the client of a sign-in, from its User-Agent: which program and which
 * operating system. Names are product names (not translated); unknown parts are null and the
 * screen words them in the operator's language.
 */
export interface ClientDescription {
  readonly browser: string | null;
  readonly os: string | null;
}

const browsers: ReadonlyArray<readonly [RegExp, string]> = [
  [/PaletteConsole|Electron\//, 'Palette Console'],
  [/Edg(?:e|A|iOS)?\//, 'Microsoft Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS/, 'Firefox'],
  [/Chrome\/|CriOS|Chromium/, 'Chrome'],
  [/Safari\//, 'Safari'],
  [/curl\//, 'curl'],
  [/node|undici|axios/i, 'Script'],
];

const systems: ReadonlyArray<readonly [RegExp, string]> = [
  [/Windows NT/, 'Windows'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** Describes a User-Agent string (first match wins; order handles Edge and Opera claiming Chrome). */
export function describeUserAgent(userAgent: string): ClientDescription {
  const browser = browsers.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  const os = systems.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  return { browser, os };
}
