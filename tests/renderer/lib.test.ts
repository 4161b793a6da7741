import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { emailSchema, passwordSchema } from '@contract/validation';
import { validateWith, withoutField } from '../../renderer/src/forms/validate';
import { defaultLocale, displayLanguage, initialLocale, isTranslated, localeOptions } from '../../renderer/src/i18n/locales';
import { formatDateTime, formatMoney, formatRelativeTime, partOfDay } from '../../renderer/src/lib/format';
import i18next from 'i18next';
import { buildResources } from '../../renderer/src/i18n/resources';
import { describeUserAgent, formatDevice, type DeviceTranslate } from '../../renderer/src/lib/user-agent';

describe('locales', () => {
  it('offers about fifty locales, each once, translated ones first', () => {
    expect(localeOptions.length).toBeGreaterThanOrEqual(45);
    expect(new Set(localeOptions.map((o) => o.code)).size).toBe(localeOptions.length);
    expect(localeOptions.slice(0, 2).map((o) => o.code)).toEqual(['en-US', 'zh-CN']);
    for (const option of localeOptions) expect(() => new Intl.Locale(option.code)).not.toThrow();
  });
  it('shows English for locales without a translation', () => {
    expect(displayLanguage('fr-FR')).toBe('en-US');
    expect(displayLanguage('zh-CN')).toBe('zh-CN');
    expect(isTranslated('ja-JP')).toBe(false);
  });
  it('starts with the stored choice, else the system language, else en-US', () => {
    expect(initialLocale('de-DE', ['zh-CN'])).toBe('de-DE');
    expect(initialLocale('xx-XX', ['zh-TW', 'en-GB'])).toBe('zh-CN');
    expect(initialLocale(null, ['fr-FR', 'en-GB'])).toBe('en-US');
    expect(initialLocale(null, [])).toBe(defaultLocale);
  });
});

describe('format', () => {
  const now = Date.parse('2025-06-01T12:00:00Z');
  it('says how long ago in the locale', () => {
    expect(formatRelativeTime('2025-06-01T11:59:50Z', 'en-US', now)).toBe('now');
    expect(formatRelativeTime('2025-06-01T09:00:00Z', 'en-US', now)).toBe('3 hours ago');
    expect(formatRelativeTime('2025-05-31T12:00:00Z', 'en-US', now)).toBe('yesterday');
    expect(formatRelativeTime('2025-06-01T09:00:00Z', 'zh-CN', now)).toBe('3小时前');
    expect(formatRelativeTime('garbage', 'en-US', now)).toBe('');
  });
  it('formats dates in the locale', () => {
    expect(formatDateTime('2025-06-01T12:00:00Z', 'en-US')).toContain('2025');
    expect(formatDateTime('nope', 'en-US')).toBe('');
  });
  it('names the part of the day', () => {
    expect(partOfDay(6)).toBe('morning');
    expect(partOfDay(13)).toBe('afternoon');
    expect(partOfDay(20)).toBe('evening');
    expect(partOfDay(2)).toBe('evening');
  });
  it('greets an operator at 4:33 in the morning with good morning (issue 12), at each boundary and one past it', () => {
    expect(partOfDay(new Date(2026, 10, 24, 4, 33).getHours())).toBe('morning');
    expect([3, 4, 11, 12, 17, 18, 23, 0].map(partOfDay)).toEqual(['evening', 'morning', 'morning', 'afternoon', 'afternoon', 'evening', 'evening', 'evening']);
  });
  it('shows money in its currency in the operator’s locale, with the currency’s decimals (issue 12)', () => {
    expect(formatMoney(14.7, 'USD', 'en-US')).toBe('$14.70');
    expect(formatMoney(14.7, 'USD', 'zh-CN')).toBe('US$14.70');
    expect(formatMoney(14.7, 'EUR', 'de-DE')).toBe('14,70\u00a0€');
    expect(formatMoney(1200, 'JPY', 'ja-JP')).toBe('￥1,200');
    expect(formatMoney(0.99, 'CNY', 'zh-CN')).toBe('¥0.99');
  });
  it('shows an amount without a known currency as a plain number, never hiding the code', () => {
    expect(formatMoney(14.7, null, 'en-US')).toBe('14.7');
    expect(formatMoney(14.7, 'XYZ1', 'en-US')).toBe('14.7 XYZ1');
    expect(formatMoney(Number.NaN, 'USD', 'en-US')).toBe('');
  });
});

