// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import QRCode from 'qrcode';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RouteId } from '@contract/api';
import type { DeliverySettings, PreviewLink, PreviewLinkCreated } from '@contract/api/preview';
import { ErrorCode } from '@contract/errors';
import { AppError } from '../../../renderer/src/bridge/app-error';
import type * as CallApiModule from '../../../renderer/src/bridge/call-api';
import { subscribeNotices, type Notice } from '../../../renderer/src/components/notices';
import { buildResources } from '../../../renderer/src/i18n/resources';
import { PreviewCard, PreviewQrCode, type PreviewAccess } from '../../../renderer/src/resources/projects/preview-card';
import { headerName, previewLinkInput, previewLinkServer, previewLinkState, previewRequest, qrCodeDataUrl } from '../../../renderer/src/resources/projects/preview-links';

/**
 * The app settings' Preview card (preview-card.tsx) against a fake API: the pre-release password
 * (masked, revealed, copied; its dialog checks 8–64 characters with the contract's schema, and a
 * stale version is shown with a Reload), the preview links' states and revoke, the new-link dialog
 * and its result: the QR code of the link's URL, the URL and a request with its token. Members who
 * may only read see no write action.
 */

/** The API behind `useApiQuery`/`useApiMutation` and `app.info`: the tests answer, nothing leaves the process. */
const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../../renderer/src/bridge/call-api', async (importOriginal) => {
  const original = await importOriginal<typeof CallApiModule>();
  return {
    ...original,
    callApi: (routeId: string, input: unknown) => api.call(routeId, input) as Promise<unknown>,
    callBridge: () => Promise.resolve({ serverUrl: 'http://127.0.0.1:4100' }),
  };
});

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
const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);

/** Links are dated around the time the tests start (the card reads the clock itself). */
const NOW = Date.now();
const hours = (n: number) => new Date(NOW + n * 3_600_000).toISOString();
const actor = { id: '00000000-0000-4000-8000-000000000001', name: 'Ada Admin' };

function link(id: string, reviewer: string, over: Partial<PreviewLink> = {}): PreviewLink {
  return { id, reviewer, expiresAt: hours(24), createdAt: hours(-1), createdBy: actor, revokedAt: null, ...over };
}

const TOKEN = 'pv1.eyJwIjoicCIsImEiOiJhIn0.c2lnbmF0dXJl';
const URL_OF_LINK = `pc-com.palette.photovideo://palette-preview?server=${encodeURIComponent('https://delivery.example.test')}&token=${encodeURIComponent(TOKEN)}`;

/** The fake server's state and calls. */
let settings: DeliverySettings;
let links: PreviewLink[];
let updateAnswer: ((body: { previewPassword: string | null; version: number }) => DeliverySettings | Promise<never>) | null;
let notices: Notice[] = [];
let unsubscribe = () => undefined as void;
const writeText = vi.fn(() => Promise.resolve());

