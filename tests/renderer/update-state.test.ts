import { describe, expect, it } from 'vitest';
import { updateRefusal } from '../../renderer/src/data/update-state';
import enLayout from '../../renderer/src/i18n/en-US/layout';
import zhLayout from '../../renderer/src/i18n/zh-CN/layout';

describe('the update state in the console', () => {
  it('tells the operator when a downloaded update was refused for its checksum or its signature', () => {
    expect(updateRefusal({ status: 'error', version: '1.2.0', progress: null, failure: 'integrity' })).toBe('integrity');
    expect(updateRefusal({ status: 'error', version: '1.2.0', progress: null, failure: 'signature' })).toBe('signature');
  });

  it('stays quiet about an unreachable server, other failures and every other state', () => {
    expect(updateRefusal({ status: 'error', version: null, progress: null, failure: 'unreachable' })).toBeNull();
    expect(updateRefusal({ status: 'error', version: null, progress: null, failure: 'other' })).toBeNull();
    expect(updateRefusal({ status: 'error', version: null, progress: null })).toBeNull();
    expect(updateRefusal({ status: 'ready', version: '1.2.0', progress: 100 })).toBeNull();
    expect(updateRefusal(undefined)).toBeNull();
  });

  it('says so in English and in Chinese, naming the version', () => {
    for (const layout of [enLayout, zhLayout]) {
      expect(layout.update.refusedTitle).not.toBe('');
      expect(layout.update.integrityBody).toContain('{{version}}');
      expect(layout.update.signatureBody).toContain('{{version}}');
    }
    expect(zhLayout.update.integrityBody).not.toBe(enLayout.update.integrityBody);
  });
});
