import { useId, useState } from 'react';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  LinearProgress,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import {
  Title,
  useBasename,
  useCanAccess,
  useDataProvider,
  useNotify,
  useTranslate,
} from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { jobKindLabels, jobKinds, type JobKind } from '../../../reference/jobKinds';
import type { AppDataProvider } from '../../dataProvider';
import { downloadFile } from '../../httpClient/downloadFile';
import { statusOf, type UploadProgress } from '../../httpClient/httpClient';
import { useNotifyError } from '../../httpClient/useNotifyError';
import { PriceSummary } from '../transactions/PriceSummary';
import { useFilePricing } from '../transactions/filePricing';
import { useJobPaths } from './paths';
import { useOwnerCompanyChoices } from '../companies/useOwnerCompanies';
import type { UploadRowError } from './types';

const maxFileBytes = 20 * 1024 * 1024;
/** Row problems shown on the page; the rest are counted (a file may have 100,000 rows). */
const shownRowErrors = 500;

/** The row problems of a refused file (400 `errors:[{row, field, msg}]`), if that is what it is. */
const rowErrorsOf = (error: unknown): UploadRowError[] | undefined => {
  if (statusOf(error) !== 400) return undefined;
  const list = (error as { body?: { errors?: unknown } }).body?.errors;
  if (!Array.isArray(list)) return undefined;
  const rows = (list as Array<Partial<UploadRowError>>).filter(
    (e): e is UploadRowError => typeof e.row === 'number' && typeof e.msg === 'string',
  );
  return rows.length ? rows : undefined;
};

