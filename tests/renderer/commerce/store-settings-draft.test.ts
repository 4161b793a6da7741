import { describe, expect, it } from 'vitest';
import { storeSettingsUpdateSchema, type StoreSettings } from '@contract/api/commerce';
import { storeSettingsBody, toStoreSettingsDraft } from '../../../renderer/src/commerce/store-settings-draft';

const base: StoreSettings = {
  appId: '6f1c2d9e-0000-4000-8000-000000000001',
  platform: 'android',
  appleAppId: null,
  acceptSandbox: true,
  sandboxTesters: [],
  googlePushEmail: null,
  googlePushAudience: null,
  googlePushDefault: false,
  googlePushOpen: true,
  notificationPath: '/hooks/google/6f1c2d9e-0000-4000-8000-000000000001',
  hasCredentials: true,
  lastEventAt: null,
  version: 3,
  updatedAt: null,
  updatedBy: null,
};

describe('the store settings form', () => {
  it('starts from the settings as they are', () => {
    expect(toStoreSettingsDraft(base)).toEqual({ appleAppId: '', acceptSandbox: true, sandboxTesters: '', googlePushEmail: '', googlePushAudience: '' });
    expect(toStoreSettingsDraft({ ...base, sandboxTesters: ['u-1', 'u-2'] }).sandboxTesters).toBe('u-1\nu-2');
    expect(toStoreSettingsDraft({ ...base, appleAppId: 42, googlePushEmail: 'a@b.co', googlePushAudience: 'aud' })).toMatchObject({ appleAppId: '42', googlePushEmail: 'a@b.co', googlePushAudience: 'aud' });
  });

  it('sends an Android app’s push authentication, blank as off, its sandbox settings, and keeps the Apple app id', () => {
    const draft = { ...toStoreSettingsDraft(base), appleAppId: '7', acceptSandbox: false, sandboxTesters: ' tester-1,tester-2\n\n tester-3 ' };
    expect(storeSettingsBody(base, { ...draft, googlePushEmail: ' push@p.iam.gserviceaccount.com ', googlePushAudience: ' https://x.example/hook ' })).toEqual({
      appleAppId: null,
      acceptSandbox: false,
      sandboxTesters: ['tester-1', 'tester-2', 'tester-3'],
      googlePushEmail: 'push@p.iam.gserviceaccount.com',
      googlePushAudience: 'https://x.example/hook',
      version: 3,
    });
    const off = storeSettingsBody(base, { ...draft, googlePushEmail: '  ', googlePushAudience: '' });
    expect(off).toMatchObject({ googlePushEmail: null, googlePushAudience: null });
    expect(storeSettingsUpdateSchema.safeParse(off).success).toBe(true);
    // The account alone turns it on; an audience without the account is refused at the empty field.
    expect(storeSettingsUpdateSchema.safeParse(storeSettingsBody(base, { ...draft, googlePushEmail: 'push@p.iam.gserviceaccount.com' })).success).toBe(true);
    const half = storeSettingsUpdateSchema.safeParse(storeSettingsBody(base, { ...draft, googlePushAudience: 'aud' }));
    expect(half.success).toBe(false);
    expect(half.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['googlePushEmail', 'validation.required']]);
  });

  it('sends an iOS app’s Apple settings and leaves push authentication alone', () => {
    const ios: StoreSettings = { ...base, platform: 'ios', googlePushEmail: 'kept@p.co', googlePushAudience: 'kept' };
    const body = storeSettingsBody(ios, { ...toStoreSettingsDraft(ios), appleAppId: '1234567890', acceptSandbox: false, googlePushEmail: '' });
    expect(body).toEqual({ appleAppId: 1_234_567_890, acceptSandbox: false, sandboxTesters: [], version: 3 });
    expect(storeSettingsBody(ios, { ...toStoreSettingsDraft(ios), appleAppId: '' }).appleAppId).toBeNull();
  });
});
