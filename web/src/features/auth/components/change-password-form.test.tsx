import { describe, expect, mock, test } from 'bun:test';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { authUserQueryKey } from '@web/lib/shared-reads/auth-user.ts';
import { installFakeFetch, json } from '@web-test/fake-fetch.ts';
import { signedInManager } from '@web-test/fixtures.ts';
import { createTestProviders } from '@web-test/query-wrapper.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';

const NEW_PASSWORD = 'a kettle of fresh oat milk';

function renderForm() {
  const onChanged = mock(() => undefined);
  const providers = createTestProviders();
  render(<ChangePasswordForm onChanged={onChanged} />, { wrapper: providers.wrapper });
  return { onChanged, client: providers.client };
}

function fill(values: { current?: string; next?: string; confirm?: string }) {
  const set = (label: string, value: string | undefined) => {
    if (value !== undefined) fireEvent.change(screen.getByLabelText(label), { target: { value } });
  };
  set('Current password', values.current);
  set('New password', values.next);
  set('Confirm new password', values.confirm);
}

function submit() {
  fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('ChangePasswordForm', () => {
  test('shows the rules before anything is typed', () => {
    installFakeFetch(() => json(null));
    renderForm();
    const hint = screen.getByLabelText('New password').getAttribute('aria-describedby') ?? '';
    const rules = hint
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
    expect(rules).toContain('At least 12 characters');
    expect(rules).toContain('Different from your current password.');
  });

  test('a short or mistyped new password is caught on its field before anything is sent', async () => {
    const { calls } = installFakeFetch(() => json(null));
    renderForm();
    fill({ current: 'k7Qm-Xa3p-Wn9e-T4rc', next: 'short', confirm: 'short' });
    submit();
    expect(screen.getByText('A password must be at least 12 characters')).toBeTruthy();
    expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBe('true');

    fill({ next: NEW_PASSWORD, confirm: `${NEW_PASSWORD}!` });
    submit();
    expect(screen.getByText('The new passwords do not match.')).toBeTruthy();
    expect(screen.getByLabelText('Confirm new password').getAttribute('aria-invalid')).toBe('true');
    expect(calls).toHaveLength(0);
  });

  test('sends the current and new password once; the session query gets the answer', async () => {
    const changed = { ...signedInManager, mustChangePassword: false };
    const { calls } = installFakeFetch(() => json(changed));
    const { onChanged, client } = renderForm();
    client.setQueryData(authUserQueryKey, { ...signedInManager, mustChangePassword: true });
    fill({ current: 'k7Qm-Xa3p-Wn9e-T4rc', next: NEW_PASSWORD, confirm: NEW_PASSWORD });
    submit();
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    const [first] = calls;
    expect(first?.url).toBe('/api/auth/change-password');
    expect(first?.init.method).toBe('POST');
    expect(JSON.parse(String(first?.init.body))).toEqual({
      currentPassword: 'k7Qm-Xa3p-Wn9e-T4rc',
      newPassword: NEW_PASSWORD,
    });
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(client.getQueryData(authUserQueryKey)).toMatchObject({ mustChangePassword: false });
  });

  test('the server’s “current password is incorrect” lands on the current password field', async () => {
    const message = 'Your current password is incorrect.';
    const { calls } = installFakeFetch(() =>
      json(
        { code: 'validation_failed', message, details: [{ path: 'currentPassword', message }] },
        { status: 400 },
      ),
    );
    const { onChanged } = renderForm();
    fill({ current: 'wrong', next: NEW_PASSWORD, confirm: NEW_PASSWORD });
    submit();
    expect(await screen.findByText(message)).toBeTruthy();
    expect(calls).toHaveLength(1);
    expect(screen.getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onChanged).not.toHaveBeenCalled();
  });

  test('a rate limit is shown above the form, in the server’s words, and not retried', async () => {
    const message = 'Too many failed sign-in attempts. Try again in 15 minutes.';
    const { calls } = installFakeFetch(() =>
      json({ code: 'rate_limited', message }, { status: 429, headers: { 'retry-after': '900' } }),
    );
    renderForm();
    fill({ current: 'k7Qm-Xa3p-Wn9e-T4rc', next: NEW_PASSWORD, confirm: NEW_PASSWORD });
    submit();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Too many attempts');
    expect(alert.textContent).toContain(message);
    expect(calls).toHaveLength(1);
  });
});
