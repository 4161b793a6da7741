import { describe, expect, it } from 'vitest';
import { appResource, entitlementResource, projectResource, skuResource } from '@contract/resources/projects';
import { deriveColumns, visibleColumns, type ColumnSpec } from '../../../renderer/src/resources/columns';

describe('columns derived from field metadata', () => {
  it('lists the fields with list metadata in declaration order, then enabled and the audit fields', () => {
    const ids = deriveColumns(skuResource).map((c) => c.id);
    // No currency column: the price shows its currency (issue 12).
    expect(ids).toEqual(['storeProductId', 'name', 'type', 'period', 'price', 'platform', 'enabled', 'createdBy', 'updatedBy', 'createdAt', 'updatedAt']);
  });

  it('takes label, width, kind and options from the metadata', () => {
    const type = deriveColumns(skuResource).find((c) => c.id === 'type') as ColumnSpec;
    expect(type).toMatchObject({ labelKey: 'projects:sku.fields.type', width: 130, kind: 'select', sortable: true });
    expect(type.options?.map((o) => o.value)).toEqual(['subscription', 'non_consumable', 'consumable']);
    const platform = deriveColumns(skuResource).find((c) => c.id === 'platform') as ColumnSpec;
    expect(platform.sortable).toBe(true);
  });

  it('shows a money field in its currency: the column names the field holding the code (issue 12)', () => {
    const price = deriveColumns(skuResource).find((c) => c.id === 'price') as ColumnSpec;
    expect(price).toMatchObject({ kind: 'money', currencyField: 'currency', width: 100 });
  });

  it('makes the first column required and the audit columns optional, two of them visible by default', () => {
    const columns = deriveColumns(skuResource);
    expect(columns.filter((c) => c.required).map((c) => c.id)).toEqual(['storeProductId']);
    expect(columns.filter((c) => !c.defaultVisible).map((c) => c.id)).toEqual(['createdBy', 'createdAt']);
    const audit = columns.filter((c) => c.labelKey.startsWith('resource:fields.'));
    expect(audit.map((c) => c.kind)).toEqual(['enabled', 'actor', 'actor', 'timestamp', 'timestamp']);
  });

  it('sorts system fields only where the declaration allows', () => {
    const columns = deriveColumns(skuResource);
    expect(columns.find((c) => c.id === 'updatedAt')?.sortable).toBe(true);
    expect(columns.find((c) => c.id === 'updatedBy')?.sortable).toBe(false);
  });

  it('adds a state column for time-bound resources', () => {
    const timeBound = { ...skuResource, timeBound: true };
    expect(deriveColumns(timeBound).map((c) => c.id)).toContain('state');
    expect(deriveColumns(skuResource).map((c) => c.id)).not.toContain('state');
  });

  it('honours exclusions, extra columns and the audit choice', () => {
    const extra: ColumnSpec = { id: 'skuIds', labelKey: 'x', width: 200, sortable: false, kind: 'multiselect', defaultVisible: true, required: false };
    const ids = deriveColumns(entitlementResource, { extra: [extra], enabledColumn: false, auditVisible: ['updatedAt'], exclude: ['createdBy'] });
    expect(ids.map((c) => c.id)).toEqual(['identifier', 'name', 'skuIds', 'updatedBy', 'createdAt', 'updatedAt']);
    expect(ids.filter((c) => c.defaultVisible).map((c) => c.id)).toEqual(['identifier', 'name', 'skuIds', 'updatedAt']);
  });

  it('shows read-only extra fields of projects as columns', () => {
    expect(deriveColumns(projectResource, { enabledColumn: false }).slice(0, 4).map((c) => c.id)).toEqual(['name', 'owner', 'myRole', 'memberCount']);
  });

  it('picks visible columns from a choice, keeping required ones', () => {
    const columns = deriveColumns(skuResource);
    expect(visibleColumns(columns, null).map((c) => c.id)).not.toContain('createdAt');
    expect(visibleColumns(columns, new Set(['createdAt'])).map((c) => c.id)).toEqual(['storeProductId', 'createdAt']);
  });
});

describe('the identifying column', () => {
  it('comes first when the view names it', () => {
    const ids = deriveColumns(appResource, { lead: 'name' }).map((c) => c.id);
    expect(ids.slice(0, 3)).toEqual(['name', 'platform', 'packageName']);
    expect(deriveColumns(appResource, { lead: 'name' }).find((c) => c.required)?.id).toBe('name');
  });
});
