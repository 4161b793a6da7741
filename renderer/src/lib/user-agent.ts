/**
 * A short description of the client of a sign-in, from its User-Agent: which program and which
 * operating system. Names are product names (not translated); unknown parts are null and the
 * screen words them in the operator's language.
 */
export interface ClientDescription {
  readonly browser: string | null;
  readonly os: string | null;
  /**
   * Set when the console's main process signed in: it sends
   * `PaletteConsole/<version> (<edition>; <os platform> <arch>)` (main/src/app-info.ts).
   */
  readonly console?: { readonly version: string; readonly edition: 'desktop' | 'browser' };
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

/** Node's `process.platform` values as people name them. */
const platforms: Readonly<Record<string, string>> = {
  linux: 'Linux',
  darwin: 'macOS',
  win32: 'Windows',
  freebsd: 'FreeBSD',
  openbsd: 'OpenBSD',
  sunos: 'Solaris',
  aix: 'AIX',
};

const consoleAgent = /PaletteConsole\/([0-9A-Za-z.+-]{1,40})\s*\((desktop|browser);\s*([a-z0-9]{1,20})(?:\s+[A-Za-z0-9_]{1,20})?\)/;

/** Describes a User-Agent string (first match wins; order handles Edge and Opera claiming Chrome). */
export function describeUserAgent(userAgent: string): ClientDescription {
  const own = consoleAgent.exec(userAgent);
  if (own) {
    const [, version, edition, platform] = own as unknown as [string, string, 'desktop' | 'browser', string];
    return { browser: 'Palette Console', os: platforms[platform] ?? null, console: { version, edition } };
  }
  const browser = browsers.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  const os = systems.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  return { browser, os };
}

/** The translate function the formatter needs (i18next's `t`, narrowed). */
export type DeviceTranslate = (key: string, values?: Readonly<Record<string, string>>) => string;

/**
 * The client of a sign-in in the operator's language: "Chrome on Windows", or for the console
 * itself "Palette Console 0.1.0 (browser edition) on Linux".
 */
export function formatDevice(userAgent: string, t: DeviceTranslate): string {
  const { browser, os, console: own } = describeUserAgent(userAgent);
  const osText = os ?? t('account:security.unknownOs');
  if (own) {
    return t('account:security.consoleDevice', {
      browser: browser ?? 'Palette Console',
      version: own.version,
      edition: t(`account:security.editions.${own.edition}`),
      os: osText,
    });
  }
  return t('account:security.device', { browser: browser ?? t('account:security.unknownBrowser'), os: osText });
}
