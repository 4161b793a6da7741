import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@contract/errors';
import { fieldErrorMessage } from '@contract/field-errors';
import { contractMessages } from '@contract/i18n';
import { appResource, entitlementResource, projectCreateSchema, projectResource, skuResource } from '@contract/resources/projects';
import {
  changedFields,
  fieldOfPath,
  formFields,
  isDirty,
  rebaseOnLatest,
  splitFieldErrors,
  toBody,
  toFormValues,
  toPatch,
  validateBody,
} from '../../../renderer/src/resources/form-model';
import { placeSubmitError } from '../../../renderer/src/forms/submit-errors';

const appId = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';
const sku = {
  id: '6ec0bd7f-11c0-43da-975e-2a8ad9ebae0b',
  version: 3,
  appId,
  storeProductId: 'pro.yearly',
  name: 'Pro Yearly',
  type: 'subscription',
  period: 'yearly',
  price: 59.99,
  currency: 'USD',
};

/** A translator over the contract's en-US messages, like i18next's `t` for `ns:key`. */
const t = (key: string, params?: Record<string, unknown>) => {
  const [ns, path] = key.split(':') as [string, string];
  const text = path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], (contractMessages['en-US'] as Record<string, unknown>)[ns]);
  return String(text ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params?.[name] ?? ''));
};

describe('form fields from metadata', () => {
  it('lists the editable fields, locking read-only ones when editing', () => {
    const create = formFields(skuResource, 'create');
    expect(create.map((f) => f.name)).toEqual(['appId', 'storeProductId', 'name', 'type', 'period', 'price', 'currency']);
    expect(create.some((f) => f.locked)).toBe(false);
    const edit = formFields(skuResource, 'edit');
    expect(edit.filter((f) => f.locked).map((f) => f.name)).toEqual(['appId']);
    expect(formFields(appResource, 'edit', ['packageName']).map((f) => f.name)).toEqual(['platform', 'name']);
  });

  it('knows what a cleared optional field sends', () => {
    const fields = Object.fromEntries(formFields(skuResource, 'create').map((f) => [f.name, f]));
    expect(fields.price).toMatchObject({ optional: true, emptyAs: null });
    expect(fields.name).toMatchObject({ optional: false, emptyAs: undefined });
    const description = formFields(entitlementResource, 'create').find((f) => f.name === 'description');
    expect(description).toMatchObject({ optional: true, emptyAs: '' });
  });
});

describe('values and bodies', () => {
  const fields = formFields(skuResource, 'edit');

  it('turns an item into form values and back into the same body', () => {
    const values = toFormValues(fields, sku);
    expect(values).toMatchObject({ price: '59.99', currency: 'USD', type: 'subscription' });
    expect(toBody(fields, values)).toEqual({ appId, storeProductId: 'pro.yearly', name: 'Pro Yearly', type: 'subscription', period: 'yearly', price: 59.99, currency: 'USD' });
  });

  it('keeps unreadable numbers for the schema to refuse, and clears empty optional ones', () => {
    const values = { ...toFormValues(fields, sku), price: '12,5', currency: '' };
    const body = toBody(fields, values);
    expect(Number.isNaN(body.price)).toBe(true);
    expect(body.currency).toBeNull();
    const errors = validateBody(skuResource.editable, fields, values, body);
    expect(errors.price?.key).toBe('validation.number');
  });

  it('checks the cross-field rules of the declaration', () => {
    const values = { ...toFormValues(fields, sku), currency: '' };
    const errors = validateBody(skuResource.editable, fields, values, toBody(fields, values));
    expect(errors).toEqual({ currency: { key: 'validation.required' } });
    expect(fieldErrorMessage(errors.currency as never, t)).toBe(t('validation:required'));
  });

  it('maps zod issues of a create to localized field errors', () => {
    const create = formFields(projectResource, 'create', ['iconUrl']);
    const errors = validateBody(projectCreateSchema, create, { name: '' }, toBody(create, { name: '' }));
    expect(errors.name?.key).toBe('validation.required');
  });
});

