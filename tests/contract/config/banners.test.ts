import { describe, expect, it } from 'vitest';
import { bannerKind, draftProblems, newDraft } from '@contract/config';
import { bannerPositions, MAX_BANNER_MUSIC } from '@contract/config/kinds/banners';

/**
 * Banners (issue 11): position, media of the banner rule, an optional text layer with a valid
 * colour, an optional "take the same" paragraph, default music and a music list of the audio rule;
 * every limit at its boundary and one past it.
 */

const sha = (n: number) => n.toString(16).padStart(64, '0');
const media = (type: string, n = 1) => `/api/v1/media/${sha(n)}.${type}`;
const complete = (extra: Record<string, unknown> = {}) => ({
  ...newDraft(bannerKind, 'Summer template', 'UTC'),
  position: 'homeTop',
  media: media('jpg'),
  textLayer: { title: 'Beach look', subtitle: 'One tap, same style', colour: '#ffffff', placement: 'bottom' },
  takeTheSame: { templateId: 'tpl_beach_2025', buttonText: 'Take the same', paragraph: 'Warm light and film grain.' },
  defaultMusic: media('mp3', 2),
  musicList: [
    { name: 'Waves', url: media('mp3', 3) },
    { name: 'Sunset', url: media('m4a', 4) },
  ],
  ...extra,
});
const problems = (extra: Record<string, unknown>) => draftProblems(bannerKind, complete(extra));
const songs = (count: number) => Array.from({ length: count }, (_, i) => ({ name: `Song ${i + 1}`, url: media('mp3', 100 + i) }));

