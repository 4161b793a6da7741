import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zodIssuesToFieldErrors } from '@contract/field-errors';
import {
  appVersionSchema,
  chineseNameSchema,
  colourSchema,
  compareVersions,
  compareWith,
  comparisonOperatorSchema,
  comparisonOperators,
  containsCjk,
  countMaterialTypes,
  discountOf,
  discountSchema,
  durationUnitSchema,
  durationUnits,
  emailSchema,
  isoDateTimeSchema,
  jsonTextSchema,
  lessThanField,
  limits,
  localizedNameSchema,
  materialTypes,
  mixedMaterialsSchema,
  nameLimitFor,
  nameSchema,
  normalizeColour,
  notAllEmpty,
  numberInputSchema,
  parseVersion,
  passwordSchema,
  percentOff,
  timeRangeSchema,
  urlSchema,
  verificationCodeSchema,
  withTimeRange,
  hasUnstorableCharacter,
  unstorableTextPath,
} from '@contract/validation';

/** The field errors a value gets from a schema, or null when it passes. */
function errorsOf(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? null : zodIssuesToFieldErrors(result.error.issues, { input: value });
}

/** The key of the root-level error a value gets, or null when it passes. */
function rootKey(schema: z.ZodType, value: unknown): string | null {
  return errorsOf(schema, value)?.['']?.key ?? null;
}

const alnum = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'];
const alnumString = (minLength: number, maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...alnum), minLength, maxLength });
/** Visible ASCII without spaces, so trimming changes nothing. */
const asciiName = (minLength: number, maxLength: number) =>
  fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)), minLength, maxLength });
/** CJK Unified Ideographs, plus Extension B (astral: two UTF-16 units, one character). */
const hanChar = fc.oneof(
  fc.integer({ min: 0x4e00, max: 0x9fff }).map((c) => String.fromCodePoint(c)),
  fc.integer({ min: 0x20000, max: 0x2a6df }).map((c) => String.fromCodePoint(c)),
);
const hanName = (minLength: number, maxLength: number) => fc.string({ unit: hanChar, minLength, maxLength });
const hexDigit = fc.constantFrom(...'0123456789abcdefABCDEF');

describe('password', () => {
  it('accepts any 8-16 English letters and digits', () => {
    fc.assert(fc.property(alnumString(8, 16), (password) => passwordSchema.safeParse(password).success));
  });

  it('refuses any other character, whatever the length', () => {
    const other = fc.string({ minLength: 1, maxLength: 1 }).filter((c) => !/[A-Za-z0-9]/.test(c));
    fc.assert(
      fc.property(alnumString(7, 15), other, fc.nat(), (base, char, at) => {
        const i = at % (base.length + 1);
        return rootKey(passwordSchema, base.slice(0, i) + char + base.slice(i)) === 'validation.password';
      }),
    );
  });

  it('refuses a wrong length', () => {
    const tooShort = alnumString(0, limits.passwordMin - 1);
    const tooLong = alnumString(limits.passwordMax + 1, 64);
    fc.assert(fc.property(fc.oneof(tooShort, tooLong), (p) => rootKey(passwordSchema, p) === 'validation.password'));
  });
});

