import { type MediaHint, type MediaRefusal } from '@contract/media';
import { fieldErrorMessage } from '@contract/field-errors';
import type { Translate } from '../i18n/error-text';

/**
 * Wording of media hints, refusals and file facts in the operator's language, as pure functions
 * (the field component and the tests share them).
 */

/** "PNG or JPG" / "PNG 或 JPG": the accepted types as a list in `locale`. */
export function formatTypeList(types: ReadonlyArray<string>, locale: string): string {
  try {
    return new Intl.ListFormat(locale, { style: 'long', type: 'disjunction' }).format(types);
  } catch {
    return types.join(', ');
  }
}

/**
 * The hint under a media field: "PNG or JPG, 1080 × 1920, 9:16, at most 2 MB" in en-US,
 * "PNG 或 JPG，1080 × 1920，9:16，不超过 2 MB" in zh-CN. Parts the rule does not limit are left out.
 */
export function formatMediaHint(hint: MediaHint, t: Translate, locale: string): string {
  const parts = [formatTypeList(hint.types, locale)];
  const size = hint.size;
  if (size?.kind === 'exact') parts.push(t('media:hint.sizeExact', { width: size.width, height: size.height }));
  else if (size?.kind === 'max') {
    if (size.width !== undefined && size.height !== undefined) parts.push(t('media:hint.sizeMax', { width: size.width, height: size.height }));
    else if (size.width !== undefined) parts.push(t('media:hint.widthMax', { width: size.width }));
    else if (size.height !== undefined) parts.push(t('media:hint.heightMax', { height: size.height }));
  }
  if (hint.ratio) parts.push(hint.ratio);
  if (hint.maxSeconds !== null) parts.push(t('media:hint.maxDuration', { seconds: hint.maxSeconds }));
  parts.push(t('media:hint.maxSize', { size: hint.maxSize }));
  return parts.join(t('media:hint.separator'));
}

/**
 * One refusal in the operator's language. The contract names the message (`validation.*`,
 * `errors.*`); a content that is not what its name says gets the fuller sentence of the `media`
 * namespace, naming both types.
 */
export function refusalText(refusal: MediaRefusal, t: Translate): string {
  const params = refusal.params ?? {};
  if (refusal.key === 'errors.contentTypeMismatch' && typeof params.declared === 'string' && typeof params.actual === 'string' && params.actual !== '?') {
    return t('media:refusal.contentType', { declared: params.declared, actual: params.actual });
  }
  return fieldErrorMessage({ key: refusal.key, ...(refusal.params ? { params: { ...refusal.params } } : {}) }, t);
}

/** A duration in seconds with at most one decimal ("12", "2.5"). */
export function formatSeconds(ms: number): number {
  return Math.round(ms / 100) / 10;
}

/** The whole percentage of an upload (0–100). */
export function percentOf(sent: number, total: number): number {
  if (total <= 0) return sent > 0 ? 100 : 0;
  return Math.max(0, Math.min(100, Math.floor((sent / total) * 100)));
}
