// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { subscriptionPageKind } from '@contract/config';
import { DocumentDiff } from '../../../renderer/src/config/document-diff';
import { PreviewToolbar } from '../../../renderer/src/config/preview-toolbar';
import { SubscriptionPagePreview, timeLeftParts, type SubscriptionPagePreviewProps } from '../../../renderer/src/config/subscription-preview';
import { buildResources } from '../../../renderer/src/i18n/resources';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({ resources: buildResources(), lng: 'en-US', fallbackLng: 'en-US', defaultNS: 'common', interpolation: { escapeValue: false }, initAsync: false });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function wrap(children: ReactNode) {
  return (
    <FluentProvider theme={webLightTheme}>
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </FluentProvider>
  );
}

const preview = (props: Partial<SubscriptionPagePreviewProps> & Pick<SubscriptionPagePreviewProps, 'draft'>) =>
  render(wrap(<SubscriptionPagePreview language="en-US" theme="light" {...props} />));

const sha = 'ab'.repeat(32);
const now = Date.parse('2025-03-01T10:00:00Z');

const page = {
  pageType: 'promotion',
  title: 'Go Pro',
  subtitle: 'Everything unlocked',
  backgroundColourIndex: 8,
  textColourIndex: 0,
  label: 'NEW',
  highlight: 'Best deal of the year',
  description: 'All filters and exports.',
  buttonContent: 'Continue',
  background: { type: 'image', url: `/api/v1/media/${sha}.png` },
  plans: [
    { period: 'monthly', freeTrialDays: 0, highlighted: false },
    { period: 'yearly', freeTrialDays: 7, discount: 0.8, discountDescription: 'Save big', highlighted: true },
  ],
};

const region = () => screen.getByRole('region', { name: 'Preview of the page as the app shows it' });

