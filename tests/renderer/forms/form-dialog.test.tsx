import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { SSRProvider } from '@fluentui/react-components';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ErrorCode } from '@contract/errors';
import { invitationCreateSchema } from '@contract/resources/projects';
import { subscribeNotices, type Notice } from '../../../renderer/src/components/notices';
import { AppError } from '../../../renderer/src/bridge/app-error';
import { ChoiceField, InlineForm, TextField, type FormSession } from '../../../renderer/src/forms/form-dialog';
import { FormError } from '../../../renderer/src/forms/form-error';
import {
  fieldMessage,
  formDetails,
  formMessage,
  formSessionReducer,
  initialFormState,
  placeRefusal,
  submitForm,
  type FormSessionOptions,
  type FormTextValues,
} from '../../../renderer/src/forms/form-session';
import { buildResources } from '../../../renderer/src/i18n/resources';
import { webhookTestOptions } from '../../../renderer/src/resources/projects/integrations-tab';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({ resources: buildResources(), lng: 'en-US', fallbackLng: 'en-US', defaultNS: 'common', interpolation: { escapeValue: false }, initAsync: false });
});
const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);

/** A form session driven the way `useFormSession` drives it, without React: state, typing, submit. */
function session<S extends z.ZodType, V extends FormTextValues, R>(options: FormSessionOptions<S, V, R>) {
  let state = initialFormState(options.initial);
  const dispatch = (action: Parameters<typeof formSessionReducer<V>>[1]) => {
    state = formSessionReducer(state, action);
  };
  const inFlight = { current: false };
  return {
    get state() {
      return state;
    },
    type: (name: keyof V & string, value: string) => dispatch({ type: 'change', name, value }),
    submit: () => submitForm(options, state.values, { dispatch, inFlight }),
    message: (name: string) => fieldMessage(state, name, t),
    formMessage: () => formMessage(state, t),
    details: () => formDetails(state, t),
  };
}

/** The invite dialog's statement (invitations-card.tsx). */
function inviteOptions(send: (data: z.output<typeof invitationCreateSchema>) => Promise<{ email: string }>, onSuccess = vi.fn()) {
  return {
    schema: invitationCreateSchema,
    initial: { email: '', role: 'editor' },
    codeFields: { [ErrorCode.InvitationRepeated]: 'email', [ErrorCode.AlreadyMember]: 'email' },
    send,
    successMessage: (invitation: { email: string }) => t('projectPages:invitations.sent', { email: invitation.email }),
    onSuccess,
  } satisfies FormSessionOptions<typeof invitationCreateSchema, { email: string; role: string }, { email: string }>;
}

let notices: Notice[] = [];
let unsubscribe: () => void = () => undefined;
function watchNotices() {
  notices = [];
  unsubscribe = subscribeNotices((notice) => notices.push(notice));
}
afterEach(() => unsubscribe());

describe('form session: validation', () => {
  it('shows a wrong field under the field and sends nothing', async () => {
    const send = vi.fn(async () => ({ email: 'a@b.co' }));
    const form = session(inviteOptions(send));
    form.type('email', 'not an address');
    expect(await form.submit()).toBe('invalid');
    expect(send).not.toHaveBeenCalled();
    expect(form.message('email')).toBe(t('validation:email'));
    expect(form.message('email')).not.toMatch(/^validation/);
    expect(form.message('role')).toBeUndefined();
    expect(form.formMessage()).toBeNull();
    expect(form.state.busy).toBe(false);
  });

  it('clears a field’s error as soon as the field changes, and keeps the others', async () => {
    const form = session({ ...inviteOptions(vi.fn()), initial: { email: '', role: 'nobody' } });
    await form.submit();
    expect(form.message('email')).toBeDefined();
    expect(form.message('role')).toBeDefined();
    form.type('email', 'someone@example.com');
    expect(form.message('email')).toBeUndefined();
    expect(form.message('role')).toBeDefined();
  });

  it('checks what `toInput` makes of the values (a trimmed id, a constant kind)', async () => {
    const schema = z.object({ kind: z.literal('k'), id: z.string().regex(/^[A-Z]+$/, { error: 'validation.format' }) });
    const send = vi.fn(async (data: z.output<typeof schema>) => data);
    const form = session({ schema, initial: { id: '' }, toInput: (values: { id: string }) => ({ kind: 'k', id: values.id.trim() }), send, successMessage: () => 'ok' });
    form.type('id', '  ABC  ');
    watchNotices();
    expect(await form.submit()).toBe('sent');
    expect(send).toHaveBeenCalledWith({ kind: 'k', id: 'ABC' });
  });
});

