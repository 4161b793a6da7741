import { mediaPreviewPath } from '@contract/media';
import { projectIconPathPattern } from '@contract/resources/projects';

/**
 * Where the console shows a project's icon from: an uploaded icon (`/api/v1/media/<sha256>.<ext>`)
 * through main's preview path on the console's own origin (the CSP allows no other, and the API
 * server may be another origin), an https address as it is; undefined for none (the Avatar then
 * shows the initials).
 */
export function projectIconSrc(iconUrl: unknown): string | undefined {
  const value = typeof iconUrl === 'string' ? iconUrl.trim() : '';
  if (projectIconPathPattern.test(value)) return mediaPreviewPath(value) ?? undefined;
  return /^https:\/\//.test(value) ? value : undefined;
}