describe('banners', () => {
  it('publish a complete banner', () => {
    expect(problems({})).toEqual({});
    expect(bannerKind.document.parse(complete())).toMatchObject({ textLayer: { colour: '#FFFFFF' }, musicList: [{ name: 'Waves' }, { name: 'Sunset' }] });
  });

  it('have an order (reorder, to top), a schedule, an audience and a trash', () => {
    expect(bannerKind.parts).toEqual({ schedule: true, targeting: true, order: true, trash: true });
    expect(bannerKind.segment).toBe('banner');
  });

  it('take each position and nothing else; a position is required', () => {
    for (const position of bannerPositions) expect(problems({ position }), position).toEqual({});
    expect(problems({ position: 'footer' })).toEqual({ position: { key: 'validation.enum' } });
    expect(problems({ position: undefined })).toEqual({ position: { key: 'validation.required' } });
  });

  it('take a picture or a video of the banner rule as media, required', () => {
    for (const type of ['png', 'jpg', 'webp', 'gif', 'mp4', 'mov']) expect(problems({ media: media(type) }), type).toEqual({});
    expect(problems({ media: media('mp3') })).toEqual({ media: { key: 'validation.fileType', params: { types: 'PNG, JPG, WebP, GIF, MP4, MOV' } } });
    expect(problems({ media: media('pag') })).toMatchObject({ media: { key: 'validation.fileType' } });
    expect(problems({ media: undefined })).toEqual({ media: { key: 'validation.required' } });
    expect(problems({ media: `https://cdn.example.com/${sha(1)}.jpg` })).toEqual({ media: { key: 'validation.url' } });
    expect(problems({ media: `/api/v1/media/${sha(1)}.jpg?x=1` })).toEqual({ media: { key: 'validation.url' } });
  });

  describe('the text layer', () => {
    it('is absent while it has neither title nor subtitle, whatever its colour', () => {
      const none = complete({ textLayer: { colour: 'not a colour', placement: 'bottom' } });
      expect(draftProblems(bannerKind, none)).toEqual({});
      // Published without it (JSON drops the undefined).
      expect(JSON.parse(JSON.stringify(bannerKind.document.parse(none)))).not.toHaveProperty('textLayer');
      expect(problems({ textLayer: { title: '  ', subtitle: '' } })).toEqual({});
    });

    it('needs a valid colour and a placement once it has a text', () => {
      expect(problems({ textLayer: { subtitle: 'Only a subtitle', colour: '#000', placement: 'top' } })).toEqual({});
      expect(problems({ textLayer: { title: 'Hi', colour: '#12345', placement: 'top' } })).toEqual({ 'textLayer.colour': { key: 'validation.colour' } });
      expect(problems({ textLayer: { title: 'Hi', colour: '#1234567', placement: 'top' } })).toEqual({ 'textLayer.colour': { key: 'validation.colour' } });
      expect(problems({ textLayer: { title: 'Hi', colour: '#12345678', placement: 'center' } })).toEqual({});
      expect(problems({ textLayer: { title: 'Hi', placement: 'top' } })).toEqual({ 'textLayer.colour': { key: 'validation.required' } });
      expect(problems({ textLayer: { title: 'Hi', colour: '#000' } })).toEqual({ 'textLayer.placement': { key: 'validation.required' } });
      expect(problems({ textLayer: { title: 'Hi', colour: '#000', placement: 'left' } })).toEqual({ 'textLayer.placement': { key: 'validation.enum' } });
    });

    it('limits the title to 40 characters and the subtitle to 80', () => {
      const layer = (title: string, subtitle = '') => ({ textLayer: { title, subtitle, colour: '#FFF', placement: 'bottom' } });
      expect(problems(layer('t'.repeat(40)))).toEqual({});
      expect(problems(layer('t'.repeat(41)))).toEqual({ 'textLayer.title': { key: 'validation.lengthMax', params: { max: 40 } } });
      expect(problems(layer('t', 's'.repeat(80)))).toEqual({});
      expect(problems(layer('t', 's'.repeat(81)))).toEqual({ 'textLayer.subtitle': { key: 'validation.lengthMax', params: { max: 80 } } });
    });
  });

  describe('take the same', () => {
    it('is absent while all its texts are empty', () => {
      expect(problems({ takeTheSame: { templateId: '', buttonText: ' ', paragraph: '' } })).toEqual({});
      expect(problems({ takeTheSame: undefined })).toEqual({});
    });

    it('needs its template and button text once any part is given', () => {
      expect(problems({ takeTheSame: { paragraph: 'Just a text' } })).toEqual({
        'takeTheSame.templateId': { key: 'validation.required' },
        'takeTheSame.buttonText': { key: 'validation.required' },
      });
    });

    it('limits the button text to 24 characters, the paragraph to 300, the template ID to 128', () => {
      const same = (buttonText: string, paragraph = '', templateId = 'tpl') => ({ takeTheSame: { templateId, buttonText, paragraph } });
      expect(problems(same('b'.repeat(24)))).toEqual({});
      expect(problems(same('b'.repeat(25)))).toEqual({ 'takeTheSame.buttonText': { key: 'validation.lengthMax', params: { max: 24 } } });
      expect(problems(same('Go', 'p'.repeat(300)))).toEqual({});
      expect(problems(same('Go', 'p'.repeat(301)))).toEqual({ 'takeTheSame.paragraph': { key: 'validation.lengthMax', params: { max: 300 } } });
      expect(problems(same('Go', '', 'i'.repeat(128)))).toEqual({});
      expect(problems(same('Go', '', 'i'.repeat(129)))).toEqual({ 'takeTheSame.templateId': { key: 'validation.lengthMax', params: { max: 128 } } });
    });
  });

  describe('music', () => {
    it('takes MP3, M4A and WAV files of the music rule, and no picture or video', () => {
      for (const type of ['mp3', 'm4a', 'wav']) {
        expect(problems({ defaultMusic: media(type, 9) }), type).toEqual({});
        expect(problems({ musicList: [{ name: 'One', url: media(type, 9) }] }), type).toEqual({});
      }
      expect(problems({ defaultMusic: media('mp4', 9) })).toEqual({ defaultMusic: { key: 'validation.fileType', params: { types: 'MP3, M4A, WAV' } } });
      expect(problems({ musicList: [{ name: 'One', url: media('png', 9) }] })).toEqual({ 'musicList.0.url': { key: 'validation.fileType', params: { types: 'MP3, M4A, WAV' } } });
      expect(problems({ defaultMusic: undefined, musicList: undefined })).toEqual({});
      expect(bannerKind.document.parse(complete({ musicList: undefined }))).toMatchObject({ musicList: [] });
    });

    it(`lists at most ${MAX_BANNER_MUSIC} pieces, each with a name of at most 64 characters, none twice`, () => {
      expect(MAX_BANNER_MUSIC).toBe(20);
      expect(problems({ musicList: songs(20) })).toEqual({});
      expect(problems({ musicList: songs(21) })).toEqual({ musicList: { key: 'validation.itemsMax', params: { max: 20 } } });
      expect(problems({ musicList: [{ name: 'n'.repeat(64), url: media('wav', 5) }] })).toEqual({});
      expect(problems({ musicList: [{ name: 'n'.repeat(65), url: media('wav', 5) }] })).toEqual({ 'musicList.0.name': { key: 'validation.lengthMax', params: { max: 64 } } });
      expect(problems({ musicList: [{ url: media('wav', 5) }] })).toEqual({ 'musicList.0.name': { key: 'validation.required' } });
      expect(problems({ musicList: [{ name: 'No file' }, { name: 'No file either' }] })).toEqual({ 'musicList.0.url': { key: 'validation.required' }, 'musicList.1.url': { key: 'validation.required' } });
      const twice = [
        { name: 'A', url: media('mp3', 7) },
        { name: 'B', url: media('mp3', 7) },
      ];
      expect(problems({ musicList: twice })).toEqual({ musicList: { key: 'validation.duplicateItems' } });
    });
  });
});
