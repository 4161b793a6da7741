// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startPageKind, retentionPopupKind } from '@contract/config';
import { BannerPreview, readBanner } from '../../../renderer/src/config/banner-preview';
import { DocumentField, type DocumentFieldContext } from '../../../renderer/src/config/document-fields';
import { kindPreviews } from '../../../renderer/src/config/kind-previews';
import { readRetentionPopup, RetentionPopupPreview } from '../../../renderer/src/config/retention-preview';
import { readStartPage, StartPagePreview } from '../../../renderer/src/config/start-page-preview';
import { buildResources } from '../../../renderer/src/i18n/resources';

/**
 * The live phone-frame previews of issue 11's kinds (retention popups, banners, start page): what
 * they draw of a draft, in the content's language with placeholders in the console's, total over
 * drafts wrong in any field; and the two generic field additions they use (colour swatch, seconds).
 */

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({ resources: buildResources(), lng: 'en-US', fallbackLng: 'en-US', defaultNS: 'common', interpolation: { escapeValue: false }, initAsync: false });
});
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en-US');
});

function wrap(children: ReactNode) {
  return (
    <FluentProvider theme={webLightTheme}>
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </FluentProvider>
  );
}

const sha = (n: number) => n.toString(16).padStart(64, '0');
const path = (type: string, n = 1) => `/api/v1/media/${sha(n)}.${type}`;
const junk: unknown[] = [null, undefined, 42, 'text', [], { mainTitle: 7, background: 'x', subscribeButton: [], musicList: 'no', textLayer: 3, displaySeconds: Number.NaN, media: {} }];

describe('kind previews', () => {
  it('are registered for the three kinds, beside the subscription page’s', () => {
    expect(Object.keys(kindPreviews)).toEqual(expect.arrayContaining(['subscriptionPages', 'retentionPopups', 'banners', 'startPages']));
  });
});