describe('names', () => {
  it('takes 64 CJK characters in every name schema and refuses 65 where the Chinese limit applies', () => {
    fc.assert(
      fc.property(hanName(1, 64), (name) => {
        expect(chineseNameSchema.parse(name)).toBe(name);
        expect(localizedNameSchema.parse(name)).toBe(name);
        expect(nameSchema.parse(name)).toBe(name);
      }),
    );
    fc.assert(
      fc.property(hanName(65, 200), (name) => {
        expect(errorsOf(chineseNameSchema, name)).toEqual({ '': { key: 'validation.nameLength', params: { max: 64 } } });
        expect(errorsOf(localizedNameSchema, name)).toEqual({ '': { key: 'validation.nameLength', params: { max: 64 } } });
      }),
    );
  });

  it('takes 128 other characters and refuses 129', () => {
    fc.assert(
      fc.property(asciiName(1, 128), (name) => {
        expect(nameSchema.parse(name)).toBe(name);
        expect(localizedNameSchema.parse(name)).toBe(name);
      }),
    );
    fc.assert(
      fc.property(asciiName(129, 400), (name) => {
        const expected = { '': { key: 'validation.nameLength', params: { max: 128 } } };
        expect(errorsOf(nameSchema, name)).toEqual(expected);
        expect(errorsOf(localizedNameSchema, name)).toEqual(expected);
      }),
    );
  });

  it('applies 64 to a mixed name as soon as it holds one CJK character', () => {
    fc.assert(
      fc.property(asciiName(64, 127), hanChar, fc.nat(), (ascii, han, at) => {
        const i = at % (ascii.length + 1);
        const name = ascii.slice(0, i) + han + ascii.slice(i);
        expect(containsCjk(name)).toBe(true);
        expect(nameLimitFor(name)).toBe(64);
        expect(rootKey(localizedNameSchema, name)).toBe('validation.nameLength');
      }),
    );
  });

  it('trims, and reads blank or missing as required', () => {
    fc.assert(
      fc.property(asciiName(1, 128), fc.constantFrom(' ', '  ', '\t', '\n '), (name, pad) => {
        expect(localizedNameSchema.parse(pad + name + pad)).toBe(name);
      }),
    );
    for (const schema of [nameSchema, chineseNameSchema, localizedNameSchema]) {
      expect(rootKey(schema, '   ')).toBe('validation.required');
      expect(rootKey(schema, undefined)).toBe('validation.required');
      expect(rootKey(schema, 42)).toBe('validation.type');
    }
  });
});

describe('email', () => {
  const label = fc.stringMatching(/^[a-z0-9]{1,20}$/);
  const address = fc
    .tuple(fc.stringMatching(/^[a-zA-Z0-9]{1,64}$/), fc.array(label, { minLength: 1, maxLength: 3 }), fc.stringMatching(/^[a-z]{2,6}$/))
    .map(([local, labels, tld]) => `${local}@${labels.join('.')}.${tld}`);

  it('accepts plain addresses and lower-cases them', () => {
    fc.assert(fc.property(address, (email) => emailSchema.parse(` ${email} `) === email.toLowerCase()));
  });

  it('refuses any address over 320 characters with the length message', () => {
    fc.assert(
      fc.property(fc.integer({ min: 321, max: 2000 }), (length) => {
        const email = `${'a'.repeat(length - '@example.com'.length)}@example.com`;
        return email.length === length && rootKey(emailSchema, email) === 'validation.emailLength';
      }),
    );
  });

  it('refuses text without an @', () => {
    fc.assert(fc.property(alnumString(1, 40), (text) => rootKey(emailSchema, text) === 'validation.email'));
  });
});

describe('url', () => {
  it('accepts http and https URLs up to 2048 characters', () => {
    const url = fc.webUrl({ validSchemes: ['http', 'https'], withQueryParameters: true, withFragments: true });
    fc.assert(fc.property(url.filter((u) => u.length <= limits.url), (u) => urlSchema.parse(u) === u));
  });

  it('refuses any URL over 2048 characters with the length message', () => {
    fc.assert(
      fc.property(fc.integer({ min: limits.url + 1, max: 10_000 }), fc.constantFrom('http', 'https'), (length, scheme) => {
        const prefix = `${scheme}://example.com/`;
        return rootKey(urlSchema, prefix + 'a'.repeat(length - prefix.length)) === 'validation.urlLength';
      }),
    );
  });

  it('refuses other schemes and non-URLs', () => {
    const scheme = fc.constantFrom('ftp', 'file', 'mailto', 'javascript', 'data', 'ws', 'wss');
    fc.assert(fc.property(scheme, (s) => rootKey(urlSchema, `${s}://example.com/x`) === 'validation.url'));
    expect(rootKey(urlSchema, 'example.com')).toBe('validation.url');
    expect(rootKey(urlSchema, '')).toBe('validation.required');
  });
});

