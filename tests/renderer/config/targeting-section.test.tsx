// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RouteId } from '@contract/api';
import type { Segment } from '@contract/api/commerce';
import { newDraft, popupKind, subscriptionPageKind } from '@contract/config';
import { ErrorCode } from '@contract/errors';
import { AppError } from '../../../renderer/src/bridge/app-error';
import type * as CallApiModule from '../../../renderer/src/bridge/call-api';
import { AudienceCheck } from '../../../renderer/src/config/audience-check';
import { TargetingSection } from '../../../renderer/src/config/common-parts';
import { DocumentField } from '../../../renderer/src/config/document-fields';
import { buildResources } from '../../../renderer/src/i18n/resources';

/**
 * The audience editor's user segments (issue 13): the picker lists the project's segments by name
 * and writes their ids to `targeting.segments.include`; without access to the segments it says so
 * and still shows the chosen ones (by id). The audience check evaluates for an unknown user or a
 * known one in the segments the operator picks, with the two new reasons in both languages.
 */

const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../../renderer/src/bridge/call-api', async (importOriginal) => {
  const original = await importOriginal<typeof CallApiModule>();
  return { ...original, callApi: (routeId: string, input: unknown) => api.call(routeId, input) as Promise<unknown> };
});

// The document fields reach the PAG preview, whose wasm URL import the test runner does not serve.
vi.mock('../../../renderer/src/media/pag/libpag-wasm', () => ({ libpagWasm: () => Promise.reject(new Error('no wasm in tests')) }));

// happy-dom rejects a cancelled animation's `finished` promise, which Fluent's motion never awaits.
const animate = Element.prototype.animate;
Element.prototype.animate = function (this: Element, ...args: Parameters<Element['animate']>) {
  const animation = animate.apply(this, args);
  animation.finished.catch(() => undefined);
  return animation;
};

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({ resources: buildResources(), lng: 'en-US', fallbackLng: 'en-US', defaultNS: 'common', interpolation: { escapeValue: false }, initAsync: false });
});

const PAYERS = '00000000-0000-4000-8000-0000000005a1';
const JAPAN = '00000000-0000-4000-8000-0000000005a2';
const segment = (id: string, name: string): Segment => ({
  id,
  name,
  description: '',
  match: 'all',
  rules: [{ field: 'platform', operator: 'eq', value: 'ios' }],
  version: 1,
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
  createdBy: null,
  updatedBy: null,
});

let segmentsAnswer: () => Promise<unknown>;
beforeEach(() => {
  segmentsAnswer = () => Promise.resolve([segment(JAPAN, 'Japan'), segment(PAYERS, 'Payers')]);
  api.call.mockReset();
  api.call.mockImplementation((routeId: RouteId) => {
    if (routeId === 'segments.list') return segmentsAnswer();
    if (routeId === 'regionGroups.list') return Promise.resolve({ items: [], total: 0, page: 1, pageSize: 200 });
    return Promise.reject(new Error(`unexpected call ${routeId}`));
  });
});
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en-US');
});