beforeEach(() => {
  settings = { previewPassword: 'tester-secret-1', version: 2, updatedAt: hours(-3), updatedBy: actor };
  links = [link('l1', 'QA Lin'), link('l2', 'Old reviewer', { expiresAt: hours(-2) }), link('l3', 'Gone reviewer', { revokedAt: hours(-1) })];
  updateAnswer = null;
  notices = [];
  unsubscribe = subscribeNotices((notice) => notices.push(notice));
  writeText.mockClear();
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  api.call.mockReset();
  api.call.mockImplementation((routeId: RouteId, input: { body?: unknown; params?: Record<string, string> }) => {
    switch (routeId) {
      case 'deliverySettings.get':
        return Promise.resolve(settings);
      case 'deliverySettings.update': {
        const body = input.body as { previewPassword: string | null; version: number };
        if (updateAnswer) return Promise.resolve().then(() => updateAnswer?.(body));
        settings = { ...settings, previewPassword: body.previewPassword, version: body.version + 1 };
        return Promise.resolve(settings);
      }
      case 'previewLinks.list':
        return Promise.resolve(links);
      case 'previewLinks.create': {
        const body = input.body as { reviewer: string; expiresInHours: number };
        const made: PreviewLinkCreated = { ...link('l9', body.reviewer, { expiresAt: hours(body.expiresInHours), createdAt: hours(0) }), token: TOKEN, url: URL_OF_LINK };
        links = [made, ...links];
        return Promise.resolve(made);
      }
      case 'previewLinks.revoke': {
        const id = input.params?.linkId;
        links = links.map((l) => (l.id === id ? { ...l, revokedAt: hours(0) } : l));
        return Promise.resolve(links.find((l) => l.id === id));
      }
      default:
        return Promise.reject(new Error(`unexpected call ${routeId}`));
    }
  });
});
afterEach(() => {
  unsubscribe();
  cleanup();
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

const writer: PreviewAccess = { can: () => true };
const reader: PreviewAccess = { can: (routeId: RouteId) => routeId.endsWith('.get') || routeId.endsWith('.list') };
const show = (access = writer, live = true) =>
  render(
    <Providers>
      <PreviewCard projectId="p1" appId="a1" platform="ios" access={access} live={live} />
    </Providers>,
  );

const callsOf = (routeId: RouteId) => api.call.mock.calls.filter(([id]) => id === routeId).map(([, input]) => input as { body?: unknown; params?: unknown });

/** Opens the new-link dialog once the list is there (the button waits for it). */
async function openNewLink() {
  const button = await screen.findByRole('button', { name: t('projectPages:preview.links.create') });
  await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
  fireEvent.click(button);
}

/**
 * A dialog once it is open and has focus. happy-dom lays nothing out, so Fluent finds no visible
 * field to focus first and focuses the dialog's surface, which does not make the dialog tabster's
 * active modal (a browser focuses the first field); the test focuses its first field instead.
 */
async function openDialog(role: 'dialog' | 'alertdialog', name: string): Promise<HTMLElement> {
  const dialog = await screen.findByRole(role, { name, hidden: true });
  act(() => dialog.querySelector<HTMLElement>('input, textarea, button:not([disabled])')?.focus());
  await waitFor(() => expect(dialog.getAttribute('aria-hidden')).toBeNull());
  return dialog;
}

/** Types `value` into the open password dialog and saves. */
function submitPassword(dialog: HTMLElement, value: string) {
  fireEvent.change(within(dialog).getByRole('textbox', { name: new RegExp(t('projectPages:preview.newPassword')) }), { target: { value } });
  fireEvent.click(within(dialog).getByRole('button', { name: t('projectPages:preview.savePassword') }));
}

const openPasswordDialog = async () => {
  fireEvent.click(await screen.findByRole('button', { name: t('projectPages:preview.changePassword') }));
  return openDialog('dialog', t('projectPages:preview.changePasswordTitle'));
};

describe('the pre-release password', () => {
  it('is shown masked, revealed by its toggle and copied; the card says it is project-wide and typed in a test build', async () => {
    show();
    const field = await screen.findByLabelText(t('projectPages:preview.password'));
    expect(field.getAttribute('type')).toBe('password');
    expect((field as HTMLInputElement).value).toBe('tester-secret-1');
    expect(screen.getByText(t('projectPages:preview.passwordScope'))).toBeTruthy();
    expect(screen.getByText(t('projectPages:preview.description'))).toBeTruthy();
    expect(t('projectPages:preview.passwordScope')).toMatch(/Project-wide.*test build/);
    expect(t('projectPages:preview.description')).toMatch(/published to preview but not yet promoted/);

    fireEvent.click(screen.getByRole('button', { name: t('common:form.showPassword') }));
    expect(field.getAttribute('type')).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: t('common:form.hidePassword') }));
    expect(field.getAttribute('type')).toBe('password');

    fireEvent.click(screen.getByRole('button', { name: t('projectPages:preview.copyPassword') }));
    expect(writeText).toHaveBeenCalledWith('tester-secret-1');
    await waitFor(() => expect(notices.map((n) => n.title)).toContain(t('projectPages:preview.copied')));
  });

  it('refuses 7 and 65 characters before sending and saves 8 and 64 with the version it read', async () => {
    show();
    let dialog = await openPasswordDialog();
    submitPassword(dialog, 'a'.repeat(7));
    expect(await within(dialog).findByText(t('validation:lengthMin', { min: 8 }))).toBeTruthy();
    submitPassword(dialog, 'a'.repeat(65));
    expect(await within(dialog).findByText(t('validation:lengthMax', { max: 64 }))).toBeTruthy();
    // Spaces at either end do not count.
    submitPassword(dialog, `   ${'b'.repeat(7)}   `);
    expect(await within(dialog).findByText(t('validation:lengthMin', { min: 8 }))).toBeTruthy();
    expect(callsOf('deliverySettings.update')).toEqual([]);

    submitPassword(dialog, 'c'.repeat(8));
    await waitFor(() => expect(callsOf('deliverySettings.update')).toEqual([{ params: { projectId: 'p1' }, body: { previewPassword: 'c'.repeat(8), version: 2 } }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(notices.map((n) => n.title)).toContain(t('projectPages:preview.passwordSaved'));

    await waitFor(() => expect((screen.getByLabelText(t('projectPages:preview.password')) as HTMLInputElement).value).toBe('c'.repeat(8)));
    dialog = await openPasswordDialog();
    submitPassword(dialog, 'd'.repeat(64));
    await waitFor(() => expect(callsOf('deliverySettings.update')[1]).toEqual({ params: { projectId: 'p1' }, body: { previewPassword: 'd'.repeat(64), version: 3 } }));
  });

  it('shows a change made meanwhile, keeps what was typed, and saves on the reloaded version', async () => {
    show();
    const dialog = await openPasswordDialog();
    updateAnswer = () => Promise.reject(new AppError(ErrorCode.VersionConflict, 'stale'));
    settings = { ...settings, previewPassword: 'someone-elses', version: 5 };
    submitPassword(dialog, 'mine-typed-now');
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain(t('projectPages:preview.conflictTitle'));
    expect((within(dialog).getByRole('textbox', { name: new RegExp(t('projectPages:preview.newPassword')) }) as HTMLInputElement).value).toBe('mine-typed-now');

    updateAnswer = null;
    fireEvent.click(within(dialog).getByRole('button', { name: t('projectPages:preview.reload') }));
    await waitFor(() => expect(within(dialog).queryByRole('alert')).toBeNull());
    fireEvent.click(within(dialog).getByRole('button', { name: t('projectPages:preview.savePassword') }));
    await waitFor(() => expect(callsOf('deliverySettings.update').at(-1)).toEqual({ params: { projectId: 'p1' }, body: { previewPassword: 'mine-typed-now', version: 5 } }));
  });

  it('is removed after a confirmation', async () => {
    show();
    fireEvent.click(await screen.findByRole('button', { name: t('projectPages:preview.removePassword') }));
    const confirm = await openDialog('alertdialog', t('projectPages:preview.removePasswordTitle'));
    fireEvent.click(within(confirm).getByRole('button', { name: t('projectPages:preview.remove') }));
    await waitFor(() => expect(callsOf('deliverySettings.update')).toEqual([{ params: { projectId: 'p1' }, body: { previewPassword: null, version: 2 } }]));
    expect(await screen.findByText(t('projectPages:preview.passwordNone'))).toBeTruthy();
    expect(await screen.findByRole('button', { name: t('projectPages:preview.setPassword') })).toBeTruthy();
  });
});

describe('preview links', () => {
  it('lists each link with its state; only active ones can be revoked, after a confirmation', async () => {
    show();
    const table = await screen.findByRole('table', { name: t('projectPages:preview.links.tableLabel') });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.getAttribute('data-state'))).toEqual(['active', 'expired', 'revoked']);
    expect(rows.map((row) => within(row).getAllByRole('cell')[4]?.textContent)).toEqual(['Active', 'Expired', 'Revoked']);
    expect(within(rows[0] as HTMLElement).getByText('Ada Admin')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).queryByRole('button')).toBeNull();
    expect(within(rows[2] as HTMLElement).queryByRole('button')).toBeNull();

    fireEvent.click(within(rows[0] as HTMLElement).getByRole('button', { name: t('projectPages:preview.links.revokeNamed', { reviewer: 'QA Lin' }) }));
    const confirm = await openDialog('alertdialog', t('projectPages:preview.links.revokeTitle'));
    expect(confirm.textContent).toContain('“QA Lin”');
    fireEvent.click(within(confirm).getByRole('button', { name: t('projectPages:preview.links.revoke') }));
    await waitFor(() => expect(callsOf('previewLinks.revoke')).toEqual([{ params: { projectId: 'p1', id: 'a1', linkId: 'l1' } }]));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')[1]?.getAttribute('data-state')).toBe('revoked'));
  });

  it('makes a link for 30 days and shows its QR code, URL and a request with its token, once', async () => {
    show();
    await openNewLink();
    const dialog = await openDialog('dialog', t('projectPages:preview.links.createTitle'));
    fireEvent.click(within(dialog).getByRole('button', { name: t('projectPages:preview.links.createSubmit') }));
    expect(await within(dialog).findByText(t('validation:required'))).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: new RegExp(t('projectPages:preview.links.reviewer')) }), { target: { value: 'Mia Reviewer' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: t('projectPages:preview.links.presets.720') }));
    fireEvent.click(within(dialog).getByRole('button', { name: t('projectPages:preview.links.createSubmit') }));
    await waitFor(() => expect(callsOf('previewLinks.create')).toEqual([{ params: { projectId: 'p1', id: 'a1' }, body: { reviewer: 'Mia Reviewer', expiresInHours: 720 } }]));

    const result = await openDialog('alertdialog', t('projectPages:preview.links.createdTitle', { reviewer: 'Mia Reviewer' }));
    expect(result.textContent).toContain(t('projectPages:preview.links.shownOnce'));
    const qr = await within(result).findByRole('img', { name: t('projectPages:preview.links.qrLabel', { reviewer: 'Mia Reviewer' }) });
    expect(modulesOf(qr.getAttribute('src') ?? '')).toEqual(expectedModules(URL_OF_LINK));
    expect((within(result).getByRole('textbox', { name: t('projectPages:preview.links.url') }) as HTMLInputElement).value).toBe(URL_OF_LINK);
    const request = (within(result).getByRole('textbox', { name: t('projectPages:preview.links.tryIt') }) as HTMLInputElement).value;
    expect(request).toBe(`curl --compressed -H 'Palette-Preview-Token: ${TOKEN}' "https://delivery.example.test/client/v1/\${PALETTE_CLIENT_KEY}/preview/config?platform=ios"`);
    fireEvent.click(within(result).getByRole('button', { name: t('projectPages:preview.links.copyUrl') }));
    expect(writeText).toHaveBeenCalledWith(URL_OF_LINK);

    fireEvent.click(within(result).getByRole('button', { name: t('projectPages:preview.links.done') }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // Gone for good: the list never holds a token.
    expect(document.body.textContent).not.toContain(TOKEN);
    expect(await screen.findByText('Mia Reviewer')).toBeTruthy();
  });

  it('takes other validities from 1 to 720 hours', async () => {
    show();
    await openNewLink();
    const dialog = await openDialog('dialog', t('projectPages:preview.links.createTitle'));
    fireEvent.change(within(dialog).getByRole('textbox', { name: new RegExp(t('projectPages:preview.links.reviewer')) }), { target: { value: 'QA Lin' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: t('projectPages:preview.links.presets.custom') }));
    const hoursBox = () => within(dialog).getByRole('textbox', { name: new RegExp(t('projectPages:preview.links.hours', { min: 1, max: 720 }).replace(/[()]/g, '\\$&')) });
    const submit = () => fireEvent.click(within(dialog).getByRole('button', { name: t('projectPages:preview.links.createSubmit') }));
    fireEvent.change(hoursBox(), { target: { value: '721' } });
    submit();
    expect(await within(dialog).findByText(t('validation:rangeMax', { max: 720 }))).toBeTruthy();
    fireEvent.change(hoursBox(), { target: { value: '0' } });
    submit();
    expect(await within(dialog).findByText(t('validation:rangeMin', { min: 1 }))).toBeTruthy();
    expect(callsOf('previewLinks.create')).toEqual([]);
    fireEvent.change(hoursBox(), { target: { value: '1' } });
    submit();
    await waitFor(() => expect(callsOf('previewLinks.create')).toEqual([{ params: { projectId: 'p1', id: 'a1' }, body: { reviewer: 'QA Lin', expiresInHours: 1 } }]));
  });
});

