import { render, screen } from '@testing-library/react';
import { AdminContext, memoryStore } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { jobStatuses } from '../../../reference/jobStatuses';
import { statusBreakdown } from '../../../src/dashboard/JobCharts';
import { i18nProvider } from '../../../src/i18n/i18nProvider';
import { JobStatusChip } from '../../../src/resources/jobs/JobStatusChip';
import { jobStatusColors, jobStatusTextColor } from '../../../src/resources/jobs/statusColors';
import { emptySummary } from '../support/jobsFixtures';
import { keepGeneratedStyles } from '../support/styles';

// The chips' colours are the theme's CSS, which the web tests leave out unless asked.
keepGeneratedStyles();

/** WCAG 2.x contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string) {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

const translate = i18nProvider.translate;

describe('one colour per job status', () => {
  it('gives every status of reference/jobStatuses a colour of its own', () => {
    expect(Object.keys(jobStatusColors).sort()).toEqual([...jobStatuses].sort());
    const colours = jobStatuses.map((s) => jobStatusColors[s].toLowerCase());
    expect(new Set(colours).size).toBe(jobStatuses.length);
  });

  it('keeps the chip text at 4.5:1 or more on every status colour', () => {
    for (const status of jobStatuses) {
      expect
        .soft(contrast(jobStatusColors[status], jobStatusTextColor), status)
        .toBeGreaterThanOrEqual(4.5);
    }
  });

  it.each(jobStatuses)('paints the %s chip in its colour, with its label', (status) => {
    render(
      <AdminContext i18nProvider={i18nProvider} store={memoryStore()}>
        <JobStatusChip status={status} />
      </AdminContext>,
    );
    const chip = screen.getByText(translate(`app.jobs.status.${status}`)).parentElement!;
    expect(chip).toHaveStyle({
      backgroundColor: jobStatusColors[status],
      color: jobStatusTextColor,
    });
  });

  it("colours the dashboard's status slices as the chips, Pending apart from Cancelled", () => {
    const summary = { ...emptySummary, pending: 4, assigned: 1, cancelled: 2, approved: 3 };
    const slices = statusBreakdown(summary, translate);
    expect(slices.map((s) => [s.label, s.value, s.color])).toEqual([
      ['Pending', 4, jobStatusColors.pending],
      ['Assigned', 1, jobStatusColors.assigned],
      ['Approved', 3, jobStatusColors.approved],
      ['Cancelled', 2, jobStatusColors.cancelled],
    ]);
    expect(jobStatusColors.pending).not.toBe(jobStatusColors.cancelled);
  });
});