describe('colour', () => {
  const colour = fc.oneof(
    fc.string({ unit: hexDigit, minLength: 3, maxLength: 3 }),
    fc.string({ unit: hexDigit, minLength: 6, maxLength: 6 }),
    fc.string({ unit: hexDigit, minLength: 8, maxLength: 8 }),
  );

  it('normalizes to upper-case #RRGGBB[AA] and round-trips', () => {
    fc.assert(
      fc.property(colour, (hex) => {
        const normalized = colourSchema.parse(`#${hex}`);
        expect(normalized).toMatch(/^#(?:[0-9A-F]{6}|[0-9A-F]{8})$/);
        expect(colourSchema.parse(normalized)).toBe(normalized);
        expect(normalizeColour(normalized)).toBe(normalized);
        const upper = hex.toUpperCase();
        const expected = upper.length === 3 ? [...upper].map((c) => c + c).join('') : upper;
        expect(normalized).toBe(`#${expected}`);
      }),
    );
  });

  it('refuses other lengths, missing # and non-hex digits', () => {
    const badLength = fc
      .integer({ min: 0, max: 12 })
      .filter((n) => ![3, 6, 8].includes(n))
      .chain((n) => fc.string({ unit: hexDigit, minLength: n, maxLength: n }));
    fc.assert(fc.property(badLength, (hex) => rootKey(colourSchema, `#${hex}`) !== null && normalizeColour(`#${hex}`) === null));
    fc.assert(fc.property(colour, (hex) => rootKey(colourSchema, hex) === 'validation.colour'));
    expect(rootKey(colourSchema, '#12345G')).toBe('validation.colour');
  });
});

describe('time range', () => {
  const date = fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true });

  it('passes exactly when the end is after the start, and puts the refusal on the end field', () => {
    fc.assert(
      fc.property(date, date, (a, b) => {
        const range = { startsAt: a.toISOString(), endsAt: b.toISOString() };
        const errors = errorsOf(timeRangeSchema, range);
        if (b.getTime() > a.getTime()) expect(errors).toBeNull();
        else expect(errors).toEqual({ endsAt: { key: 'validation.timeRange' } });
      }),
    );
  });

  it('reports the range alongside errors of other fields, on the keys the caller names', () => {
    const schema = withTimeRange(z.object({ name: nameSchema, from: z.date(), to: z.date() }), 'from', 'to');
    fc.assert(
      fc.property(date, fc.integer({ min: 0, max: 1_000_000 }), (from, back) => {
        const to = new Date(from.getTime() - back);
        expect(errorsOf(schema, { name: '', from, to })).toEqual({
          name: { key: 'validation.required' },
          to: { key: 'validation.timeRange' },
        });
      }),
    );
  });

  it('leaves an invalid end to its own field rule', () => {
    expect(errorsOf(timeRangeSchema, { startsAt: '2024-01-01T00:00:00Z', endsAt: 'tomorrow' })).toEqual({
      endsAt: { key: 'validation.dateTime' },
    });
    expect(rootKey(isoDateTimeSchema, '2024-01-01T00:00:00+08:00')).toBeNull();
  });
});

describe('notAllEmpty', () => {
  const schema = z
    .object({ title: z.string().optional(), subtitle: z.string().nullable().optional(), tags: z.array(z.string()).optional() })
    .check(notAllEmpty(['title', 'subtitle', 'tags']));
  const maybeText = fc.option(fc.oneof(fc.constantFrom('', ' ', '\t'), fc.string()), { nil: undefined });
  const maybeTags = fc.option(fc.array(fc.string(), { maxLength: 3 }), { nil: undefined });

  it('refuses exactly when every field is empty, on the form path', () => {
    fc.assert(
      fc.property(maybeText, fc.option(maybeText, { nil: null }), maybeTags, (title, subtitle, tags) => {
        const value = { title, subtitle, tags };
        const empty =
          (title ?? '').trim() === '' && (subtitle ?? '').trim() === '' && (tags === undefined || tags.length === 0);
        expect(errorsOf(schema, value)).toEqual(empty ? { '': { key: 'validation.notAllEmpty' } } : null);
      }),
    );
  });
});