const RowErrors = ({ errors }: { errors: UploadRowError[] }) => {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`app.jobs.bulk.${key}`, options);
  return (
    <Card component="section" aria-labelledby="row-errors-title">
      <CardContent>
        <Typography id="row-errors-title" variant="h6" component="h2" color="error" gutterBottom>
          {t('errors_title')}
        </Typography>
        <TableContainer sx={{ maxHeight: 480 }}>
          <Table size="small" stickyHeader aria-labelledby="row-errors-title">
            <TableHead>
              <TableRow>
                <TableCell>{t('row')}</TableCell>
                <TableCell>{t('field')}</TableCell>
                <TableCell>{t('message')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {errors.slice(0, shownRowErrors).map((error, index) => (
                <TableRow key={`${error.row}.${error.field}.${index}`}>
                  <TableCell>{error.row}</TableCell>
                  <TableCell>{error.field}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{error.msg}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        {errors.length > shownRowErrors ? (
          <Typography sx={{ mt: 1 }} color="text.secondary">
            {t('errors_more', { count: errors.length - shownRowErrors })}
          </Typography>
        ) : null}
      </CardContent>
    </Card>
  );
};

/** Provider staff name the owner company of the uploaded jobs. */
const OwnerSelect = ({ value, onChange }: { value: string; onChange: (id: string) => void }) => {
  const translate = useTranslate();
  const { choices: data } = useOwnerCompanyChoices();
  return (
    <TextField
      select
      fullWidth
      required
      label={translate('app.jobs.bulk.owner')}
      value={data.some((c) => c.id === value) ? value : ''}
      onChange={(event) => onChange(event.target.value)}
    >
      {data.map((company) => (
        <MenuItem key={company.id} value={company.id}>
          {company.name}
        </MenuItem>
      ))}
    </TextField>
  );
};

/**
 * Bulk creation (create-jobs; admin jobs/create): kind, its template, a CSV or XLSX file. The
 * upload shows its progress, then "Importing…" until the server answers: 201 → 'Job uploaded
 * successful' and the jobs list; 400 with bad rows → the rows as a table on the page.
 */
export const JobBulkCreate = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const navigate = useNavigate();
  const paths = useJobPaths();
  const dataProvider = useDataProvider<AppDataProvider>();
  const fileInputId = useId();
  const { canAccess: choosesOwner } = useCanAccess({ resource: 'jobs', action: 'choose_owner' });
  // Staff who may create jobs but not list them go to their landing page instead of the list.
  const { canAccess: mayList } = useCanAccess({ resource: 'jobs', action: 'list' });
  const basename = useBasename();
  const [kind, setKind] = useState<JobKind>('address');
  const [companyId, setCompanyId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [rowErrors, setRowErrors] = useState<UploadRowError[]>([]);
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`app.jobs.bulk.${key}`, options);

  const template = useMutation({
    mutationFn: (type: JobKind) => dataProvider.getJobTemplate(type),
    onSuccess: (blob, type) => downloadFile(blob, `${type}-jobs-template.csv`),
    onError: notifyError,
  });

  const upload = useMutation({
    mutationFn: (input: { type: JobKind; file: File; company_id?: string }) =>
      dataProvider.uploadJobs({ ...input, onProgress: setProgress }),
    onMutate: () => {
      setRowErrors([]);
      setProgress({ loaded: 0, total: 0, sent: false });
    },
    onSuccess: () => {
      notify('app.notifications.job_uploaded', { type: 'success' });
      navigate(mayList ? paths.list : basename);
    },
    onError: (error) => {
      const rows = rowErrorsOf(error);
      if (rows) setRowErrors(rows);
      // One toast with the server's message (not one per row: the table has them).
      notifyError(
        rows ? { message: (error as { message?: string }).message ?? t('errors_title') } : error,
      );
    },
    onSettled: () => setProgress(null),
  });

  const tooLarge = !!file && file.size > maxFileBytes;
  const pricedJobs = useFilePricing(tooLarge ? null : file, kind);
  const percent =
    progress && progress.total > 0 ? Math.round((progress.loaded / progress.total) * 100) : 0;

  return (
    <Stack spacing={2} sx={{ mt: 2, mb: 2, maxWidth: 900 }}>
      <Title title="app.jobs.bulk.title" />
      <Card>
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            {t('title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('intro')} {t('limits')}
          </Typography>
          <Stack spacing={2}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                select
                fullWidth
                label={t('kind')}
                value={kind}
                onChange={(event) => setKind(event.target.value as JobKind)}
              >
                {jobKinds.map((k) => (
                  <MenuItem key={k} value={k}>
                    {jobKindLabels[k]}
                  </MenuItem>
                ))}
              </TextField>
              {choosesOwner ? <OwnerSelect value={companyId} onChange={setCompanyId} /> : null}
            </Stack>
            <Box>
              <Button
                startIcon={<DownloadIcon />}
                onClick={() => template.mutate(kind)}
                disabled={template.isPending}
              >
                {t('download_template')} ({jobKindLabels[kind]})
              </Button>
            </Box>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={2}
              sx={{ alignItems: { sm: 'center' } }}
            >
              <Button
                component="label"
                htmlFor={fileInputId}
                variant="outlined"
                startIcon={<UploadFileIcon />}
              >
                {t('choose_file')}
              </Button>
              <input
                id={fileInputId}
                type="file"
                hidden
                aria-label={t('file')}
                accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                onChange={(event) => {
                  setFile(event.target.files?.[0] ?? null);
                  setRowErrors([]);
                }}
              />
              <Typography sx={{ overflowWrap: 'anywhere' }}>
                {file ? file.name : t('no_file')}
              </Typography>
            </Stack>
            {tooLarge ? <Alert severity="error">{t('too_large')}</Alert> : null}
            {pricedJobs?.length ? (
              <>
                <Typography>
                  {translate('app.money.price.rows', {
                    smart_count: pricedJobs.reduce((sum, jobs) => sum + jobs.count, 0),
                  })}
                </Typography>
                <PriceSummary
                  jobs={pricedJobs}
                  companyId={choosesOwner ? companyId || undefined : undefined}
                  needsOwner={!!choosesOwner}
                />
              </>
            ) : pricedJobs === null ? (
              <Typography color="text.secondary">
                {translate('app.money.price.file_unpriced')}
              </Typography>
            ) : null}
            {progress ? (
              <Box role="status" aria-live="polite">
                <Typography variant="body2" sx={{ mb: 0.5 }}>
                  {progress.sent ? t('importing') : t('uploading', { percent })}
                </Typography>
                <LinearProgress
                  variant={progress.sent ? 'indeterminate' : 'determinate'}
                  value={percent}
                />
              </Box>
            ) : null}
          </Stack>
        </CardContent>
        <CardActions>
          <Button
            variant="contained"
            disabled={!file || tooLarge || upload.isPending || (!!choosesOwner && !companyId)}
            onClick={() =>
              file &&
              upload.mutate({
                type: kind,
                file,
                ...(choosesOwner && companyId ? { company_id: companyId } : {}),
              })
            }
          >
            {t('submit')}
          </Button>
        </CardActions>
      </Card>
      {rowErrors.length ? <RowErrors errors={rowErrors} /> : null}
    </Stack>
  );
};