describe('describeUserAgent', () => {
  it('recognizes the console, browsers and systems', () => {
    expect(describeUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/140.0 Electron/45.4.1 Safari/537.36')).toEqual({
      browser: 'Palette Console',
      os: 'Windows',
    });
    expect(describeUserAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/18.1 Safari/605.1.15')).toEqual({
      browser: 'Safari',
      os: 'macOS',
    });
    expect(describeUserAgent('Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/140 Safari/537.36 Edg/140')).toEqual({
      browser: 'Microsoft Edge',
      os: 'Windows',
    });
    expect(describeUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Version/18.0 Mobile Safari/604.1').os).toBe('iOS');
    expect(describeUserAgent('')).toEqual({ browser: null, os: null });
  });

  it('reads the agent main sends: version, edition and platform', () => {
    expect(describeUserAgent('PaletteConsole/0.1.0 (browser; linux x64)')).toEqual({
      browser: 'Palette Console',
      os: 'Linux',
      console: { version: '0.1.0', edition: 'browser' },
    });
    expect(describeUserAgent('PaletteConsole/1.4.0-beta.2 (desktop; darwin arm64)')).toMatchObject({ os: 'macOS', console: { version: '1.4.0-beta.2', edition: 'desktop' } });
    expect(describeUserAgent('PaletteConsole/1.0.0 (desktop; win32 x64)').os).toBe('Windows');
    expect(describeUserAgent('PaletteConsole/1.0.0 (desktop; plan9 x64)')).toMatchObject({ browser: 'Palette Console', os: null });
  });
});

describe('formatDevice', () => {
  const translator = (lng: string): DeviceTranslate => {
    const i18n = i18next.createInstance();
    void i18n.init({ resources: buildResources(), lng, fallbackLng: 'en-US', initAsync: false, interpolation: { escapeValue: false } });
    return (key, values) => i18n.t(key, values);
  };
  const en = translator('en-US');
  const zh = translator('zh-CN');

  it('names the console with its version and edition', () => {
    expect(formatDevice('PaletteConsole/0.1.0 (browser; linux x64)', en)).toBe('Palette Console 0.1.0 (browser edition) on Linux');
    expect(formatDevice('PaletteConsole/2.0.1 (desktop; darwin arm64)', en)).toBe('Palette Console 2.0.1 (desktop app) on macOS');
    expect(formatDevice('PaletteConsole/0.1.0 (browser; linux x64)', zh)).toBe('Linux 上的 Palette Console 0.1.0（浏览器版）');
    expect(formatDevice('PaletteConsole/2.0.1 (desktop; win32 x64)', zh)).toBe('Windows 上的 Palette Console 2.0.1（桌面版）');
    expect(formatDevice('PaletteConsole/0.1.0 (desktop; plan9 x64)', en)).toBe('Palette Console 0.1.0 (desktop app) on unknown system');
  });

  it('falls back to browser and system for other agents', () => {
    expect(formatDevice('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36', en)).toBe('Chrome on Windows');
    expect(formatDevice('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36', zh)).toBe('Windows 上的 Chrome');
    expect(formatDevice('node', en)).toBe('Script on unknown system');
    expect(formatDevice('', en)).toBe('Unknown browser on unknown system');
    expect(formatDevice('', zh)).toBe('未知系统 上的 未知浏览器');
  });
});

describe('form validation with contract schemas', () => {
  const schema = z.object({ email: emailSchema, password: passwordSchema });
  it('gives parsed data when valid', () => {
    expect(validateWith(schema, { email: ' A@B.CO ', password: 'abcd1234' })).toEqual({ ok: true, data: { email: 'a@b.co', password: 'abcd1234' } });
  });
  it('gives validation keys by field otherwise', () => {
    const result = validateWith(schema, { email: '', password: 'short' });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors.email?.key).toBe('validation.required');
      expect(result.errors.password?.key).toBe('validation.password');
    }
  });
  it('drops one field’s error while it is edited', () => {
    const errors = { a: { key: 'validation.required' }, b: { key: 'validation.type' } };
    expect(withoutField(errors, 'a')).toEqual({ b: { key: 'validation.type' } });
    expect(withoutField(errors, 'c')).toBe(errors);
  });
});