describe('form session: a refusal', () => {
  it('maps the server’s field errors onto their fields and keeps every value', async () => {
    const refusal = new AppError(ErrorCode.ParamInvalid, 'refused', { email: { key: 'validation.email' }, 'role.0': { key: 'validation.enum' } });
    const form = session(inviteOptions(() => Promise.reject(refusal)));
    form.type('email', 'someone@example.com');
    expect(await form.submit()).toBe('refused');
    expect(form.message('email')).toBe(t('validation:email'));
    expect(form.message('role')).toBe(t('validation:enum'));
    expect(form.formMessage()).toBeNull();
    expect(form.state.values).toEqual({ email: 'someone@example.com', role: 'editor' });
    expect(form.state.busy).toBe(false);
  });

  it('shows a code the form maps to a field under that field, in the operator’s language', async () => {
    const form = session(inviteOptions(() => Promise.reject(new AppError(ErrorCode.InvitationRepeated, 'repeated'))));
    form.type('email', 'someone@example.com');
    await form.submit();
    expect(form.message('email')).toBe('This person has already been invited.');
    expect(form.formMessage()).toBeNull();
    form.type('email', 'other@example.com');
    expect(form.message('email')).toBeUndefined();
  });

  it('puts a specific code’s own message under the fields it names, like the resource form', async () => {
    const refusal = new AppError(ErrorCode.EmailAlreadyRegistered, 'taken', { email: { key: 'validation.duplicate' } });
    const form = session(inviteOptions(() => Promise.reject(refusal)));
    form.type('email', 'someone@example.com');
    await form.submit();
    expect(form.message('email')).toBe(t(`errors:${'emailAlreadyRegistered'}`));
  });

  it('shows a refusal no field explains above the form (offline, or a path the form has no field for)', async () => {
    const offline = session(inviteOptions(() => Promise.reject(new AppError(ErrorCode.Offline, 'offline'))));
    offline.type('email', 'someone@example.com');
    await offline.submit();
    expect(offline.formMessage()).toBe(t('errors:offline'));
    expect(offline.state.values.email).toBe('someone@example.com');

    const elsewhere = session(inviteOptions(() => Promise.reject(new AppError(ErrorCode.ParamInvalid, 'refused', { projectId: { key: 'validation.uuid' } }))));
    elsewhere.type('email', 'someone@example.com');
    await elsewhere.submit();
    expect(elsewhere.formMessage()).toBe(t('errors:paramInvalid'));
    expect(elsewhere.message('email')).toBeUndefined();
  });

  it('clears the previous refusal when submitting again', async () => {
    const send = vi.fn<() => Promise<{ email: string }>>().mockRejectedValueOnce(new AppError(ErrorCode.Offline, 'offline')).mockResolvedValueOnce({ email: 'someone@example.com' });
    const form = session(inviteOptions(send));
    form.type('email', 'someone@example.com');
    await form.submit();
    expect(form.formMessage()).not.toBeNull();
    watchNotices();
    await form.submit();
    expect(form.formMessage()).toBeNull();
  });

  it('placeRefusal: a mapped code wins, field errors of unknown paths go above', () => {
    expect(placeRefusal(new AppError(ErrorCode.InvitationRepeated, ''), ['email', 'role'], { [ErrorCode.InvitationRepeated]: 'email' })).toEqual({ byField: {}, fields: ['email'], above: false });
    expect(placeRefusal(new AppError(ErrorCode.ParamInvalid, '', { other: { key: 'validation.required' } }), ['email'])).toEqual({ byField: {}, fields: [], above: true });
    expect(placeRefusal(new AppError(ErrorCode.InternalError, ''), ['email'])).toEqual({ byField: {}, fields: [], above: true });
  });
});

/** A refusal past an action limit, as the server sends it (server/src/errors.ts, `actionLimitReached`). */
const limitReached = (seconds: number) => new AppError(ErrorCode.TooManyRequests, 'limit', { retryAfterSeconds: { key: 'validation.retryAfter', params: { seconds } } });