describe('mixed materials', () => {
  const material = fc.record({ type: fc.constantFrom(...materialTypes), id: fc.uuid() });

  it('needs at least two different material types', () => {
    fc.assert(
      fc.property(fc.array(material, { maxLength: 8 }), (items) => {
        const distinct = new Set(items.map((i) => i.type)).size;
        expect(countMaterialTypes(items)).toBe(distinct);
        const errors = errorsOf(mixedMaterialsSchema, items);
        if (distinct >= limits.mixedMaterialsMin) expect(errors).toBeNull();
        else expect(errors).toEqual({ '': { key: 'validation.mixedMaterials', params: { min: 2 } } });
      }),
    );
  });

  it('keeps the other fields of a material and refuses unknown types', () => {
    expect(mixedMaterialsSchema.parse([{ type: 'image', id: 'a' }, { type: 'pag', id: 'b' }])).toEqual([
      { type: 'image', id: 'a' },
      { type: 'pag', id: 'b' },
    ]);
    expect(errorsOf(mixedMaterialsSchema, [{ type: 'image' }, { type: 'hologram' }])).toEqual({
      '1.type': { key: 'validation.enum' },
    });
  });
});

describe('lessThanField', () => {
  const schema = z
    .object({ shown: z.number().int(), limit: z.number().int() })
    .check(lessThanField('shown', 'limit', { labelKey: 'popups:fields.limit' }));

  it('passes exactly when a < b and names the other field', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer(), (shown, limit) => {
        const errors = errorsOf(schema, { shown, limit });
        if (shown < limit) expect(errors).toBeNull();
        else
          expect(errors).toEqual({
            shown: { key: 'validation.lessThan', params: { field: 'popups:fields.limit', value: limit } },
          });
      }),
    );
  });

  it('stays quiet while either number is missing', () => {
    const optional = z
      .object({ a: z.number().optional(), b: z.number().optional() })
      .check(lessThanField('a', 'b', { labelKey: 'x:b' }));
    expect(errorsOf(optional, { a: 5 })).toBeNull();
    expect(errorsOf(optional, { b: 5 })).toBeNull();
  });
});

describe('versions', () => {
  const parts = fc.array(fc.integer({ min: 0, max: 99_999 }), { minLength: 2, maxLength: 4 });
  const format = (ps: readonly number[], zeros: readonly number[] = []) =>
    ps.map((p, i) => '0'.repeat(zeros[i] ?? 0) + String(p)).join('.');
  const version = fc.tuple(parts, fc.array(fc.integer({ min: 0, max: 2 }), { maxLength: 4 })).map(([ps, z]) => format(ps, z));
  const numericCompare = (a: readonly number[], b: readonly number[]) => {
    for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
      const d = (a[i] ?? 0) - (b[i] ?? 0);
      if (d !== 0) return Math.sign(d);
    }
    return 0;
  };

  it('accepts digits separated by dots, the placeholder among them', () => {
    fc.assert(fc.property(version, (v) => appVersionSchema.parse(v) === v));
    for (const v of ['1.0.00', '2.13.1', '1.0', '3.1.0.7']) expect(appVersionSchema.parse(v)).toBe(v);
  });

  it('refuses anything else', () => {
    for (const v of ['1', '1.', '.1', '1..2', '1.2.3.4.5', 'v1.2', '1.2-beta', '1,2', '']) {
      expect(rootKey(appVersionSchema, v)).not.toBeNull();
    }
    fc.assert(
      fc.property(fc.string().filter((s) => !/^\d{1,9}(?:\.\d{1,9}){1,3}$/.test(s.trim())), (s) => {
        expect(parseVersion(s)).toBeNull();
        expect(rootKey(appVersionSchema, s)).not.toBeNull();
      }),
    );
  });

  it('orders like the numeric parts, ignoring leading zeros and trailing zero parts', () => {
    fc.assert(
      fc.property(parts, parts, fc.array(fc.integer({ min: 0, max: 2 }), { maxLength: 4 }), (a, b, zeros) => {
        expect(compareVersions(format(a, zeros), format(b))).toBe(numericCompare(a, b));
      }),
    );
    expect(compareVersions('1.0', '1.0.00')).toBe(0);
    expect(compareVersions('1.2', '1.10')).toBe(-1);
  });

  it('is a total preorder: reflexive, antisymmetric and transitive', () => {
    fc.assert(
      fc.property(version, version, version, (a, b, c) => {
        expect(compareVersions(a, a)).toBe(0);
        expect(compareVersions(a, b)).toBe(-compareVersions(b, a));
        const sorted = [a, b, c].sort(compareVersions);
        expect(compareVersions(sorted[0] as string, sorted[1] as string)).toBeLessThanOrEqual(0);
        expect(compareVersions(sorted[1] as string, sorted[2] as string)).toBeLessThanOrEqual(0);
        expect(compareVersions(sorted[0] as string, sorted[2] as string)).toBeLessThanOrEqual(0);
      }),
    );
  });

  it('throws for text that is not a version', () => {
    expect(() => compareVersions('1.0', 'beta')).toThrow(RangeError);
  });
});

