import { describe, expect, it } from 'vitest';
import { draftProblems, newDraft, startPageKind } from '@contract/config';
import { startPageSeconds } from '@contract/config/kinds/start-pages';

/**
 * The start page (issue 11): a picture or a video of their rules (at least one), a display time of
 * 1 to 10 whole seconds, skippable or not, the skip button's wait below the display time (spec §5
 * "a number must be less than a named field's value"); bounds at their edge and one past.
 */

const sha = 'e'.repeat(64);
const complete = (extra: Record<string, unknown> = {}) => ({
  ...newDraft(startPageKind, 'Spring splash', 'UTC'),
  image: `/api/v1/media/${sha}.jpg`,
  displaySeconds: 3,
  skippable: true,
  skipAfterSeconds: 1,
  ...extra,
});
const problems = (extra: Record<string, unknown>) => draftProblems(startPageKind, complete(extra));

describe('start pages', () => {
  it('publish a picture, a video, or both (the picture then stands in for the video)', () => {
    expect(problems({})).toEqual({});
    expect(problems({ image: undefined, video: `/api/v1/media/${sha}.mp4` })).toEqual({});
    expect(problems({ video: `/api/v1/media/${sha}.mov` })).toEqual({});
  });

  it('need at least one picture or video', () => {
    expect(problems({ image: undefined })).toEqual({ image: { key: 'validation.mediaRequired' } });
  });

  it('take only their rules’ types: PNG or JPG pictures, MP4 or MOV videos', () => {
    expect(problems({ image: `/api/v1/media/${sha}.png` })).toEqual({});
    expect(problems({ image: `/api/v1/media/${sha}.webp` })).toEqual({ image: { key: 'validation.fileType', params: { types: 'PNG, JPG' } } });
    expect(problems({ video: `/api/v1/media/${sha}.gif` })).toEqual({ video: { key: 'validation.fileType', params: { types: 'MP4, MOV' } } });
    expect(problems({ image: '/somewhere/else.png' })).toEqual({ image: { key: 'validation.url' } });
  });

  it('show 1 to 10 whole seconds', () => {
    expect(startPageSeconds).toEqual({ min: 1, max: 10 });
    expect(problems({ displaySeconds: 1, skipAfterSeconds: 0 })).toEqual({});
    expect(problems({ displaySeconds: 0, skipAfterSeconds: 0 })).toEqual({ displaySeconds: { key: 'validation.rangeMin', params: { min: 1 } } });
    expect(problems({ displaySeconds: 10 })).toEqual({});
    expect(problems({ displaySeconds: 11 })).toEqual({ displaySeconds: { key: 'validation.rangeMax', params: { max: 10 } } });
    expect(problems({ displaySeconds: 2.5 })).toEqual({ displaySeconds: { key: 'validation.integer' } });
    expect(problems({ displaySeconds: undefined })).toEqual({ displaySeconds: { key: 'validation.required' } });
    expect(problems({ displaySeconds: '3' })).toEqual({ displaySeconds: { key: 'validation.type' } });
  });

  it('show the skip button after fewer seconds than the page shows', () => {
    expect(problems({ displaySeconds: 3, skipAfterSeconds: 2 })).toEqual({});
    expect(problems({ displaySeconds: 3, skipAfterSeconds: 3 })).toEqual({
      skipAfterSeconds: { key: 'validation.lessThan', params: { field: 'config:startPages.fields.displaySeconds', value: 3 } },
    });
    expect(problems({ displaySeconds: 10, skipAfterSeconds: 9 })).toEqual({});
    expect(problems({ displaySeconds: 10, skipAfterSeconds: 10 })).toEqual({ skipAfterSeconds: { key: 'validation.rangeMax', params: { max: 9 } } });
    expect(problems({ skipAfterSeconds: -1 })).toEqual({ skipAfterSeconds: { key: 'validation.rangeMin', params: { min: 0 } } });
    expect(problems({ skipAfterSeconds: undefined })).toEqual({});
    // Not skippable: the wait is not used, so it does not have to fit.
    expect(problems({ skippable: false, displaySeconds: 2, skipAfterSeconds: 5 })).toEqual({});
  });

  it('a new start page starts skippable after 0 s with 3 s on screen, waiting only for its picture or video', () => {
    const draft = newDraft(startPageKind, 'New', 'UTC');
    expect(draft).toMatchObject({ displaySeconds: 3, skippable: true, skipAfterSeconds: 0 });
    expect(draftProblems(startPageKind, draft)).toEqual({ image: { key: 'validation.mediaRequired' } });
  });

  it('have a schedule, an audience, an order (the first live one shows) and a trash', () => {
    expect(startPageKind.parts).toEqual({ schedule: true, targeting: true, order: true, trash: true });
    expect(startPageKind.segment).toBe('start-page');
    expect(startPageKind.meta.displaySeconds?.unit).toBe('seconds');
  });
});
