// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as CallApiModule from '../../../renderer/src/bridge/call-api';
import { CountryPicker } from '../../../renderer/src/forms/country-picker';
import { buildResources } from '../../../renderer/src/i18n/resources';

/**
 * The country picker (forms/country-picker.tsx) that replaced the customers list's two-character
 * country box (issue 19 §5): names in the operator's language, typing filters, only a chosen
 * country becomes the value, and "Any" clears it.
 */

const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../../renderer/src/bridge/call-api', async (importOriginal) => {
  const original = await importOriginal<typeof CallApiModule>();
  return { ...original, callApi: (routeId: string, input: unknown) => api.call(routeId, input) as Promise<unknown> };
});

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({ resources: buildResources(), lng: 'en-US', fallbackLng: 'en-US', defaultNS: 'common', interpolation: { escapeValue: false }, initAsync: false });
});

const countries = [
  { code: 'DE', nameEn: 'Germany', nameZh: '德国', enabled: true },
  { code: 'GE', nameEn: 'Georgia', nameZh: '格鲁吉亚', enabled: true },
  { code: 'CN', nameEn: 'China', nameZh: '中国', enabled: true },
];

beforeEach(() => {
  api.call.mockReset();
  api.call.mockImplementation((routeId: string) =>
    routeId === 'countries.list' ? Promise.resolve({ items: countries, total: countries.length, page: 1, pageSize: 200 }) : Promise.reject(new Error(`unexpected call ${routeId}`)),
  );
});
afterEach(() => cleanup());

function Harness({ onChange }: { readonly onChange: (code: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <CountryPicker
      label="Country or region"
      value={value}
      noneLabel="Any"
      onChange={(code) => {
        setValue(code);
        onChange(code);
      }}
    />
  );
}

async function show(language: string, onChange = vi.fn()) {
  await i18n.changeLanguage(language);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <FluentProvider theme={webLightTheme}>
          <Harness onChange={onChange} />
        </FluentProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return onChange;
}

describe('country picker', () => {
  it('finds a country by its name and gives its code, never what was typed', async () => {
    const onChange = await show('en-US');
    const box = screen.getByRole('combobox', { name: 'Country or region' });
    fireEvent.click(box);
    fireEvent.change(box, { target: { value: 'Germany' } });
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getAllByRole('option').map((o) => o.textContent)).toEqual(['Germany (DE)']);
    fireEvent.blur(box);
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(box);
    fireEvent.change(box, { target: { value: 'Germ' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Germany (DE)' }));
    expect(onChange).toHaveBeenLastCalledWith('DE');
    expect((box as HTMLInputElement).value).toBe('Germany (DE)');
  });

  it('names countries in Chinese for a Chinese operator, sorted as they read', async () => {
    await show('zh-CN');
    const box = screen.getByRole('combobox', { name: 'Country or region' });
    fireEvent.click(box);
    await expect.poll(() => screen.queryAllByRole('option').map((o) => o.textContent)).toEqual(['Any', '德国 (DE)', '格鲁吉亚 (GE)', '中国 (CN)']);
    fireEvent.change(box, { target: { value: '中' } });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['中国 (CN)']);
  });

  it('clears the choice with "Any"', async () => {
    const onChange = await show('en-US');
    const box = screen.getByRole('combobox', { name: 'Country or region' });
    fireEvent.click(box);
    fireEvent.click(await screen.findByRole('option', { name: 'China (CN)' }));
    expect(onChange).toHaveBeenLastCalledWith('CN');
    fireEvent.click(box);
    fireEvent.click(await screen.findByRole('option', { name: 'Any' }));
    expect(onChange).toHaveBeenLastCalledWith('');
  });

  it('says so when nothing matches', async () => {
    await show('en-US');
    const box = screen.getByRole('combobox', { name: 'Country or region' });
    fireEvent.click(box);
    fireEvent.change(box, { target: { value: 'Atlantis' } });
    expect((await screen.findByRole('option', { name: 'Nothing matches what you typed.' })).getAttribute('aria-disabled')).toBe('true');
  });
});