describe('unsaved changes', () => {
  const fields = formFields(skuResource, 'edit');
  const initial = toFormValues(fields, sku);

  it('detects a change and its undoing', () => {
    expect(isDirty(initial, initial)).toBe(false);
    const changed = { ...initial, name: 'Pro Annual' };
    expect(isDirty(initial, changed)).toBe(true);
    expect(changedFields(initial, changed)).toEqual(['name']);
    expect(isDirty(initial, { ...changed, name: 'Pro Yearly' })).toBe(false);
  });

  it('compares lists by content and order', () => {
    expect(isDirty({ skuIds: ['a', 'b'] }, { skuIds: ['a', 'b'] })).toBe(false);
    expect(isDirty({ skuIds: ['a', 'b'] }, { skuIds: ['b', 'a'] })).toBe(true);
  });

  it('sends only changed, unlocked fields with the version it was based on', () => {
    const current = { ...initial, name: 'Pro Annual', price: '', currency: '', appId: 'other' };
    expect(toPatch(fields, initial, current, sku.version)).toEqual({ name: 'Pro Annual', price: null, currency: null, version: 3 });
    expect(skuResource.update.safeParse(toPatch(fields, initial, current, sku.version)).success).toBe(true);
  });
});

describe('version conflict merge', () => {
  it('keeps what was typed, takes the rest from the latest version, and names what changed elsewhere', () => {
    const base = { name: 'Pro Yearly', price: '59.99', currency: 'USD' };
    const mine = { name: 'Pro Annual', price: '59.99', currency: 'USD' };
    const latest = { name: 'Pro Yearly', price: '49.99', currency: 'EUR' };
    expect(rebaseOnLatest(base, mine, latest)).toEqual({
      base: latest,
      values: { name: 'Pro Annual', price: '49.99', currency: 'EUR' },
      changedElsewhere: ['price', 'currency'],
      clashes: [],
    });
  });

  it('reports a field both sides changed to different values', () => {
    const rebased = rebaseOnLatest({ name: 'A' }, { name: 'Mine' }, { name: 'Theirs' });
    expect(rebased.values.name).toBe('Mine');
    expect(rebased.clashes).toEqual(['name']);
    expect(rebaseOnLatest({ name: 'A' }, { name: 'Same' }, { name: 'Same' }).clashes).toEqual([]);
  });
});

describe('server field errors', () => {
  const fields = formFields(skuResource, 'create');

  it('maps error paths onto the form fields', () => {
    expect(fieldOfPath('name', fields)).toBe('name');
    expect(fieldOfPath('events.2', [{ name: 'events' }])).toBe('events');
    expect(fieldOfPath('links.0', fields)).toBeNull();
    expect(splitFieldErrors({ name: { key: 'a' }, 'name.0': { key: 'b' }, links: { key: 'c' } }, fields)).toEqual({ byField: { name: { key: 'a' } }, other: { links: { key: 'c' } } });
  });

  it('shows a duplicate refusal’s own message under its field', () => {
    const placement = placeSubmitError({ code: ErrorCode.ProjectNameDuplicate, fieldErrors: { name: { key: 'validation.duplicate' } } }, [{ name: 'name' }]);
    expect(placement).toEqual({ byField: { name: { key: 'validation.duplicate' } }, codeFields: ['name'], other: {}, codeAboveForm: false });
  });

  it('shows a parameter refusal’s field errors as they are, and a bare code above the form', () => {
    expect(placeSubmitError({ code: ErrorCode.ParamInvalid, fieldErrors: { name: { key: 'validation.required' } } }, [{ name: 'name' }]).codeFields).toEqual([]);
    expect(placeSubmitError({ code: ErrorCode.Forbidden, fieldErrors: {} }, [{ name: 'name' }]).codeAboveForm).toBe(true);
    const links = placeSubmitError({ code: ErrorCode.ParamInvalid, fieldErrors: { 'links.0': { key: 'validation.linkedSku', params: { name: 'Pro' } } } }, fields);
    expect(links).toMatchObject({ codeAboveForm: false, other: { 'links.0': { key: 'validation.linkedSku' } } });
  });
});
