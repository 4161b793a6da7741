import type { z } from 'zod';
import type { StoreSettings, storeSettingsUpdateSchema } from '@contract/api/commerce';

/** The store settings form as the operator types it. */
export interface StoreSettingsDraft {
  readonly appleAppId: string;
  readonly acceptSandbox: boolean;
  /** The sandbox testers' app user ids, one per line (commas and spaces separate too). */
  readonly sandboxTesters: string;
  readonly googlePushEmail: string;
  readonly googlePushAudience: string;
}

/** The form's starting values: what the settings are now. */
export function toStoreSettingsDraft(settings: StoreSettings): StoreSettingsDraft {
  return {
    appleAppId: settings.appleAppId === null ? '' : String(settings.appleAppId),
    acceptSandbox: settings.acceptSandbox,
    sandboxTesters: settings.sandboxTesters.join('\n'),
    googlePushEmail: settings.googlePushEmail ?? '',
    googlePushAudience: settings.googlePushAudience ?? '',
  };
}

/** The ids of a testers field: split on lines, commas and spaces, blanks dropped. */
export function testerIds(text: string): string[] {
  return text.split(/[\s,]+/).filter((id) => id !== '');
}

/**
 * The update body of a draft, for the app's platform: both send the sandbox switch and the sandbox
 * testers; an iOS app sends its Apple app id and leaves push authentication alone; an Android app
 * keeps the Apple app id as it is and sends the push subscription's service account and audience,
 * blank ones as null (no account: push authentication off; an audience without an account: the
 * contract's schema refuses it at that field).
 */
export function storeSettingsBody(settings: StoreSettings, draft: StoreSettingsDraft): z.input<typeof storeSettingsUpdateSchema> {
  if (settings.platform === 'ios') {
    const id = draft.appleAppId.trim();
    return { appleAppId: id === '' ? null : Number(id), acceptSandbox: draft.acceptSandbox, sandboxTesters: testerIds(draft.sandboxTesters), version: settings.version };
  }
  const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim());
  return {
    appleAppId: settings.appleAppId,
    acceptSandbox: draft.acceptSandbox,
    sandboxTesters: testerIds(draft.sandboxTesters),
    googlePushEmail: blankToNull(draft.googlePushEmail),
    googlePushAudience: blankToNull(draft.googlePushAudience),
    version: settings.version,
  };
}
