import { Box, Divider, Tab, Tabs } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import { jobStatuses, type JobStatus } from './types';

export const statusTabs = ['all', ...jobStatuses] as const;
export type StatusTab = (typeof statusTabs)[number];

/** Status tabs as MUI tabs: a controlled value and what to do on a change. */
export const StatusTabsBar = ({
  value,
  onChange,
}: {
  value: StatusTab;
  onChange: (tab: StatusTab) => void;
}) => {
  const translate = useTranslate();
  // A one-column grid of at most the available width: without it the nine tabs' natural width
  // (about 990 px) widens the whole page on a phone instead of scrolling within the bar.
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Tabs
        value={value}
        onChange={(_, tab: StatusTab) => onChange(tab)}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label={translate('resources.jobs.fields.status')}
      >
        {statusTabs.map((tab) => (
          <Tab key={tab} value={tab} label={translate(`app.jobs.status.${tab}`)} />
        ))}
      </Tabs>
      <Divider />
    </Box>
  );
};

/** The jobs list's status tabs: each sets the `status` filter ('All' removes it). */
export const JobStatusTabs = () => {
  const { filterValues, displayedFilters, setFilters } = useListContext();
  const status = (filterValues.status as JobStatus | undefined) ?? 'all';
  return (
    <StatusTabsBar
      value={status}
      onChange={(tab) => {
        const others = { ...(filterValues as Record<string, unknown>) };
        delete others.status;
        setFilters(tab === 'all' ? others : { ...others, status: tab }, displayedFilters);
      }}
    />
  );
};
