// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { popupKind, type ConfigFieldMeta } from '@contract/config';
import { choosePopup, type PopupReason } from '@contract/config/popup-choice';
import { DocumentField } from '../../../renderer/src/config/document-fields';
import { idsFromFile, mergeIds, parseIdList } from '../../../renderer/src/config/id-list';
import { PopupPhone, readPopup } from '../../../renderer/src/config/popups/popup-phone';
import { initialPreviewForm, previewContext, readPreviewData } from '../../../renderer/src/config/popups/preview-context';
import { popupReasonText } from '../../../renderer/src/config/popups/reason-text';
import { buildResources } from '../../../renderer/src/i18n/resources';

/**
 * The popups' console pieces: the `idList` field (paste and import), optional groups and fields
 * shown for some values only, the phone preview of a popup, the popup preview's context and the
 * words it puts on the choice's reasons.
 */

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({ resources: buildResources(), lng: 'en-US', fallbackLng: 'en-US', defaultNS: 'common', interpolation: { escapeValue: false }, initAsync: false });
});
afterEach(() => cleanup());

function wrap(children: ReactNode) {
  return (
    <FluentProvider theme={webLightTheme}>
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </FluentProvider>
  );
}

describe('reading a list of ids', () => {
  it('splits ids on line breaks, commas, semicolons and tabs; trims, unquotes and drops repeats and empties', () => {
    expect(parseIdList(' u-1\nu-2, u-3;u-4\tu-5\r\n\n"u-6",u-1 ')).toEqual(['u-1', 'u-2', 'u-3', 'u-4', 'u-5', 'u-6']);
    expect(parseIdList('')).toEqual([]);
  });

  it('splits texts on line breaks only, keeping their commas', () => {
    expect(parseIdList('Price, value\nSpeed\n\nPrice, value', 'lines')).toEqual(['Price, value', 'Speed']);
  });

  it('imports a CSV file: byte-order mark and header cell dropped, every cell an id', () => {
    expect(idsFromFile('\uFEFFuser_id\r\nqa-1\r\nqa-2\r\n')).toEqual(['qa-1', 'qa-2']);
    expect(idsFromFile('userId,other\nqa-1,qa-9\n')).toEqual(['other', 'qa-1', 'qa-9']);
    expect(idsFromFile('qa-1\nid\n')).toEqual(['qa-1', 'id']);
  });

  it('adds imported ids after those listed and counts the repeats', () => {
    expect(mergeIds(['a', 'b'], ['b', 'c', 'd', 'a'])).toEqual({ ids: ['a', 'b', 'c', 'd'], added: 2, repeated: 2 });
  });
});

/** One document field with the document kept in state, as the editor keeps it. */
function Harness({ meta, path, initial }: { readonly meta: ConfigFieldMeta; readonly path: string[]; readonly initial: Record<string, unknown> }) {
  const [document, setDocument] = useState(initial);
  return (
    <>
      <DocumentField meta={meta} path={path} context={{ document, onChange: setDocument, problems: {}, projectId: 'p', disabled: false }} />
      <output data-testid="document">{JSON.stringify(document)}</output>
    </>
  );
}
const documentNow = () => JSON.parse(screen.getByTestId('document').textContent ?? '{}') as Record<string, unknown>;