describe('RetentionPopupPreview', () => {
  const popup = {
    popupType: 'trialReminder',
    mainTitle: 'Your trial ends tomorrow',
    mainTitleColour: '#abc',
    subtitle: 'Keep every filter.',
    subtitleColour: '#112233',
    background: { colour: '#FFFFFF', image: path('jpg') },
    priceColour: '#E11D48',
    subscribeButton: { text: 'Keep Pro', textColour: '#FFFFFF', backgroundColour: '#4361EE' },
    closeButton: { text: 'No thanks', colour: '#6B7280' },
  };

  it('draws the texts in their colours, the background picture and an example price in the content language', () => {
    render(wrap(<RetentionPopupPreview draft={popup} language="en-US" theme="light" />));
    const region = screen.getByRole('region', { name: 'Preview of the retention popup as the app shows it' });
    expect(within(region).getByTestId('retention-title').textContent).toBe('Your trial ends tomorrow');
    expect(within(region).getByTestId('retention-title').style.color).toMatch(/^(#AABBCC|rgb\(170, 187, 204\))$/i);
    expect(within(region).getByTestId('retention-subscribe').textContent).toBe('Keep Pro');
    expect(within(region).getByTestId('retention-close').textContent).toBe('No thanks');
    expect(within(region).getByTestId('retention-price').textContent).toBe('$39.99 / year');
    expect(region.querySelector('img')?.getAttribute('src')).toBe(`/__palette/media/${sha(1)}.jpg`);
  });

  it('speaks the content language for the app’s own texts, the console’s for placeholders', async () => {
    await i18n.changeLanguage('en-US');
    render(wrap(<RetentionPopupPreview draft={{ ...popup, mainTitle: '', subscribeButton: {} }} language="zh-CN" theme="dark" />));
    const region = screen.getByRole('region', { name: 'Preview of the retention popup as the app shows it' });
    expect(region.getAttribute('data-theme')).toBe('dark');
    expect(within(region).getByTestId('retention-price').textContent).toBe('¥268 / 年');
    const title = within(region).getByTestId('retention-title');
    expect(title.textContent).toBe('Main title');
    expect(title.getAttribute('lang')).toBe('en-US');
  });

  it('falls back to the starting colours where a colour is not valid', () => {
    const read = readRetentionPopup({ ...popup, mainTitleColour: '#12345', priceColour: 'red', background: { colour: '#GGG' } });
    const initial = retentionPopupKind.initial() as { mainTitleColour: string; priceColour: string; background: { colour: string } };
    expect(read.mainTitleColour).toBe(initial.mainTitleColour);
    expect(read.priceColour).toBe(initial.priceColour);
    expect(read.backgroundColour).toBe(initial.background.colour);
    expect(read.subtitleColour).toBe('#112233');
  });

  it('never throws on any draft', () => {
    for (const draft of junk) expect(() => render(wrap(<RetentionPopupPreview draft={draft as never} language="en-US" theme="light" />))).not.toThrow();
  });
});

describe('BannerPreview', () => {
  const banner = {
    position: 'homeTop',
    media: path('png'),
    textLayer: { title: 'Beach look', subtitle: 'One tap', colour: '#FFD23F', placement: 'top' },
    takeTheSame: { templateId: 'tpl', buttonText: 'Take the same', paragraph: 'Warm light and film grain.' },
    defaultMusic: path('mp3', 2),
    musicList: [
      { name: 'Waves', url: path('mp3', 3) },
      { name: 'Sunset', url: path('m4a', 4) },
    ],
  };

  it('draws the media, the text layer, the take-the-same button, the paragraph and the music', () => {
    render(wrap(<BannerPreview draft={banner} language="en-US" theme="light" />));
    const region = screen.getByRole('region', { name: 'Preview of the banner as the app shows it' });
    expect(region.querySelector('img')?.getAttribute('src')).toBe(`/__palette/media/${sha(1)}.png`);
    expect(within(region).getByTestId('banner-text-layer').textContent).toBe('Beach lookOne tap');
    expect(within(region).getByTestId('banner-take-the-same').textContent).toBe('Take the same');
    expect(within(region).getByText('Warm light and film grain.')).toBeTruthy();
    expect(within(region).getByTestId('banner-music').textContent).toBe('Music: Default music · 2 songs');
    expect(within(region).getByTestId('banner-card').getAttribute('data-position')).toBe('homeTop');
  });

  it('plays a video banner, on the page of its position, with the app’s texts in Chinese', () => {
    render(wrap(<BannerPreview draft={{ ...banner, media: path('mp4'), position: 'profile', defaultMusic: undefined, musicList: [{ name: '海浪', url: path('mp3', 3) }] }} language="zh-CN" theme="dark" />));
    const region = screen.getByRole('region', { name: 'Preview of the banner as the app shows it' });
    expect(region.querySelector('video')?.getAttribute('src')).toBe(`/__palette/media/${sha(1)}.mp4`);
    expect(within(region).getByTestId('banner-music').textContent).toBe('音乐：海浪 · 1 首歌曲');
    expect(region.querySelector('[data-current]')?.textContent).toBe('我的');
  });

  it('reads a draft the way the contract publishes it: no text layer or template while their texts are empty', () => {
    expect(readBanner({ textLayer: { colour: '#FFF', placement: 'top' }, takeTheSame: { templateId: '' } })).toMatchObject({ textLayer: null, takeTheSame: null, media: null, position: 'homeTop', music: [] });
    expect(readBanner({ textLayer: { subtitle: 'x', colour: 'bad' } }).textLayer).toEqual({ title: '', subtitle: 'x', colour: '#FFFFFF', placement: 'bottom' });
  });

  it('shows a placeholder for missing media in the console’s language', async () => {
    await i18n.changeLanguage('zh-CN');
    render(wrap(<BannerPreview draft={{ position: 'homeFeed' }} language="en-US" theme="light" />));
    expect(screen.getByText('图片或视频 2:1').getAttribute('lang')).toBe('zh-CN');
  });

  it('never throws on any draft', () => {
    for (const draft of junk) expect(() => render(wrap(<BannerPreview draft={draft as never} language="en-US" theme="light" />))).not.toThrow();
  });
});

describe('StartPagePreview', () => {
  it('draws the picture full screen with the skip button and the seconds, in the content language', () => {
    render(wrap(<StartPagePreview draft={{ image: path('png'), displaySeconds: 4, skippable: true }} language="zh-CN" theme="light" />));
    const region = screen.getByRole('region', { name: 'Preview of the start page as the app shows it' });
    expect(within(region).getByTestId('start-page-image').getAttribute('src')).toBe(`/__palette/media/${sha(1)}.png`);
    expect(within(region).getByTestId('start-page-skip').textContent).toBe('跳过 4');
  });

  it('plays the video with the picture as its poster, and has no skip button when it cannot be skipped', () => {
    render(wrap(<StartPagePreview draft={{ image: path('jpg'), video: path('mp4', 2), displaySeconds: 3, skippable: false }} language="en-US" theme="dark" />));
    const video = screen.getByTestId('start-page-video');
    expect(video.getAttribute('src')).toBe(`/__palette/media/${sha(2)}.mp4`);
    expect(video.getAttribute('poster')).toBe(`/__palette/media/${sha(1)}.jpg`);
    expect(screen.queryByTestId('start-page-skip')).toBeNull();
  });

  it('clamps a display time out of bounds to them, and starts at 3 s', () => {
    expect(readStartPage({ displaySeconds: 0 }).seconds).toBe(1);
    expect(readStartPage({ displaySeconds: 99 }).seconds).toBe(10);
    expect(readStartPage({}).seconds).toBe((startPageKind.initial() as { displaySeconds: number }).displaySeconds);
  });

  it('never throws on any draft', () => {
    for (const draft of junk) expect(() => render(wrap(<StartPagePreview draft={draft as never} language="en-US" theme="light" />))).not.toThrow();
  });
});

describe('generic field additions', () => {
  const context = (document: Record<string, unknown>): DocumentFieldContext => ({ document, onChange: () => undefined, problems: {}, projectId: 'p', disabled: false });

  it('a colour field’s swatch shows only a colour the app would take', () => {
    const meta = { labelKey: 'config:retentionPopups.fields.priceColour', input: 'colour' } as const;
    render(wrap(<DocumentField meta={meta} path={['priceColour']} context={context({ priceColour: '#abc' })} />));
    expect(screen.getByTestId('colour-swatch').style.background).toMatch(/^(#AABBCC|rgb\(170, 187, 204\))$/i);
    cleanup();
    render(wrap(<DocumentField meta={meta} path={['priceColour']} context={context({ priceColour: '#abcd' })} />));
    expect(screen.getByTestId('colour-swatch').style.background).toBe('transparent');
    expect(screen.getByRole('textbox', { name: 'Price colour' }).getAttribute('placeholder')).toBe('#1A2B3C');
  });

  it('a number in seconds says so after the number, in the console’s language', async () => {
    const meta = startPageKind.meta.displaySeconds;
    if (!meta) throw new Error('no displaySeconds');
    render(wrap(<DocumentField meta={meta} path={['displaySeconds']} context={context({ displaySeconds: 3 })} />));
    expect(screen.getByRole('textbox', { name: 'Display time' })).toBeTruthy();
    expect(screen.getByText('s')).toBeTruthy();
    cleanup();
    await i18n.changeLanguage('zh-CN');
    render(wrap(<DocumentField meta={meta} path={['displaySeconds']} context={context({ displaySeconds: 3 })} />));
    expect(screen.getByText('秒')).toBeTruthy();
  });
});
