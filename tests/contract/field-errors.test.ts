import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  fieldErrorMessage,
  labelParams,
  zodErrorToFieldErrors,
  zodIssuesToFieldErrors,
  type ToFieldErrorsOptions,
} from '@contract/field-errors';
import { toNamespacedKey } from '@contract/i18n/keys';
import { emailSchema, nameSchema, notAllEmpty } from '@contract/validation';

function fieldErrors(schema: z.ZodType, value: unknown, options?: ToFieldErrorsOptions) {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected the value to be refused');
  return zodIssuesToFieldErrors(result.error.issues, options);
}

describe('zodIssuesToFieldErrors: keys by kind', () => {
  it('reads a missing value as required and a wrong one as type', () => {
    const schema = z.object({ title: z.string(), count: z.number() });
    expect(fieldErrors(schema, { count: 'x' })).toEqual({
      title: { key: 'validation.required' },
      count: { key: 'validation.type' },
    });
    expect(fieldErrors(schema, { title: null, count: 1 })).toEqual({ title: { key: 'validation.required' } });
  });

  it('tells missing from wrong with the parsed input or with reportInput', () => {
    const schema = z.object({ a: z.string({ error: 'custom message' }), b: z.string({ error: 'custom message' }) });
    const value = { b: 3 };
    expect(fieldErrors(schema, value, { input: value })).toEqual({
      a: { key: 'validation.required' },
      b: { key: 'validation.type' },
    });
    const result = schema.safeParse(value, { reportInput: true });
    expect(result.success).toBe(false);
    expect(zodIssuesToFieldErrors(result.error?.issues ?? [])).toEqual({
      a: { key: 'validation.required' },
      b: { key: 'validation.type' },
    });
  });

  it('turns a schema’s validation.type into required when the value is missing', () => {
    const schema = z.object({ email: emailSchema });
    expect(fieldErrors(schema, {}, { input: {} })).toEqual({ email: { key: 'validation.required' } });
    expect(fieldErrors(schema, { email: 5 }, { input: { email: 5 } })).toEqual({ email: { key: 'validation.type' } });
    // The email schema tells the two apart itself, so the answer holds without the input too.
    expect(fieldErrors(schema, {})).toEqual({ email: { key: 'validation.required' } });
  });

  it('gives text lengths with their bound', () => {
    expect(fieldErrors(z.string().min(3), 'ab')).toEqual({ '': { key: 'validation.lengthMin', params: { min: 3 } } });
    expect(fieldErrors(z.string().max(3), 'abcd')).toEqual({ '': { key: 'validation.lengthMax', params: { max: 3 } } });
    expect(fieldErrors(z.string().length(6), '12')).toEqual({ '': { key: 'validation.lengthExact', params: { length: 6 } } });
    expect(fieldErrors(z.string().min(1), '')).toEqual({ '': { key: 'validation.required' } });
  });

  it('gives list sizes with their bound', () => {
    expect(fieldErrors(z.array(z.string()).min(2), ['a'])).toEqual({ '': { key: 'validation.itemsMin', params: { min: 2 } } });
    expect(fieldErrors(z.array(z.string()).max(1), ['a', 'b'])).toEqual({
      '': { key: 'validation.itemsMax', params: { max: 1 } },
    });
    expect(fieldErrors(z.array(z.string()).nonempty(), [])).toEqual({ '': { key: 'validation.required' } });
  });

  it('gives number ranges, inclusive and exclusive', () => {
    expect(fieldErrors(z.number().min(1), 0)).toEqual({ '': { key: 'validation.rangeMin', params: { min: 1 } } });
    expect(fieldErrors(z.number().max(9), 10)).toEqual({ '': { key: 'validation.rangeMax', params: { max: 9 } } });
    expect(fieldErrors(z.number().positive(), 0)).toEqual({ '': { key: 'validation.rangeAbove', params: { min: 0 } } });
    expect(fieldErrors(z.number().lt(10), 10)).toEqual({ '': { key: 'validation.rangeBelow', params: { max: 10 } } });
    expect(fieldErrors(z.bigint().max(5n), 6n)).toEqual({ '': { key: 'validation.rangeMax', params: { max: 5 } } });
    expect(fieldErrors(z.number().int(), 1.5)).toEqual({ '': { key: 'validation.integer' } });
    expect(fieldErrors(z.number().multipleOf(5), 7)).toEqual({ '': { key: 'validation.multipleOf', params: { divisor: 5 } } });
    expect(fieldErrors(z.date().min(new Date(0)), new Date(-1))).toEqual({ '': { key: 'validation.range' } });
  });

  it('gives formats: email, url, date-time, pattern', () => {
    expect(fieldErrors(z.email(), 'nope')).toEqual({ '': { key: 'validation.email' } });
    expect(fieldErrors(z.url(), 'nope')).toEqual({ '': { key: 'validation.url' } });
    expect(fieldErrors(z.iso.datetime(), 'nope')).toEqual({ '': { key: 'validation.dateTime' } });
    expect(fieldErrors(z.string().regex(/^a/), 'b')).toEqual({ '': { key: 'validation.pattern' } });
    expect(fieldErrors(z.uuid(), 'b')).toEqual({ '': { key: 'validation.pattern' } });
  });

  it('gives enum for enums, literals and discriminators', () => {
    expect(fieldErrors(z.enum(['a', 'b']), 'c')).toEqual({ '': { key: 'validation.enum' } });
    expect(fieldErrors(z.union([z.literal('a'), z.literal('b')]), 'c')).toEqual({ '': { key: 'validation.enum' } });
    const tagged = z.discriminatedUnion('kind', [z.object({ kind: z.literal('text') }), z.object({ kind: z.literal('image') })]);
    expect(fieldErrors(tagged, { kind: 'video' })).toEqual({ kind: { key: 'validation.enum' } });
    expect(fieldErrors(z.union([z.string(), z.number()]), true)).toEqual({ '': { key: 'validation.type' } });
  });

  it('lists unknown fields of a strict object on the object', () => {
    expect(fieldErrors(z.strictObject({ a: z.string() }), { a: 'x', b: 1, c: 2 })).toEqual({
      '': { key: 'validation.unknownFields', params: { fields: 'b, c' } },
    });
  });

  it('reaches into record keys and map values', () => {
    expect(fieldErrors(z.record(z.string().regex(/^[a-z]+$/), z.number()), { B: 1 })).toEqual({
      B: { key: 'validation.pattern' },
    });
    const map = new Map<string, unknown>([['k', 'v'], ['m', undefined]]);
    expect(fieldErrors(z.map(z.string(), z.number()), map, { input: map })).toEqual({
      k: { key: 'validation.type' },
      m: { key: 'validation.required' },
    });
  });

  it('reads a custom refusal without a validation key as invalid, keeping its simple params', () => {
    const schema = z.string().refine((s) => s === 'ok', { message: 'not ok', params: { hint: 'ok', n: 1, deep: { x: 1 } } });
    expect(fieldErrors(schema, 'no')).toEqual({ '': { key: 'validation.invalid', params: { hint: 'ok', n: 1 } } });
  });
});

