import DownloadIcon from '@mui/icons-material/GetApp';
import { useMutation } from '@tanstack/react-query';
import { Button, useDataProvider, useListContext } from 'react-admin';
import type { AppDataProvider } from '../dataProvider';
import { downloadFile } from '../httpClient/downloadFile';
import { useNotifyError } from '../httpClient/useNotifyError';

/**
 * Export: the server writes the CSV of every row of the list's resource matching its filters (not
 * just the page: it may be 100,000 rows), saved as `data.csv` (spec §7 "CSV download helper").
 */
export const ServerExportButton = ({ label = 'app.jobs.export' }: { label?: string }) => {
  const { resource, filterValues, sort, total } = useListContext();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notifyError = useNotifyError();
  const { mutate, isPending } = useMutation({
    mutationFn: () => dataProvider.exportList(resource, { filter: filterValues, sort }),
    onSuccess: (blob) => downloadFile(blob, 'data.csv'),
    onError: notifyError,
  });
  return (
    <Button label={label} onClick={() => mutate()} disabled={isPending || total === 0}>
      <DownloadIcon />
    </Button>
  );
};