describe('JSON text', () => {
  it('accepts any serialized JSON value', () => {
    fc.assert(fc.property(fc.jsonValue(), (value) => {
      const text = JSON.stringify(value);
      return jsonTextSchema.parse(text) === text.trim();
    }));
  });

  it('refuses text that does not parse', () => {
    const notJson = fc.string({ minLength: 1 }).filter((s) => {
      if (s.trim() === '') return false;
      try {
        JSON.parse(s);
        return false;
      } catch {
        return true;
      }
    });
    fc.assert(fc.property(notJson, (s) => rootKey(jsonTextSchema, s) === 'validation.json'));
    expect(rootKey(jsonTextSchema, '  ')).toBe('validation.required');
  });
});

describe('number input', () => {
  it('takes numbers and their decimal text alike', () => {
    const schema = numberInputSchema();
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) => {
        expect(Object.is(schema.parse(n), n)).toBe(true);
        expect(schema.parse(` ${String(n)} `)).toBe(Number(String(n)));
      }),
    );
  });

  it('keeps bounds and integers', () => {
    const schema = numberInputSchema({ min: 1, max: 100, int: true });
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), (n) => {
        const key = rootKey(schema, String(n));
        if (n < 1) expect(key).toBe('validation.rangeMin');
        else if (n > 100) expect(key).toBe('validation.rangeMax');
        else expect(key).toBeNull();
      }),
    );
    expect(errorsOf(schema, '0')).toEqual({ '': { key: 'validation.rangeMin', params: { min: 1 } } });
    expect(rootKey(schema, '2.5')).toBe('validation.integer');
  });

  it('refuses text that is not a numeral and reads empty as required', () => {
    const schema = numberInputSchema();
    fc.assert(
      fc.property(fc.string().filter((s) => /[^\d\s.eE+-]/.test(s)), (s) => rootKey(schema, s) === 'validation.number'),
    );
    for (const s of ['0x10', 'Infinity', '1_000', '1.2.3', '--1']) expect(rootKey(schema, s)).toBe('validation.number');
    expect(rootKey(schema, '')).toBe('validation.required');
    expect(rootKey(schema, undefined)).toBe('validation.required');
  });

  it('reads blank as not given when optional', () => {
    const schema = z.object({ weight: numberInputSchema({ optional: true, min: 0 }) });
    expect(schema.parse({ weight: '  ' })).toEqual({ weight: undefined });
    expect(schema.parse({})).toEqual({});
    expect(schema.parse({ weight: '7' })).toEqual({ weight: 7 });
    expect(errorsOf(schema, { weight: 'x' })).toEqual({ weight: { key: 'validation.number' } });
  });
});