describe('who may change it', () => {
  it('a member who may only read sees the password and the links, and no write action', async () => {
    show(reader);
    await screen.findByLabelText(t('projectPages:preview.password'));
    await screen.findByRole('table', { name: t('projectPages:preview.links.tableLabel') });
    for (const name of ['changePassword', 'setPassword', 'removePassword', 'links.create']) expect(screen.queryByRole('button', { name: t(`projectPages:preview.${name}`) })).toBeNull();
    expect(screen.queryByRole('button', { name: t('projectPages:preview.links.revokeNamed', { reviewer: 'QA Lin' }) })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: t('projectPages:preview.links.actions') })).toBeNull();
    expect(screen.getByText(t('projectPages:preview.readOnly'))).toBeTruthy();
  });

  it('an app in the trash gets no new links', async () => {
    show(writer, false);
    await screen.findByRole('table', { name: t('projectPages:preview.links.tableLabel') });
    expect(screen.queryByRole('button', { name: t('projectPages:preview.links.create') })).toBeNull();
  });
});

describe('the pure parts', () => {
  it('a link is active until the instant it expires, and revoked wins', () => {
    expect(previewLinkState({ expiresAt: hours(0), revokedAt: null }, NOW - 1)).toBe('active');
    expect(previewLinkState({ expiresAt: hours(0), revokedAt: null }, NOW)).toBe('expired');
    expect(previewLinkState({ expiresAt: hours(-1), revokedAt: hours(-2) }, NOW)).toBe('revoked');
  });

  it('the validity is a preset or the hours typed', () => {
    expect(previewLinkInput({ reviewer: 'x', validity: '24', expiresInHours: '999' })).toEqual({ reviewer: 'x', expiresInHours: 24 });
    expect(previewLinkInput({ reviewer: 'x', validity: 'custom', expiresInHours: ' 36 ' })).toEqual({ reviewer: 'x', expiresInHours: 36 });
    expect(previewLinkInput({ reviewer: 'x', validity: 'custom', expiresInHours: '' })).toEqual({ reviewer: 'x', expiresInHours: undefined });
  });

  it('the request goes to the link’s server, else the console’s, and quotes the token for a shell', () => {
    expect(headerName('palette-preview-token')).toBe('Palette-Preview-Token');
    expect(previewLinkServer(URL_OF_LINK)).toBe('https://delivery.example.test');
    expect(previewLinkServer('not a url')).toBeNull();
    const noServer = { url: 'pc-x://palette-preview?token=t', token: "it's" };
    expect(previewRequest(noServer, 'android')).toBeNull();
    expect(previewRequest(noServer, 'android', 'http://127.0.0.1:4100/')).toBe(`curl --compressed -H 'Palette-Preview-Token: it'\\''s' "http://127.0.0.1:4100/client/v1/\${PALETTE_CLIENT_KEY}/preview/config?platform=android"`);
  });

  it('the QR code is black on white and holds exactly the text', async () => {
    const url = await qrCodeDataUrl(URL_OF_LINK);
    const svg = decodeURIComponent(url.replace('data:image/svg+xml;charset=utf-8,', ''));
    expect(svg).toContain('fill="#ffffff"');
    expect(svg).toContain('stroke="#000000"');
    expect(modulesOf(url)).toEqual(expectedModules(URL_OF_LINK));
    expect(modulesOf(url)).not.toEqual(expectedModules(`${URL_OF_LINK}x`));
  });

  it('the QR component names its picture', async () => {
    render(
      <Providers>
        <PreviewQrCode text="hello" label="QR of hello" />
      </Providers>,
    );
    expect(modulesOf((await screen.findByRole('img', { name: 'QR of hello' })).getAttribute('src') ?? '')).toEqual(expectedModules('hello'));
  });
});