describe('zodIssuesToFieldErrors: schema keys, paths and order', () => {
  it('keeps a validation key of the schema and adds the params of the issue', () => {
    expect(fieldErrors(z.object({ name: nameSchema }), { name: 'x'.repeat(129) })).toEqual({
      name: { key: 'validation.nameLength', params: { max: 128 } },
    });
    const custom = z.string().refine(() => false, { message: 'validation.lessThan', params: { field: 'a:b', value: 3 } });
    expect(fieldErrors(custom, 'x')).toEqual({ '': { key: 'validation.lessThan', params: { field: 'a:b', value: 3 } } });
  });

  it('joins nested paths with dots, the form itself being the empty path', () => {
    const schema = z
      .object({ items: z.array(z.object({ title: z.string().min(2) })), a: z.string().optional(), b: z.string().optional() })
      .check(notAllEmpty(['a', 'b']));
    expect(fieldErrors(schema, { items: [{ title: 'ok' }, { title: 'x' }] })).toEqual({
      'items.1.title': { key: 'validation.lengthMin', params: { min: 2 } },
      '': { key: 'validation.notAllEmpty' },
    });
  });

  it('keeps the first issue of a path', () => {
    const schema = z.string().min(5, { error: 'validation.first' }).regex(/^\d+$/, { error: 'validation.second' });
    expect(fieldErrors(schema, 'ab')).toEqual({ '': { key: 'validation.first', params: { min: 5 } } });
  });

  it('accepts a ZodError as well', () => {
    const schema = z.object({ n: z.number() });
    const result = schema.safeParse({});
    expect(result.success).toBe(false);
    if (!result.success) expect(zodErrorToFieldErrors(result.error, { input: {} })).toEqual({ n: { key: 'validation.required' } });
  });

  it('returns no errors for no issues', () => {
    expect(zodIssuesToFieldErrors([])).toEqual({});
  });
});

describe('fieldErrorMessage', () => {
  const calls: Array<[string, Record<string, unknown> | undefined]> = [];
  const t = (key: string, options?: Record<string, unknown>) => {
    calls.push([key, options]);
    return key === 'popups:fields.limit' ? 'Limit' : `${key} ${JSON.stringify(options ?? {})}`;
  };

  it('looks keys up as namespace:key and translates label params first', () => {
    const text = fieldErrorMessage({ key: 'validation.lessThan', params: { field: 'popups:fields.limit', value: 3 } }, t);
    expect(text).toBe('validation:lessThan {"field":"Limit","value":3}');
    expect(calls[0]).toEqual(['popups:fields.limit', undefined]);
    expect(labelParams).toContain('field');
  });

  it('maps contract keys to i18next keys', () => {
    expect(toNamespacedKey('validation.required')).toBe('validation:required');
    expect(toNamespacedKey('units.twoWeeks')).toBe('units:twoWeeks');
    expect(toNamespacedKey('popups:fields.limit')).toBe('popups:fields.limit');
    expect(toNamespacedKey('plain')).toBe('plain');
  });
});