describe('form session: a rate limit (1006 with retryAfterSeconds)', () => {
  it('shows the code’s message above the form with the wait, in seconds, and keeps every value', async () => {
    const form = session(inviteOptions(() => Promise.reject(limitReached(42))));
    form.type('email', 'someone@example.com');
    expect(await form.submit()).toBe('refused');
    expect(form.formMessage()).toBe(t('errors:tooManyRequests'));
    expect(form.details()).toEqual(['The limit for this action is reached. Try again in 42 seconds.']);
    expect(form.message('email')).toBeUndefined();
    expect(form.message('role')).toBeUndefined();
    expect(form.state.values).toEqual({ email: 'someone@example.com', role: 'editor' });
  });

  it('reads the wait in the operator’s language', async () => {
    const zh = i18n.cloneInstance({ lng: 'zh-CN' });
    const form = session(inviteOptions(() => Promise.reject(limitReached(7))));
    form.type('email', 'someone@example.com');
    await form.submit();
    expect(formDetails(form.state, (key, options) => zh.t(key, options))).toEqual(['此操作已达到次数上限，请在 7 秒后再试。']);
  });

  it('lists the wait under the message, announced as an alert', () => {
    const html = renderToStaticMarkup(<FormError message={t('errors:tooManyRequests')} details={['The limit for this action is reached. Try again in 42 seconds.']} />);
    expect(html).toMatch(/role="alert"/);
    expect(html).toContain('Too many requests.');
    expect(html).toContain('Try again in 42 seconds.');
  });

  it('has no details without a refusal, nor for a refusal that carries none', async () => {
    const form = session(inviteOptions(() => Promise.reject(new AppError(ErrorCode.Offline, 'offline'))));
    expect(form.details()).toEqual([]);
    form.type('email', 'someone@example.com');
    await form.submit();
    expect(form.details()).toEqual([]);
    expect(renderToStaticMarkup(<FormError message={null} />)).toBe('');
  });
});

describe('webhook test delivery (integrations-tab.tsx)', () => {
  const answer = { ok: true, status: 200, durationMs: 12, bodyExcerpt: 'ok' };

  it('sends once when asked twice at once (the dialog opening under StrictMode), shows the answer, no notice', async () => {
    let respond: (value: typeof answer) => void = () => undefined;
    const send = vi.fn(() => new Promise<typeof answer>((resolve) => (respond = resolve)));
    const onResult = vi.fn();
    const form = session(webhookTestOptions(send, onResult));
    watchNotices();
    const first = form.submit();
    expect(await form.submit()).toBe('busy');
    expect(send).toHaveBeenCalledTimes(1);
    respond(answer);
    expect(await first).toBe('sent');
    expect(onResult).toHaveBeenCalledWith(answer);
    expect(notices).toEqual([]);
    expect(form.state.busy).toBe(false);
  });

  it('shows a refusal past the limit of test deliveries with the seconds to wait, and can send again', async () => {
    const send = vi.fn<() => Promise<typeof answer>>().mockRejectedValueOnce(limitReached(600)).mockResolvedValueOnce(answer);
    const onResult = vi.fn();
    const form = session(webhookTestOptions(send, onResult));
    expect(await form.submit()).toBe('refused');
    expect(form.formMessage()).toBe(t('errors:tooManyRequests'));
    expect(form.details()).toEqual(['The limit for this action is reached. Try again in 600 seconds.']);
    expect(onResult).not.toHaveBeenCalled();
    expect(await form.submit()).toBe('sent');
    expect(form.formMessage()).toBeNull();
    expect(form.details()).toEqual([]);
  });

  it('shows an offline refusal above the dialog’s content', async () => {
    const form = session(webhookTestOptions(() => Promise.reject(new AppError(ErrorCode.Offline, 'offline')), vi.fn()));
    await form.submit();
    expect(form.formMessage()).toBe(t('errors:offline'));
  });
});

describe('form session: success', () => {
  it('notifies with the server’s answer, closes and starts over from the initial values', async () => {
    const onSuccess = vi.fn();
    const form = session(inviteOptions(async (data) => ({ email: data.email }), onSuccess));
    form.type('email', 'someone@example.com');
    form.type('role', 'viewer');
    watchNotices();
    expect(await form.submit()).toBe('sent');
    expect(notices).toEqual([{ kind: 'message', intent: 'success', title: 'An invitation was sent to someone@example.com.', body: undefined, id: undefined }]);
    expect(onSuccess).toHaveBeenCalledWith({ email: 'someone@example.com' });
    expect(form.state).toEqual(initialFormState({ email: '', role: 'editor' }));
  });

  it('can announce a longer-lived notification, and keep chosen values for the next entry', async () => {
    const schema = z.object({ provider: z.string(), key: z.string().min(1) });
    const form = session({ schema, initial: { provider: 'stripe', key: '' }, send: async () => null, successMessage: () => 'saved', notice: 'notification', keepAfterSuccess: ['provider'] });
    form.type('provider', 'paypal');
    form.type('key', 'secret');
    watchNotices();
    await form.submit();
    expect(notices.map((n) => [n.kind, n.title])).toEqual([['notification', 'saved']]);
    expect(form.state.values).toEqual({ provider: 'paypal', key: '' });
  });
});

