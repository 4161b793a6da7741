import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@contract/errors';
import { refusalCode } from '@contract/validation-codes';

/** Issue 12: where the spec has a code of its own, a refusal answers it instead of 1000. */
describe('the code of a refused input', () => {
  it('is the spec’s own when every field error is that mistake', () => {
    expect(refusalCode({ email: { key: 'validation.email' } }, 'auth.login')).toBe(ErrorCode.EmailFormat);
    expect(refusalCode({ 'members.0.email': { key: 'validation.email' } }, 'invitations.create')).toBe(ErrorCode.EmailFormat);
    expect(refusalCode({ newPassword: { key: 'validation.password' } }, 'auth.changePassword')).toBe(ErrorCode.PasswordRule);
    expect(refusalCode({ code: { key: 'validation.verificationCode' } }, 'auth.resetPassword')).toBe(ErrorCode.WrongVerificationCode);
    expect(refusalCode({ name: { key: 'validation.required' } }, 'apps.create')).toBe(ErrorCode.AppNameEmpty);
    expect(refusalCode({ name: { key: 'validation.required' } }, 'apps.update')).toBe(ErrorCode.AppNameEmpty);
    expect(refusalCode({ appId: { key: 'validation.id' } }, 'teams.unlinkApp')).toBe(ErrorCode.AppIdInvalid);
    expect(refusalCode({ 'draft.image': { key: 'validation.mediaRequired' } }, 'startPages.publish')).toBe(ErrorCode.MediaRequired);
  });

  it('stays 1000 for mixed mistakes, other fields, other routes and nothing at all', () => {
    expect(refusalCode({ email: { key: 'validation.email' }, password: { key: 'validation.required' } }, 'auth.login')).toBe(ErrorCode.ParamInvalid);
    expect(refusalCode({ contact: { key: 'validation.email' } }, 'x')).toBe(ErrorCode.ParamInvalid);
    expect(refusalCode({ email: { key: 'validation.emailLength', params: { max: 320 } } }, 'auth.login')).toBe(ErrorCode.ParamInvalid);
    expect(refusalCode({ name: { key: 'validation.required' } }, 'projects.create')).toBe(ErrorCode.ParamInvalid);
    expect(refusalCode({ name: { key: 'validation.required' } })).toBe(ErrorCode.ParamInvalid);
    expect(refusalCode({ projectId: { key: 'validation.id' } }, 'apps.list')).toBe(ErrorCode.ParamInvalid);
    expect(refusalCode({}, 'auth.login')).toBe(ErrorCode.ParamInvalid);
    expect(refusalCode(undefined, 'auth.login')).toBe(ErrorCode.ParamInvalid);
  });
});

describe('a subscription page published incomplete', () => {
  it('is 109003 whatever its fields lack, and only there', () => {
    const problems = { 'draft.title': { key: 'validation.required' }, 'draft.plans': { key: 'validation.itemsMin', params: { min: 1 } } };
    expect(refusalCode(problems, 'subscriptionPages.publish')).toBe(ErrorCode.PageConfigInvalid);
    expect(refusalCode(problems, 'popups.publish')).toBe(ErrorCode.ParamInvalid);
    expect(refusalCode(problems, 'subscriptionPages.saveDraft')).toBe(ErrorCode.ParamInvalid);
  });
});
