import type { PopupPreviewData } from '@contract/api/popups';
import type { Environment, RegionGroupMembers } from '@contract/config';
import { popupKind, type PhoneTier, type PopupPage } from '@contract/config/kinds/popups';
import type { LivePopup, PopupContext, PopupRules } from '@contract/config/popup-choice';
import type { Platform } from '@contract/resources/projects';

/**
 * The popup preview's form and what it means to the choice (contract/config/popup-choice.ts): the
 * situation an operator sets, turned into the context and history the app would report.
 *
 * History is set per popup as how often it was shown and how many hours ago the last time: the
 * last showing is placed there, earlier ones long ago (400 days back), so they count for "times per
 * user" but not for the frequency or the budget's session and day. Other interruptions (retention
 * popups, automatic subscription pages) are counts: this session's right after its start, earlier
 * ones in the minutes before it (inside the 24 hours as long as the session started less than 23
 * hours ago, which the form keeps to).
 */

export interface PopupHistoryEntry {
  readonly times: number;
  /** Hours since the last showing; null: long ago. */
  readonly hoursAgo: number | null;
}

export interface PopupPreviewForm {
  readonly environment: Environment;
  readonly platform: Platform;
  readonly version: string;
  readonly region: string;
  readonly language: string;
  readonly userId: string;
  readonly subscriber: boolean;
  /** Days since the first launch; null: unknown. */
  readonly daysSinceInstall: number | null;
  readonly page: PopupPage;
  readonly phoneTier: PhoneTier | null;
  readonly launchCount: number;
  readonly sessionMinutes: number;
  readonly otherSession: number;
  readonly otherEarlier: number;
  readonly history: Readonly<Record<string, PopupHistoryEntry>>;
}

export const initialPreviewForm: PopupPreviewForm = {
  environment: 'official',
  platform: 'ios',
  version: '',
  region: '',
  language: '',
  userId: 'preview-user',
  subscriber: false,
  daysSinceInstall: 30,
  page: 'home',
  phoneTier: 'mid',
  launchCount: 5,
  sessionMinutes: 5,
  otherSession: 0,
  otherEarlier: 0,
  history: {},
};

/** The longest session the form takes: earlier interruptions must still fit in the 24 hours. */
export const MAX_SESSION_MINUTES = 23 * 60;
const HOUR_MS = 3_600_000;
const LONG_AGO_MS = 400 * 24 * HOUR_MS;

const whole = (value: number, max: number) => (Number.isFinite(value) ? Math.min(max, Math.max(0, Math.floor(value))) : 0);

/** The context the app would report for the form's user at `now`. */
export function previewContext(form: PopupPreviewForm, now: Date): PopupContext {
  const t = now.getTime();
  const sessionStart = t - whole(form.sessionMinutes, MAX_SESSION_MINUTES) * 60_000;
  const shows: Record<string, string[]> = {};
  for (const [id, entry] of Object.entries(form.history)) {
    const times = whole(entry.times, 10_000);
    if (times === 0) continue;
    const last = entry.hoursAgo === null || !Number.isFinite(entry.hoursAgo) ? t - LONG_AGO_MS : t - Math.max(0, entry.hoursAgo) * HOUR_MS;
    shows[id] = [new Date(last).toISOString(), ...Array.from({ length: times - 1 }, (_, k) => new Date(Math.min(last, t - LONG_AGO_MS) - (k + 1) * 60_000).toISOString())];
  }
  const other = [
    ...Array.from({ length: whole(form.otherSession, 1000) }, (_, k) => new Date(Math.min(t, sessionStart + (k + 1) * 1000)).toISOString()),
    ...Array.from({ length: whole(form.otherEarlier, 1000) }, (_, k) => new Date(sessionStart - (k + 1) * 1000).toISOString()),
  ];
  return {
    now,
    platform: form.platform,
    version: form.version.trim() === '' ? null : form.version.trim(),
    region: form.region === '' ? null : form.region,
    language: form.language === '' ? null : form.language,
    // Whether the user is in a segment is the server's to compute: the preview's user is unknown.
    segments: null,
    userId: form.userId.trim() === '' ? null : form.userId.trim(),
    subscriber: form.subscriber,
    installedAt: form.daysSinceInstall === null || !Number.isFinite(form.daysSinceInstall) ? null : new Date(t - form.daysSinceInstall * 24 * HOUR_MS).toISOString(),
    page: form.page,
    phoneTier: form.phoneTier,
    launchCount: whole(form.launchCount, 1_000_000_000),
    sessionStartedAt: new Date(sessionStart).toISOString(),
    shows,
    otherInterruptions: other,
  };
}

/** A live popup the choice can read, or why not: its published document no longer parses. */
export interface PreviewPopup {
  readonly id: string;
  readonly name: string;
  readonly document: Record<string, unknown>;
  readonly rules: PopupRules | null;
}

/** The live popups with their rules read by the kind's schema, and the region groups' members. */
export function readPreviewData(data: PopupPreviewData): { readonly popups: readonly PreviewPopup[]; readonly live: readonly LivePopup[]; readonly groups: RegionGroupMembers } {
  const popups = data.popups.map((item) => {
    const parsed = popupKind.document.safeParse(item.document);
    return { id: item.id, name: item.name, document: item.document, rules: parsed.success ? (parsed.data as unknown as PopupRules) : null };
  });
  return {
    popups,
    live: popups.filter((p): p is PreviewPopup & { rules: PopupRules } => p.rules !== null).map((p) => ({ id: p.id, rules: p.rules })),
    groups: new Map(Object.entries(data.regionGroups).map(([id, regions]) => [id, new Set(regions)])),
  };
}
