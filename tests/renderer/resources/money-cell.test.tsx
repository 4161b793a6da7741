// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, render } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { skuResource } from '@contract/resources/projects';
import { CellValue } from '../../../renderer/src/resources/cells';
import { deriveColumns } from '../../../renderer/src/resources/columns';
import type { ResourceRecord } from '../../../renderer/src/resources/data-provider';

/** Issue 12: a SKU priced 14.70 USD read "14.7" in its list. */
describe('a money cell', () => {
  afterEach(cleanup);
  const price = deriveColumns(skuResource).find((column) => column.id === 'price');
  const sku = (fields: Record<string, unknown>) => ({ id: 's1', ...fields }) as unknown as ResourceRecord;
  const cell = (item: ResourceRecord, locale: string) =>
    render(
      <FluentProvider theme={webLightTheme}>
        <CellValue column={price!} item={item} t={i18next.t} locale={locale} />
      </FluentProvider>,
    ).container.textContent;

  it('shows the price in its currency, in the operator’s locale', () => {
    expect(cell(sku({ price: 14.7, currency: 'USD' }), 'en-US')).toBe('$14.70');
    expect(cell(sku({ price: 14.7, currency: 'USD' }), 'zh-CN')).toBe('US$14.70');
    expect(cell(sku({ price: 990, currency: 'JPY' }), 'en-US')).toBe('¥990');
  });

  it('shows the amount alone for a SKU without a currency, and nothing without a price', () => {
    expect(cell(sku({ price: 14.7, currency: null }), 'en-US')).toBe('14.7');
    expect(cell(sku({ price: null, currency: 'USD' }), 'en-US')).not.toContain('14');
  });
});