function Providers({ children }: { readonly children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <FluentProvider theme={webLightTheme}>{children}</FluentProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}

/** The section over a draft it keeps, reporting each change. */
function Editor({ initial, onChange }: { readonly initial: Record<string, unknown>; readonly onChange: (next: Record<string, unknown>) => void }) {
  const [document, setDocument] = useState(initial);
  return (
    <TargetingSection
      context={{
        document,
        problems: {},
        projectId: 'p1',
        disabled: false,
        onChange: (next) => {
          setDocument(next);
          onChange(next);
        },
      }}
    />
  );
}

const draft = () => newDraft(subscriptionPageKind, 'Page', 'UTC');

describe('the segment picker of the audience editor', () => {
  it('lists the project’s segments by name and saves the chosen ids', async () => {
    const changes: Record<string, unknown>[] = [];
    render(
      <Providers>
        <Editor initial={draft()} onChange={(next) => changes.push(next)} />
      </Providers>,
    );
    const picker = screen.getByRole('combobox', { name: 'Only users in' });
    expect(screen.getByText(/Up to 20 segments from User segmentation/)).toBeTruthy();
    fireEvent.click(picker);
    // A multiselect's options are checkable menu items.
    const payers = await screen.findByRole('menuitemcheckbox', { name: 'Payers' });
    expect(screen.getByRole('menuitemcheckbox', { name: 'Japan' })).toBeTruthy();
    fireEvent.click(payers);
    await waitFor(() => expect(changes.at(-1)?.targeting).toMatchObject({ segments: { include: [PAYERS] } }));
    expect(api.call).toHaveBeenCalledWith('segments.list', { params: { projectId: 'p1' } });
  });

  it('says so when the project has no segments yet, and when nothing matches what was typed', async () => {
    segmentsAnswer = () => Promise.resolve([]);
    render(
      <Providers>
        <Editor initial={draft()} onChange={() => undefined} />
      </Providers>,
    );
    const picker = screen.getByRole('combobox', { name: 'Only users in' });
    await waitFor(() => expect(api.call).toHaveBeenCalledWith('segments.list', { params: { projectId: 'p1' } }));
    fireEvent.click(picker);
    expect(await screen.findByText('No segments yet: create them under User segmentation.')).toBeTruthy();
    cleanup();

    segmentsAnswer = () => Promise.resolve([segment(PAYERS, 'Payers')]);
    render(
      <Providers>
        <Editor initial={draft()} onChange={() => undefined} />
      </Providers>,
    );
    const again = screen.getByRole('combobox', { name: 'Only users in' });
    fireEvent.click(again);
    await screen.findByRole('menuitemcheckbox', { name: 'Payers' });
    fireEvent.change(again, { target: { value: 'zzz' } });
    expect(await screen.findByText('Nothing matches what you typed.')).toBeTruthy();
  });

  it('says when the segments cannot be read, and shows chosen ones by id', async () => {
    segmentsAnswer = () => Promise.reject(new AppError(ErrorCode.Forbidden, 'forbidden'));
    const initial = { ...draft(), targeting: { ...(draft().targeting as object), segments: { include: [PAYERS] } } };
    render(
      <Providers>
        <Editor initial={initial} onChange={() => undefined} />
      </Providers>,
    );
    expect(await screen.findByText(/The segments cannot be listed/)).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Only users in' }) as HTMLInputElement).value).toBe(PAYERS);
  });

  it('is labelled in Chinese too', async () => {
    await i18n.changeLanguage('zh-CN');
    render(
      <Providers>
        <Editor initial={draft()} onChange={() => undefined} />
      </Providers>,
    );
    expect(screen.getByRole('combobox', { name: '仅限以下分群的用户' })).toBeTruthy();
  });
});

describe('the audience check with segments', () => {
  const forPayers = () => ({ ...draft(), targeting: { ...(draft().targeting as object), segments: { include: [PAYERS] } } });

  it('is not live for an unknown user, nor for a known one outside the segments, and live for a member', async () => {
    render(
      <Providers>
        <AudienceCheck kind={subscriptionPageKind} projectId="p1" draft={forPayers()} />
      </Providers>,
    );
    expect(screen.getByText('The user is unknown (no user id, or not a customer yet), and the item is only for some user segments.')).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'User' }), { target: { value: 'known' } });
    expect(await screen.findByText('The user is in none of its user segments.')).toBeTruthy();
    fireEvent.click(screen.getByRole('combobox', { name: 'In the segments' }));
    fireEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'Payers' }));
    expect(await screen.findByText('Yes: the app would show it to this user now (once published).')).toBeTruthy();
  });

  it('words the two reasons in Chinese', async () => {
    await i18n.changeLanguage('zh-CN');
    render(
      <Providers>
        <AudienceCheck kind={subscriptionPageKind} projectId="p1" draft={forPayers()} />
      </Providers>,
    );
    expect(screen.getByText('用户未知（没有用户 ID，或还不是客户），而该项只面向部分用户分群。')).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: '用户' }), { target: { value: 'known' } });
    expect(await screen.findByText('该用户不在任何选定的用户分群中。')).toBeTruthy();
  });
});

describe('checkbox groups (issue 19 §5)', () => {
  it('name the Platforms group by its label and each checkbox by its own, in both languages', async () => {
    render(
      <Providers>
        <Editor initial={draft()} onChange={() => undefined} />
      </Providers>,
    );
    const group = screen.getByRole('group', { name: 'Platforms' });
    expect(new Set(within(group).getAllByRole('checkbox').map((box) => box.id)).size).toBe(2);
    expect(within(group).getByRole('checkbox', { name: 'iOS' })).toBeTruthy();
    expect(within(group).getByRole('checkbox', { name: 'Android' })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Platforms' })).toBeNull();
    cleanup();
    await i18n.changeLanguage('zh-CN');
    render(
      <Providers>
        <Editor initial={draft()} onChange={() => undefined} />
      </Providers>,
    );
    const zh = screen.getByRole('group', { name: '平台' });
    expect(within(zh).getByRole('checkbox', { name: 'Android' })).toBeTruthy();
    expect(within(zh).getByRole('checkbox', { name: 'iOS' })).toBeTruthy();
  });

  it('name a multiselect field’s group (a popup’s phone tiers) and each of its checkboxes', () => {
    const meta = popupKind.documentMeta.phoneTiers;
    if (!meta) throw new Error('popups have phoneTiers');
    render(
      <Providers>
        <DocumentField meta={meta} path={['phoneTiers']} context={{ document: { phoneTiers: [] }, onChange: () => undefined, problems: {}, projectId: 'p1', disabled: false }} />
      </Providers>,
    );
    const group = screen.getByRole('group', { name: 'Phone model tier' });
    expect(new Set(within(group).getAllByRole('checkbox').map((box) => box.id)).size).toBe(3);
    for (const name of ['Entry-level phones', 'Mid-range phones', 'High-end phones']) expect(within(group).getByRole('checkbox', { name })).toBeTruthy();
  });
});