describe('§9 enums', () => {
  it('list the duration units and operators of the spec', () => {
    expect(durationUnits).toEqual(['hour', 'day', 'week', 'twoWeeks', 'month', 'year']);
    expect(comparisonOperators).toEqual(['eq', 'gte', 'lte', 'lt', 'gt']);
    for (const unit of durationUnits) expect(durationUnitSchema.parse(unit)).toBe(unit);
    expect(rootKey(durationUnitSchema, 'fortnight')).toBe('validation.enum');
    expect(rootKey(comparisonOperatorSchema, 'ne')).toBe('validation.enum');
  });

  it('apply operators like the arithmetic comparisons', () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 5 }), fc.integer({ min: -5, max: 5 }), (a, b) => {
        expect(compareWith('eq', a, b)).toBe(a === b);
        expect(compareWith('gte', a, b)).toBe(a >= b);
        expect(compareWith('lte', a, b)).toBe(a <= b);
        expect(compareWith('lt', a, b)).toBe(a < b);
        expect(compareWith('gt', a, b)).toBe(a > b);
      }),
    );
  });
});

describe('discount', () => {
  it('is actual price over original price; 0.8 means 20% off', () => {
    expect(discountOf(8, 10)).toBe(0.8);
    expect(percentOff(0.8)).toBe(20);
    expect(percentOff(discountOf(7.49, 9.99))).toBe(25);
  });

  it('lies in (0, 1] for any positive price at most the original, and the schema accepts it', () => {
    const cents = fc.integer({ min: 1, max: 10_000_000 });
    fc.assert(
      fc.property(cents, cents, (x, y) => {
        const [actual, original] = x <= y ? [x / 100, y / 100] : [y / 100, x / 100];
        const d = discountOf(actual, original);
        expect(d).toBeGreaterThan(0);
        expect(d).toBeLessThanOrEqual(1);
        expect(d * original).toBeCloseTo(actual, 6);
        expect(discountSchema.parse(d)).toBe(d);
      }),
    );
  });

  it('refuses discounts outside (0, 1] and prices without a ratio', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double({ max: 0, noNaN: true, noDefaultInfinity: true }),
          fc.double({ min: 1, minExcluded: true, noNaN: true, noDefaultInfinity: true }),
        ),
        (d) => rootKey(discountSchema, d) === 'validation.discount',
      ),
    );
    expect(rootKey(discountSchema, Number.POSITIVE_INFINITY)).toBe('validation.type');
    expect(rootKey(discountSchema, undefined)).toBe('validation.required');
    expect(() => discountOf(5, 0)).toThrow(RangeError);
    expect(() => discountOf(-1, 10)).toThrow(RangeError);
    expect(() => discountOf(Number.NaN, 10)).toThrow(RangeError);
  });
});

describe('verification code', () => {
  it('is six digits', () => {
    fc.assert(fc.property(fc.stringMatching(/^\d{6}$/), (code) => verificationCodeSchema.parse(code) === code));
    fc.assert(
      fc.property(fc.string({ minLength: 1 }).filter((s) => !/^\d{6}$/.test(s.trim()) && s.trim() !== ''), (s) =>
        rootKey(verificationCodeSchema, s) === 'validation.verificationCode',
      ),
    );
  });
});

describe('text a database can store (issue 18 §7)', () => {
  it('finds NUL characters and lone surrogates, and takes whole pairs', () => {
    for (const text of ['\u0000', 'a\ud800', '\ud800b', 'x\udc00', '\udbff\udbff\udc00', '😀\ud83d']) expect(hasUnstorableCharacter(text), JSON.stringify(text)).toBe(true);
    for (const text of ['', 'plain', '😀', '华夏', '\ud83d\ude00 ok', '\ufffd']) expect(hasUnstorableCharacter(text), JSON.stringify(text)).toBe(false);
  });

  it('answers the path of the first such string in any JSON value, a key giving its object’s path', () => {
    expect(unstorableTextPath({ draft: { name: 'ok', plans: [{ title: 'fine' }, { title: 'bad\ud800' }] } })).toEqual(['draft', 'plans', 1, 'title']);
    expect(unstorableTextPath({ draft: { ['key\u0000']: 1 } })).toEqual(['draft']);
    expect(unstorableTextPath('\udc00')).toEqual([]);
    expect(unstorableTextPath({ draft: { name: '😀', n: 1, b: true, z: null } })).toBeNull();
  });
});