describe('SubscriptionPagePreview', () => {
  it('draws the title, texts and plans, the highlighted plan selected', () => {
    preview({ draft: page });
    const frame = region();
    for (const text of ['Go Pro', 'Everything unlocked', 'NEW', 'Best deal of the year', 'All filters and exports.', 'Monthly', 'Yearly', 'Continue', 'Save big']) {
      expect(within(frame).getByText(text)).toBeTruthy();
    }
    const plans = within(frame).getAllByRole('listitem');
    expect(plans).toHaveLength(2);
    expect(plans[1]?.getAttribute('data-selected')).toBe('true');
    expect(plans[0]?.getAttribute('data-selected')).toBeNull();
    expect(within(plans[1] as HTMLElement).getByText('Selected')).toBeTruthy();
    expect(within(plans[1] as HTMLElement).getByText('20% off')).toBeTruthy();
    expect(within(plans[1] as HTMLElement).getByText('7 days free trial')).toBeTruthy();
    expect(within(plans[0] as HTMLElement).queryByText(/off/)).toBeNull();
  });

  it('draws the title in the palette colours the page chose', () => {
    preview({ draft: page });
    const block = screen.getByTestId('preview-title').parentElement as HTMLElement;
    expect(block.style.backgroundColor.toLowerCase()).toMatch(/#4361ee|rgb\(67, 97, 238\)/);
    expect(block.style.color.toLowerCase()).toMatch(/#ffffff|rgb\(255, 255, 255\)/);
  });

  it('shows the content in Chinese while the console stays English', () => {
    preview({ draft: page, language: 'zh-CN' });
    const frame = region();
    expect(within(frame).getByText('优惠 20%')).toBeTruthy();
    expect(within(frame).getByText('年付')).toBeTruthy();
    expect(within(frame).getByText('免费试用 7 天')).toBeTruthy();
    expect(within(frame).queryByText('20% off')).toBeNull();
  });

  it('shows the time left of a countdown at a fixed time', () => {
    const endsAt = new Date(now + (1 * 3600 + 2 * 60 + 3) * 1000).toISOString();
    preview({ draft: { ...page, pageType: 'countdown', schedule: { endsAt, timeZone: 'UTC' } }, now: new Date(now) });
    expect(screen.getByTestId('preview-schedule').textContent).toBe('Time left 01:02:03');
    cleanup();
    const later = new Date(now + (2 * 86_400 + 3 * 3600) * 1000).toISOString();
    preview({ draft: { ...page, pageType: 'countdown', schedule: { endsAt: later, timeZone: 'UTC' } }, now, language: 'zh-CN' });
    expect(screen.getByTestId('preview-schedule').textContent).toBe('剩余 2 天 03:00:00');
  });

  it('counts down every second and stops at the end', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(now);
    const endsAt = new Date(now + 3000).toISOString();
    preview({ draft: { ...page, pageType: 'countdown', schedule: { endsAt, timeZone: 'UTC' } } });
    const line = () => screen.getByTestId('preview-schedule').textContent;
    expect(line()).toBe('Time left 00:00:03');
    act(() => void vi.advanceTimersByTime(1000));
    expect(line()).toBe('Time left 00:00:02');
    act(() => void vi.advanceTimersByTime(2000));
    expect(line()).toBe('Offer ended');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('shows the daily window of a daily page', () => {
    preview({ draft: { ...page, pageType: 'daily', schedule: { timeZone: 'UTC', daily: { from: '09:00', to: '21:00' } } } });
    expect(screen.getByTestId('preview-schedule').textContent).toBe('Daily 09:00–21:00');
  });

  it('draws the background from the console’s media address, and a video muted and looping', () => {
    const { container } = preview({ draft: page });
    expect(container.querySelector('img')?.getAttribute('src')).toBe(`/__palette/media/${sha}.png`);
    cleanup();
    const video = preview({ draft: { ...page, background: { type: 'video', url: `/api/v1/media/${sha}.mp4` } } }).container.querySelector('video');
    expect(video?.getAttribute('src')).toBe(`/__palette/media/${sha}.mp4`);
    expect(video?.muted).toBe(true);
    expect(video?.loop).toBe(true);
  });

  it('draws an empty or broken draft with placeholders, without throwing', () => {
    preview({ draft: {} });
    expect(screen.getByTestId('preview-title').textContent).toBe('Title');
    expect(screen.getByTestId('preview-cta').textContent).toBe('Button content');
    expect(screen.getByText('No plans yet')).toBeTruthy();
    cleanup();
    const broken = { title: 5, plans: 'none', schedule: 3, pageType: 'countdown', backgroundColourIndex: 99, background: { url: 7 }, image: 'not a file' };
    expect(() => preview({ draft: broken })).not.toThrow();
    cleanup();
    const weirdPlans = { plans: [null, 3, { period: 'decade', discount: 7, freeTrialDays: -1 }] };
    preview({ draft: weirdPlans });
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByText(/off/)).toBeNull();
    cleanup();
    expect(() => preview({ draft: null })).not.toThrow();
  });

  it('adds no tab stop and no duplicate id', () => {
    const { container } = preview({ draft: { ...page, pageType: 'countdown', schedule: { endsAt: new Date(now + 5000).toISOString() } }, now });
    expect(container.querySelectorAll('a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"]), [controls]')).toHaveLength(0);
    const ids = [...container.querySelectorAll('[id]')].map((element) => element.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('changes the phone’s appearance with the theme, not the page’s colours', () => {
    const light = preview({ draft: page }).container.querySelector('[data-theme] > div')?.className;
    cleanup();
    preview({ draft: page, theme: 'dark' });
    const dark = document.querySelector('[data-theme] > div')?.className;
    expect(dark).not.toBe(light);
    const block = screen.getByTestId('preview-title').parentElement as HTMLElement;
    expect(block.style.backgroundColor.toLowerCase()).toMatch(/#4361ee|rgb\(67, 97, 238\)/);
  });
});

describe('timeLeftParts', () => {
  it('reads hh:mm:ss, with days apart beyond 24 hours', () => {
    expect(timeLeftParts(0)).toEqual({ days: 0, clock: '00:00:00' });
    expect(timeLeftParts(1)).toEqual({ days: 0, clock: '00:00:01' });
    expect(timeLeftParts(86_400_000)).toEqual({ days: 0, clock: '24:00:00' });
    expect(timeLeftParts(86_401_000)).toEqual({ days: 1, clock: '00:00:01' });
    expect(timeLeftParts(-5)).toEqual({ days: 0, clock: '00:00:00' });
  });
});

describe('PreviewToolbar', () => {
  it('switches the content language and the theme, saying which is on', () => {
    const onLanguageChange = vi.fn();
    const onThemeChange = vi.fn();
    render(wrap(<PreviewToolbar language="en-US" theme="light" onLanguageChange={onLanguageChange} onThemeChange={onThemeChange} />));
    expect(screen.getByRole('toolbar', { name: 'Preview options' })).toBeTruthy();
    const languages = screen.getByRole('radiogroup', { name: 'Content language' });
    expect(within(languages).getByRole('radio', { name: 'English', checked: true })).toBeTruthy();
    expect(within(languages).getByRole('radio', { name: 'Chinese', checked: false })).toBeTruthy();
    fireEvent.click(within(languages).getByRole('radio', { name: 'Chinese' }));
    expect(onLanguageChange).toHaveBeenCalledWith('zh-CN');
    fireEvent.click(within(screen.getByRole('radiogroup', { name: 'Appearance' })).getByRole('radio', { name: 'Dark' }));
    expect(onThemeChange).toHaveBeenCalledWith('dark');
  });
});

describe('DocumentDiff', () => {
  const before = { title: 'Go Pro', enabled: true };
  it('names the compared documents and marks each change in words', () => {
    render(wrap(<DocumentDiff kind={subscriptionPageKind} before={before} after={{ title: 'Go Premium', enabled: true, label: 'NEW' }} beforeLabel="Revision 3" afterLabel="Draft" />));
    const table = screen.getByRole('table', { name: 'Changes from Revision 3 to Draft' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Field', 'Revision 3', 'Draft']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['TitleChanged', 'Go Pro', 'Go Premium'],
      ['LabelAdded', '—', 'NEW'],
    ]);
  });

  it('says when there is no difference', () => {
    render(wrap(<DocumentDiff kind={subscriptionPageKind} before={before} after={{ ...before }} beforeLabel="Revision 3" afterLabel="Draft" />));
    expect(screen.getByText('No differences')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
