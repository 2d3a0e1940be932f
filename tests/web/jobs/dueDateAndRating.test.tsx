import { render, screen } from '@testing-library/react';
import { AdminContext, memoryStore } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { jobStatuses, type JobStatus } from '../../../reference/jobStatuses';
import { i18nProvider } from '../../../src/i18n/i18nProvider';
import { AverageRating } from '../../../src/resources/agents/AverageRating';
import { DueDate } from '../../../src/resources/jobs/DueDate';

const inApp = (node: React.ReactNode) =>
  render(
    <AdminContext i18nProvider={i18nProvider} store={memoryStore()}>
      {node}
    </AdminContext>,
  );

describe('DueDate', () => {
  const due = '2025-03-04T10:00:00.000Z';

  it.each(['declined', 'cancelled'] as const)(
    'a %s job shows no due date and no overdue badge, though it had one',
    (status) => {
      inApp(<DueDate job={{ status, due_at: due, overdue: true }} />);
      expect(screen.getByText('—')).toBeInTheDocument();
      expect(screen.queryByText(/2025/)).not.toBeInTheDocument();
      expect(screen.queryByText(/Overdue/)).not.toBeInTheDocument();
    },
  );

  it.each(jobStatuses.filter((s): s is JobStatus => s !== 'declined' && s !== 'cancelled'))(
    'a %s job shows its due date',
    (status) => {
      inApp(<DueDate job={{ status, due_at: due, overdue: false }} />);
      expect(screen.getByText(/^Mar 4, 2025, 11:00 AM$/)).toBeInTheDocument();
    },
  );

  it('an open job past its due time is marked overdue; one not yet assigned reads "Not set"', () => {
    const { unmount } = inApp(<DueDate job={{ status: 'assigned', due_at: due, overdue: true }} />);
    expect(screen.getByText(/Overdue/)).toBeInTheDocument();
    unmount();
    inApp(<DueDate job={{ status: 'pending', due_at: null, overdue: false }} />);
    expect(screen.getByText('Not set')).toBeInTheDocument();
  });
});

describe('AverageRating', () => {
  it('reads "No ratings yet", without stars, when nobody has rated', () => {
    inApp(<AverageRating value={0} />);
    expect(screen.getByText('No ratings yet')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByText('0.0')).not.toBeInTheDocument();
  });

  it('shows the stars and the figure out of 5 once rated', () => {
    inApp(<AverageRating value={3.5} />);
    expect(screen.getByRole('img', { name: 'Rated 3.5 out of 5' })).toBeInTheDocument();
    expect(screen.getByText('3.5')).toBeInTheDocument();
  });
});
