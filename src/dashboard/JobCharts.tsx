import { Card, CardContent, Stack, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { format, parseISO } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';
import { useTranslate, type TranslateFunction } from 'react-admin';
import { jobStatusColors } from '../resources/jobs/statusColors';
import { jobStatuses, type SummaryCounts } from '../resources/jobs/types';

/** The pie's slices: one per status that has jobs, in the status's own colour (as its chip). */
export const statusBreakdown = (summary: SummaryCounts, translate: TranslateFunction) =>
  jobStatuses
    .filter((status) => summary[status] > 0)
    .map((status, index) => ({
      id: index,
      value: summary[status],
      label: translate(`app.jobs.status.${status}`),
      color: jobStatusColors[status],
    }));

/**
 * The dashboard's charts (MUI X Charts): jobs created per day over 30 days and the status
 * breakdown. Loaded on demand (React.lazy) so that the charts library stays out of the first load.
 */
export default function JobCharts({ summary }: { summary: SummaryCounts }) {
  const translate = useTranslate();
  const days = summary.created_per_day;
  const breakdown = statusBreakdown(summary, translate);
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
      <Card sx={{ flex: { md: 2 }, minWidth: 0 }}>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            {translate('app.dashboard.created_per_day')}
          </Typography>
          <BarChart
            height={260}
            xAxis={[
              {
                scaleType: 'band',
                data: days.map((day) => day.date),
                valueFormatter: (date: string) => format(parseISO(date), 'MMM d', { locale: enUS }),
              },
            ]}
            yAxis={[{ tickMinStep: 1 }]}
            series={[
              { data: days.map((day) => day.count), label: translate('app.dashboard.jobs_count') },
            ]}
            hideLegend
          />
        </CardContent>
      </Card>
      <Card sx={{ flex: { md: 1 }, minWidth: 0 }}>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            {translate('app.dashboard.status_breakdown')}
          </Typography>
          {breakdown.length ? (
            <PieChart height={260} series={[{ data: breakdown, innerRadius: 40 }]} />
          ) : (
            <Typography color="text.secondary">{translate('app.dashboard.no_jobs')}</Typography>
          )}
        </CardContent>
      </Card>
    </Stack>
  );
}
