import DownloadIcon from '@mui/icons-material/GetApp';
import { useMutation } from '@tanstack/react-query';
import { Button, useListContext, type SortPayload } from 'react-admin';
import { downloadFile } from '../httpClient/downloadFile';
import { useNotifyError } from '../httpClient/useNotifyError';

/**
 * Export: the server writes the CSV of every row matching the list's filters (not just the page:
 * it may be 100,000 rows), saved as `data.csv` (spec §7 "CSV download helper").
 */
export const ServerExportButton = ({
  exportList,
  label = 'app.jobs.export',
}: {
  exportList: (params: { filter: Record<string, unknown>; sort?: SortPayload }) => Promise<Blob>;
  label?: string;
}) => {
  const { filterValues, sort, total } = useListContext();
  const notifyError = useNotifyError();
  const { mutate, isPending } = useMutation({
    mutationFn: () => exportList({ filter: filterValues, sort }),
    onSuccess: (blob) => downloadFile(blob, 'data.csv'),
    onError: notifyError,
  });
  return (
    <Button label={label} onClick={() => mutate()} disabled={isPending || total === 0}>
      <DownloadIcon />
    </Button>
  );
};
