import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, HttpError, memoryStore } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { errorMessages } from '../../src/httpClient/errorMessages';
import { useNotifyError } from '../../src/httpClient/useNotifyError';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { AppNotification } from '../../src/layout/AppNotification';

describe('errorMessages (spec §8)', () => {
  it("shows the answer's message alone, even when it lists field errors", () => {
    const error = new HttpError('Validation failed', 400, {
      message: 'Validation failed',
      errors: [{ field: 'email', msg: 'email is taken' }],
    });
    expect(errorMessages(error)).toEqual(['Validation failed']);
  });

  it('shows a string error as it is', () => {
    expect(errorMessages('Network unreachable')).toEqual(['Network unreachable']);
  });

  it('shows each errors[].msg when there is no message', () => {
    const error = new HttpError('Bad Request', 400, {
      errors: [
        { field: 'phone', msg: 'phone must be a valid Nigerian phone number' },
        { field: 'email', msg: 'email is invalid' },
      ],
    });
    expect(errorMessages(error)).toEqual([
      'phone must be a valid Nigerian phone number',
      'email is invalid',
    ]);
  });

  it('falls back to the error text, then to a generic message', () => {
    expect(errorMessages(new TypeError('Failed to fetch'))).toEqual(['Failed to fetch']);
    expect(errorMessages(undefined)).toEqual(['ra.notification.http_error']);
  });
});

const FailingAction = ({ error }: { error: unknown }) => {
  const notifyError = useNotifyError();
  return <button onClick={() => notifyError(error)}>Save</button>;
};

const renderWithToasts = (error: unknown) =>
  render(
    <AdminContext i18nProvider={i18nProvider} store={memoryStore()}>
      <FailingAction error={error} />
      <AppNotification />
    </AdminContext>,
  );

describe('useNotifyError', () => {
  it('shows one toast with the message', async () => {
    renderWithToasts(new HttpError('Nope', 409, { message: 'This email is already registered' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This email is already registered')).toBeInTheDocument();
  });

  it('shows each field error as its own toast, one at a time, each closing after 2 s', async () => {
    renderWithToasts(
      new HttpError('Bad Request', 400, {
        errors: [
          { field: 'phone', msg: 'Bad phone' },
          { field: 'email', msg: 'Bad email' },
        ],
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Bad phone')).toBeInTheDocument();
    expect(screen.queryByText('Bad email')).not.toBeInTheDocument();
    // The first closes by itself (2000 ms), then the second shows.
    expect(await screen.findByText('Bad email', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.queryByText('Bad phone')).not.toBeInTheDocument();
  });
});
