import type { z } from 'zod';
import type { StoreSettings, storeSettingsUpdateSchema } from '@contract/api/commerce';

/** The store settings form as the operator types it. */
export interface StoreSettingsDraft {
  readonly appleAppId: string;
  readonly acceptSandbox: boolean;
  readonly googlePushEmail: string;
  readonly googlePushAudience: string;
}

/** The form's starting values: what the settings are now. */
export function toStoreSettingsDraft(settings: StoreSettings): StoreSettingsDraft {
  return {
    appleAppId: settings.appleAppId === null ? '' : String(settings.appleAppId),
    acceptSandbox: settings.acceptSandbox,
    googlePushEmail: settings.googlePushEmail ?? '',
    googlePushAudience: settings.googlePushAudience ?? '',
  };
}

/**
 * The update body of a draft, for the app's platform: an iOS app sends its Apple app id and the
 * sandbox switch and leaves push authentication alone; an Android app keeps those as they are and
 * sends the push subscription's service account and audience, blank ones as null (both blank:
 * push authentication off; one blank: the contract's schema refuses it at that field).
 */
export function storeSettingsBody(settings: StoreSettings, draft: StoreSettingsDraft): z.input<typeof storeSettingsUpdateSchema> {
  if (settings.platform === 'ios') {
    const id = draft.appleAppId.trim();
    return { appleAppId: id === '' ? null : Number(id), acceptSandbox: draft.acceptSandbox, version: settings.version };
  }
  const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim());
  return {
    appleAppId: settings.appleAppId,
    acceptSandbox: settings.acceptSandbox,
    googlePushEmail: blankToNull(draft.googlePushEmail),
    googlePushAudience: blankToNull(draft.googlePushAudience),
    version: settings.version,
  };
}
