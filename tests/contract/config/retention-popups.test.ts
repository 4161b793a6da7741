import { describe, expect, it } from 'vitest';
import { draftProblems, newDraft, retentionPopupKind } from '@contract/config';
import { retentionTextLimits, retentionTypes } from '@contract/config/kinds/retention-popups';

/**
 * Retention popups (issue 11): the five types, every text limit at its boundary and one past it,
 * and every colour field required to be a valid colour value (spec §5) in the one format the
 * contract takes: `#RGB`, `#RRGGBB` or `#RRGGBBAA`, published as upper-case `#RRGGBB[AA]`.
 */

const sha = 'd'.repeat(64);
const complete = (extra: Record<string, unknown> = {}) => ({
  ...newDraft(retentionPopupKind, 'Keep trial users', 'Asia/Shanghai'),
  popupType: 'trialReminder',
  mainTitle: 'Your trial ends tomorrow',
  mainTitleColour: '#1f2937',
  subtitle: 'Keep every filter for less than a coffee a month.',
  subtitleColour: '#6B7280',
  background: { colour: '#fff', image: `/api/v1/media/${sha}.jpg` },
  priceColour: '#E11D48',
  subscribeButton: { text: 'Keep Pro', textColour: '#FFFFFF', backgroundColour: '#4361EE' },
  closeButton: { text: 'No thanks', colour: '#6B7280' },
  ...extra,
});

const problems = (extra: Record<string, unknown>) => draftProblems(retentionPopupKind, complete(extra));

/** Every colour field as a path and a way to set it in a document. */
const colourFields: ReadonlyArray<readonly [string, (value: string) => Record<string, unknown>]> = [
  ['mainTitleColour', (value) => ({ mainTitleColour: value })],
  ['subtitleColour', (value) => ({ subtitleColour: value })],
  ['background.colour', (value) => ({ background: { colour: value } })],
  ['priceColour', (value) => ({ priceColour: value })],
  ['subscribeButton.textColour', (value) => ({ subscribeButton: { text: 'Go', textColour: value, backgroundColour: '#000' } })],
  ['subscribeButton.backgroundColour', (value) => ({ subscribeButton: { text: 'Go', textColour: '#FFF', backgroundColour: value } })],
  ['closeButton.colour', (value) => ({ closeButton: { text: 'No', colour: value } })],
];

describe('retention popups', () => {
  it('publish a complete popup, colours in their canonical form', () => {
    expect(problems({})).toEqual({});
    const parsed = retentionPopupKind.document.parse(complete());
    expect(parsed).toMatchObject({ mainTitleColour: '#1F2937', background: { colour: '#FFFFFF' }, popupType: 'trialReminder' });
  });

  it('take each of the five types and nothing else', () => {
    expect([...retentionTypes]).toEqual(['newUser', 'resubscribed', 'trialReminder', 'trialCancellation', 'general']);
    for (const popupType of retentionTypes) expect(problems({ popupType }), popupType).toEqual({});
    expect(problems({ popupType: 'winBack' })).toEqual({ popupType: { key: 'validation.enum' } });
    expect(problems({ popupType: undefined })).toEqual({ popupType: { key: 'validation.required' } });
  });

  describe.each(colourFields)('%s', (path, set) => {
    it('takes #RGB, #RRGGBB and #RRGGBBAA in either case, trimmed', () => {
      for (const value of ['#abc', '#ABC', '#a1B2c3', '#A1B2C3', '#A1B2C380', ' #a1b2c3 ']) expect(problems(set(value)), value).toEqual({});
    });

    it('refuses every other length, a missing #, other letters, names and functions', () => {
      for (const value of ['#', '#A', '#AB', '#ABCD', '#ABCDE', '#ABCDEFA', '#ABCDEF012', 'A1B2C3', '#GGGGGG', '#12 345', 'red', 'rgb(0,0,0)', '##ABCDEF']) {
        expect(problems(set(value)), value).toEqual({ [path]: { key: 'validation.colour' } });
      }
    });

    it('is required', () => {
      expect(problems(set(''))[path]).toEqual({ key: 'validation.required' });
    });
  });

  it('a new popup starts with valid colours: only its texts are missing', () => {
    const draft = newDraft(retentionPopupKind, 'New one', 'UTC');
    expect(Object.keys(draftProblems(retentionPopupKind, draft)).sort()).toEqual(['closeButton.text', 'mainTitle', 'subscribeButton.text']);
  });

  it('limits the main title to 64 characters, the subtitle to 160, button texts to 32', () => {
    expect(retentionTextLimits).toEqual({ mainTitle: 64, subtitle: 160, button: 32 });
    expect(problems({ mainTitle: 'x'.repeat(64) })).toEqual({});
    expect(problems({ mainTitle: 'x'.repeat(65) })).toEqual({ mainTitle: { key: 'validation.lengthMax', params: { max: 64 } } });
    expect(problems({ mainTitle: '   ' })).toEqual({ mainTitle: { key: 'validation.required' } });
    expect(problems({ subtitle: 'y'.repeat(160) })).toEqual({});
    expect(problems({ subtitle: 'y'.repeat(161) })).toEqual({ subtitle: { key: 'validation.lengthMax', params: { max: 160 } } });
    expect(problems({ subtitle: undefined })).toEqual({});
    expect(problems({ subscribeButton: { text: 'z'.repeat(32), textColour: '#FFF', backgroundColour: '#000' } })).toEqual({});
    expect(problems({ subscribeButton: { text: 'z'.repeat(33), textColour: '#FFF', backgroundColour: '#000' } })).toEqual({ 'subscribeButton.text': { key: 'validation.lengthMax', params: { max: 32 } } });
    expect(problems({ closeButton: { text: 'z'.repeat(33), colour: '#000' } })).toEqual({ 'closeButton.text': { key: 'validation.lengthMax', params: { max: 32 } } });
  });

  it('takes a stored picture of its rule’s types as the background picture, and nothing else', () => {
    for (const type of ['png', 'jpg', 'webp']) expect(problems({ background: { colour: '#FFF', image: `/api/v1/media/${sha}.${type}` } }), type).toEqual({});
    expect(problems({ background: { colour: '#FFF', image: `/api/v1/media/${sha}.gif` } })).toEqual({ 'background.image': { key: 'validation.fileType', params: { types: 'PNG, JPG, WebP' } } });
    expect(problems({ background: { colour: '#FFF', image: 'https://example.com/a.png' } })).toEqual({ 'background.image': { key: 'validation.url' } });
    expect(problems({ background: { colour: '#FFF' } })).toEqual({});
  });

  it('has a schedule and an audience, a trash, and no order', () => {
    expect(retentionPopupKind.parts).toEqual({ schedule: true, targeting: true, order: false, trash: true });
    expect(retentionPopupKind.segment).toBe('retention');
    expect(retentionPopupKind.menu).toBe('management.retention');
  });
});
