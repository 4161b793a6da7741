import { describe, expect, it } from 'vitest';
import {
  defaultSettings,
  isDefaultSettings,
  parseStoredSettings,
  parseThemeColor,
  sanitizeSettings,
  serializeSettings,
  settingsReducer,
  type InterfaceSettings,
} from '../../renderer/src/settings/interface-settings';

describe('settingsReducer', () => {
  it('applies a valid patch', () => {
    const next = settingsReducer(defaultSettings, { type: 'set', patch: { pageStyle: 'dark', menuLayout: 'top', weakColor: true } });
    expect(next).toEqual({ ...defaultSettings, pageStyle: 'dark', menuLayout: 'top', weakColor: true });
  });

  it('ignores invalid values field by field', () => {
    const next = settingsReducer(defaultSettings, {
      type: 'set',
      patch: { pageStyle: 'sepia', themeColor: 'not-a-colour', contentWidth: 'fixed' } as unknown as Partial<InterfaceSettings>,
    });
    expect(next).toEqual({ ...defaultSettings, contentWidth: 'fixed' });
  });

  it('normalizes the theme colour', () => {
    expect(settingsReducer(defaultSettings, { type: 'set', patch: { themeColor: '#abc' } }).themeColor).toBe('#AABBCC');
  });

  it('turns off hiding the header on scroll when the header is no longer fixed', () => {
    const hiding = settingsReducer(defaultSettings, { type: 'set', patch: { hideHeaderOnScroll: true } });
    expect(hiding.hideHeaderOnScroll).toBe(true);
    expect(settingsReducer(hiding, { type: 'set', patch: { fixedHeader: false } }).hideHeaderOnScroll).toBe(false);
  });

  it('resets to the given defaults, or the built-in ones', () => {
    const changed = settingsReducer(defaultSettings, { type: 'set', patch: { pageStyle: 'dark' } });
    expect(settingsReducer(changed, { type: 'reset' })).toEqual(defaultSettings);
    const systemDark = { ...defaultSettings, pageStyle: 'dark' as const };
    expect(settingsReducer(changed, { type: 'reset', defaults: systemDark })).toEqual(systemDark);
  });
});

describe('persistence', () => {
  it('round-trips through storage text', () => {
    const settings: InterfaceSettings = {
      pageStyle: 'dark',
      contentWidth: 'fixed',
      themeColor: '#6B4FBB',
      menuLayout: 'top',
      fixedHeader: false,
      fixedSidebar: false,
      hideHeaderOnScroll: false,
      weakColor: true,
    };
    expect(parseStoredSettings(serializeSettings(settings))).toEqual(settings);
  });

  it('falls back to the defaults for missing or damaged text', () => {
    expect(parseStoredSettings(null)).toEqual(defaultSettings);
    expect(parseStoredSettings('{not json')).toEqual(defaultSettings);
    expect(parseStoredSettings('"a string"')).toEqual(defaultSettings);
  });

  it('keeps the valid fields of an older or partial record', () => {
    expect(parseStoredSettings(JSON.stringify({ pageStyle: 'dark', fixedHeader: 'yes', unknown: 1 }))).toEqual({
      ...defaultSettings,
      pageStyle: 'dark',
    });
  });

  it('uses the caller’s defaults for what is missing', () => {
    const base = { ...defaultSettings, pageStyle: 'dark' as const };
    expect(parseStoredSettings(JSON.stringify({ weakColor: true }), base)).toEqual({ ...base, weakColor: true });
  });

  it('tells whether settings are the defaults', () => {
    expect(isDefaultSettings(defaultSettings)).toBe(true);
    expect(isDefaultSettings(sanitizeSettings({ fixedSidebar: false }))).toBe(false);
  });
});

describe('parseThemeColor', () => {
  it('accepts #RGB and #RRGGBB, refuses alpha and words', () => {
    expect(parseThemeColor('#0f6cbd')).toBe('#0F6CBD');
    expect(parseThemeColor(' #fff ')).toBe('#FFFFFF');
    expect(parseThemeColor('#0F6CBD80')).toBeNull();
    expect(parseThemeColor('blue')).toBeNull();
    expect(parseThemeColor(12)).toBeNull();
  });
});