describe('form session: one submit at a time', () => {
  it('ignores a second submit while the first is on its way, then accepts the next', async () => {
    let answer: (value: { email: string }) => void = () => undefined;
    const send = vi.fn(() => new Promise<{ email: string }>((resolve) => (answer = resolve)));
    const form = session(inviteOptions(send));
    form.type('email', 'someone@example.com');
    watchNotices();
    const first = form.submit();
    expect(form.state.busy).toBe(true);
    expect(await form.submit()).toBe('busy');
    expect(send).toHaveBeenCalledTimes(1);
    answer({ email: 'someone@example.com' });
    expect(await first).toBe('sent');
    expect(form.state.busy).toBe(false);
    expect(notices).toHaveLength(1);

    form.type('email', 'other@example.com');
    const second = form.submit();
    answer({ email: 'other@example.com' });
    expect(await second).toBe('sent');
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('accepts a submit again after a refusal', async () => {
    const send = vi.fn(() => Promise.reject(new AppError(ErrorCode.Offline, 'offline')));
    const form = session(inviteOptions(send));
    form.type('email', 'someone@example.com');
    expect(await form.submit()).toBe('refused');
    expect(await form.submit()).toBe('refused');
    expect(send).toHaveBeenCalledTimes(2);
  });
});

describe('form markup', () => {
  const render = (node: React.ReactNode) => renderToStaticMarkup(
      <SSRProvider>
        <I18nextProvider i18n={i18n}>{node}</I18nextProvider>
      </SSRProvider>,
    );
  const fakeSession = (messages: Record<string, string>): FormSession<{ email: string; role: string }> => ({
    values: { email: 'a@b', role: 'editor' },
    busy: false,
    formMessage: null,
    formDetails: [],
    messageOf: (name) => messages[name],
    setValue: () => undefined,
    submit: async () => 'sent',
    reset: () => undefined,
  });

  it('labels each field and announces its error', () => {
    const html = render(
      <>
        <TextField form={fakeSession({ email: 'Enter a valid email address.' })} name="email" type="email" label="Email" />
        <ChoiceField form={fakeSession({})} name="role" label="Role" options={['editor', 'viewer']} labelOf={(role) => role} />
      </>,
    );
    const input = /<input[^>]*type="email"[^>]*>/.exec(html)?.[0] ?? '';
    const id = /id="([^"]+)"/.exec(input)?.[1];
    expect(html).toContain(`for="${id}"`);
    expect(input).toContain('aria-invalid="true"');
    expect(input).toContain('required=""');
    expect(html).toMatch(/role="alert"[^>]*>.*Enter a valid email address\./);
    const combobox = /<button[^>]*role="combobox"[^>]*>/.exec(html)?.[0] ?? '';
    expect(combobox).toContain('aria-required="true"');
    expect(html).toContain(`for="${/id="([^"]+)"/.exec(combobox)?.[1]}"`);
  });

  it('names an inline form by its heading and shows no refusal before a submit', () => {
    const html = render(
      <InlineForm heading="Card payment" schema={z.object({ key: z.string() })} initial={{ key: '' }} send={async () => null} successMessage={() => 'saved'} submitLabel="Save">
        {(form) => <TextField form={form} name="key" label="Key" secret />}
      </InlineForm>,
    );
    const labelledBy = /<form[^>]*aria-labelledby="([^"]+)"/.exec(html)?.[1];
    expect(labelledBy).toBeTruthy();
    expect(html).toContain(`id="${labelledBy}"`);
    expect(html).toContain('type="password"');
    expect(html).not.toContain('role="alert"');
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>.*Save/);
  });

  it('names the form without a second visible heading when its card already shows the title (issue 19 §5)', () => {
    const html = render(
      <InlineForm heading="Unlock an entitlement" headingHidden schema={z.object({ key: z.string() })} initial={{ key: '' }} send={async () => null} successMessage={() => 'saved'} submitLabel="Unlock">
        {(form) => <TextField form={form} name="key" label="Key" />}
      </InlineForm>,
    );
    expect(html).toMatch(/<form[^>]*aria-label="Unlock an entitlement"/);
    expect(html).not.toContain('aria-labelledby');
    expect(html.split('Unlock an entitlement')).toHaveLength(2);
  });
});