/**
 * The dark modules drawn by an SVG data URL of qrcode's renderer, read back from its path (rows of
 * `M x y`, `m dx 0` and `h length` with a 4-module margin), as rows of 0 and 1.
 */
function modulesOf(dataUrl: string): string[] {
  const svg = decodeURIComponent(dataUrl.replace(/^data:image\/svg\+xml;charset=utf-8,/, ''));
  const size = Number(/viewBox="0 0 (\d+) \d+"/.exec(svg)?.[1]) - 8;
  const d = /<path stroke="#000000" d="([^"]+)"/.exec(svg)?.[1] ?? '';
  const grid = Array.from({ length: size }, () => Array.from({ length: size }, () => 0));
  let x = 0;
  let y = 0;
  for (const [, command, a, b] of d.matchAll(/([Mmh])(-?[\d.]+)(?: (-?[\d.]+))?/g)) {
    if (command === 'M') {
      x = Number(a) - 4;
      y = Number(b) - 0.5 - 4;
    } else if (command === 'm') {
      x += Number(a);
    } else {
      for (let i = 0; i < Number(a); i++) (grid[y] as number[])[x + i] = 1;
      x += Number(a);
    }
  }
  return grid.map((row) => row.join(''));
}

/** The modules of `text`'s QR code at the card's error correction. */
function expectedModules(text: string): string[] {
  const code = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = code.modules.size;
  return Array.from({ length: size }, (_, row) => Array.from({ length: size }, (_, col) => (code.modules.get(row, col) ? '1' : '0')).join(''));
}
