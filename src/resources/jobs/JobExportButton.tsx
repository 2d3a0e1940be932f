import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { ServerExportButton } from '../../layout/ServerExportButton';

/** The jobs list's Export: the server's CSV of every job matching the filters. */
export const JobExportButton = () => {
  const dataProvider = useDataProvider<AppDataProvider>();
  return <ServerExportButton exportList={dataProvider.exportJobs} />;
};