describe('generic fields popups needed', () => {
  it('an idList field keeps the ids typed, one per line, and counts them', () => {
    render(wrap(<Harness meta={popupKind.meta.whitelist as ConfigFieldMeta} path={['whitelist']} initial={{ audience: 'whitelist', whitelist: [] }} />));
    const box = screen.getByRole('textbox', { name: 'Whitelist (user ids)' });
    fireEvent.change(box, { target: { value: 'qa-1\nqa-2, qa-3\nqa-1' } });
    expect(documentNow().whitelist).toEqual(['qa-1', 'qa-2', 'qa-3']);
    expect(screen.getByText('3 entries')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Import from a file…' })).toBeTruthy();
  });

  it('a field shown for some values of another is left out otherwise', () => {
    render(wrap(<Harness meta={popupKind.meta.whitelist as ConfigFieldMeta} path={['whitelist']} initial={{ audience: 'all', whitelist: [] }} />));
    expect(screen.queryByRole('textbox', { name: 'Whitelist (user ids)' })).toBeNull();
  });

  it('an optional group is added and removed with its switch', () => {
    render(wrap(<Harness meta={popupKind.meta.condition as ConfigFieldMeta} path={['condition']} initial={{}} />));
    const toggle = screen.getByRole('switch', { name: 'Trigger condition' });
    expect(screen.queryByRole('combobox', { name: 'App launches' })).toBeNull();
    fireEvent.click(toggle);
    expect(documentNow().condition).toEqual({});
    expect(screen.getByRole('combobox', { name: 'App launches' })).toBeTruthy();
    fireEvent.click(toggle);
    expect(documentNow()).not.toHaveProperty('condition');
  });
});

describe('the popup in the phone', () => {
  const feedback = {
    popupType: 'feedback',
    title: 'Enjoying Palette?',
    feedback: { question: 'How was editing today?', answerType: 'choice', choices: ['Great', 'Slow'], allowComment: true },
    pages: ['save'],
    elements: { close: { text: 'Close', action: 'dismiss' }, confirm: { text: 'Send', action: 'submitFeedback' }, cancel: { text: 'Later', action: 'dismiss' } },
    freeFeature: 'ai-eraser',
  };

  it('reads any draft without throwing', () => {
    for (const draft of [null, undefined, 7, 'x', [], { popupType: 'nope', elements: 'x', feedback: 3 }]) expect(() => readPopup(draft)).not.toThrow();
    expect(readPopup({ popupType: 'text', image: `/api/v1/media/${'a'.repeat(64)}.png` }).image).toBeNull();
  });

  it('draws a feedback popup over its first page, with its question, choices, comment box and elements', () => {
    render(wrap(<PopupPhone draft={feedback} language="en-US" theme="light" />));
    const phone = screen.getByRole('region', { name: 'Preview of the popup as the app shows it' });
    for (const text of ['Save', 'Enjoying Palette?', 'How was editing today?', 'Great', 'Slow', 'Add a comment', 'Send', 'Later', 'Free: ai-eraser']) {
      expect(phone.textContent, text).toContain(text);
    }
    expect(screen.getByTestId('popup-close')).toBeTruthy();
  });

  it('shows placeholders in the console’s language where texts are missing, and the app’s texts in the content language', () => {
    render(wrap(<PopupPhone draft={{ popupType: 'feedback', feedback: { answerType: 'rating' }, elements: { confirm: {} }, pages: ['home'] }} language="zh-CN" theme="dark" page="share" />));
    expect(screen.getByTestId('popup-title').textContent).toBe('Title');
    expect(screen.getByTestId('popup-question').textContent).toBe('Question');
    expect(screen.getByTestId('popup-confirm').textContent).toBe('Button');
    expect(screen.getByRole('img', { name: '4 星（满分 5 星）' })).toBeTruthy();
    expect(screen.getByTestId('popup-phone').textContent).toContain('分享');
  });
});

describe('the popup preview', () => {
  const now = new Date('2026-06-15T12:00:00.000Z');

  it('turns the form into the context the app would report', () => {
    const context = previewContext(
      { ...initialPreviewForm, daysSinceInstall: 3, sessionMinutes: 10, otherSession: 2, otherEarlier: 1, history: { a: { times: 3, hoursAgo: 2 }, b: { times: 0, hoursAgo: 1 }, c: { times: 1, hoursAgo: null } } },
      now,
    );
    expect(context).toMatchObject({ userId: 'preview-user', installedAt: '2026-06-12T12:00:00.000Z', sessionStartedAt: '2026-06-15T11:50:00.000Z', version: null, region: null, language: null });
    expect(context.shows.a?.[0]).toBe('2026-06-15T10:00:00.000Z');
    expect(context.shows.a).toHaveLength(3);
    expect(context.shows.b).toBeUndefined();
    expect(Date.parse(context.shows.c?.[0] ?? '')).toBeLessThan(now.getTime() - 300 * 86_400_000);
    expect(context.otherInterruptions).toEqual(['2026-06-15T11:50:01.000Z', '2026-06-15T11:50:02.000Z', '2026-06-15T11:49:59.000Z']);
  });

  it('earlier showings count for times per user only, not for the budget', () => {
    const data = {
      environment: 'official' as const,
      regionGroups: {},
      budget: { perSession: 1, perDay: 1, version: 2, updatedAt: null, updatedBy: null },
      popups: [
        {
          id: 'p',
          name: 'Twice',
          revision: 1,
          document: {
            name: 'Twice',
            enabled: true,
            schedule: { startsAt: null, endsAt: null, timeZone: 'UTC', daily: null },
            targeting: { platforms: [], minVersion: null, maxVersion: null, regionGroups: { include: [], exclude: [] }, languages: [] },
            popupType: 'text',
            title: 'Hi',
            audience: 'all',
            pages: ['home'],
            elements: { close: { text: 'x', action: 'dismiss' } },
            frequency: { every: 1, unit: 'hour' },
            timesPerUser: 3,
            weight: 1,
            priority: 'medium',
          },
        },
        { id: 'broken', name: 'Broken', revision: 1, document: { name: 'Broken', popupType: 'video' } },
      ],
    };
    const read = readPreviewData(data);
    expect(read.popups.map((p) => [p.name, p.rules === null])).toEqual([
      ['Twice', false],
      ['Broken', true],
    ]);
    const choice = (times: number, hoursAgo: number | null) =>
      choosePopup(read.live, previewContext({ ...initialPreviewForm, history: { p: { times, hoursAgo } } }, now), { perSession: 1, perDay: 1 }, read.groups);
    expect(choice(2, 30).chosen).toBe('p');
    expect(choice(3, 30).outcomes[0]?.reasons.map((r) => r.code)).toEqual(['timesPerUser']);
    expect(choice(1, 0.5).outcomes[0]?.reasons.map((r) => r.code)).toEqual(['frequency']);
  });

  it('puts the choice’s reasons into words, with option labels, names and times', () => {
    const t = i18n.getFixedT('en-US') as (key: string, options?: Record<string, unknown>) => string;
    const names = new Map([['w', 'Rate Palette']]);
    const time = (iso: string) => `<${iso}>`;
    const say = (reason: PopupReason) => popupReasonText(reason, t, names, time);
    expect(say({ code: 'audience', audience: 'new' })).toBe('Not in the audience “New users”.');
    expect(say({ code: 'page', pages: ['save', 'share'] })).toBe('Not shown on this page (pages: Save, Share).');
    expect(say({ code: 'condition', operator: 'gte', value: 3, launchCount: 2 })).toBe('The launch condition is not met: 2 launches, needs Greater than or equal to 3.');
    expect(say({ code: 'lostOnPriority', winner: 'w', priority: 'medium', winnerPriority: 'high' })).toBe('Lost on priority: “Rate Palette” has priority High, this one Medium.');
    expect(say({ code: 'lostOnWeight', winner: 'w', weight: 1, total: 4 })).toBe('Lost on weight to “Rate Palette”: weight 1 of 4 among equal priority.');
    expect(say({ code: 'budgetDay', cap: 4, used: 4, nextAt: '2026-06-15T15:00:00.000Z' })).toContain('<2026-06-15T15:00:00.000Z>');
    expect(say({ code: 'platform', platforms: ['android'] })).toBe(t('config:common.reasons.platform', { platforms: 'android' }));
  });
});
