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
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useController, useWatch, type FieldValues } from 'react-hook-form';
import {
  Form,
  required,
  SelectInput,
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
import { FilePriceSummary } from '../transactions/PriceSummary';
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

/** What the form holds: the kind, the owner (provider staff only) and the file. */
interface BulkValues {
  type: JobKind;
  company_id: string;
  file: File | null;
}

const kindChoices = jobKinds.map((k) => ({ id: k, name: jobKindLabels[k] }));

/** Provider staff name the owner company of the uploaded jobs. */
const OwnerInput = () => {
  const { choices } = useOwnerCompanyChoices();
  return (
    <SelectInput
      source="company_id"
      label="app.jobs.bulk.owner"
      choices={choices}
      translateChoice={false}
      validate={required()}
      helperText={false}
      fullWidth
    />
  );
};

/** The file, kept in the form but chosen through a plain file input (a CSV or XLSX, one). */
const FileChooser = ({ onChosen }: { onChosen: () => void }) => {
  const translate = useTranslate();
  const fileInputId = useId();
  const { field } = useController<BulkValues, 'file'>({ name: 'file' });
  const t = (key: string) => translate(`app.jobs.bulk.${key}`);
  return (
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
          field.onChange(event.target.files?.[0] ?? null);
          onChosen();
        }}
      />
      <Typography sx={{ overflowWrap: 'anywhere' }}>
        {field.value ? field.value.name : t('no_file')}
      </Typography>
    </Stack>
  );
};

/** The inputs, the price of the file's jobs, the upload's progress and the Upload button. */
const BulkFields = ({
  choosesOwner,
  progress,
  uploading,
  onFileChosen,
}: {
  choosesOwner: boolean;
  progress: UploadProgress | null;
  uploading: boolean;
  onFileChosen: () => void;
}) => {
  const translate = useTranslate();
  const notifyError = useNotifyError();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [kind, companyId, file] = useWatch<BulkValues, ['type', 'company_id', 'file']>({
    name: ['type', 'company_id', 'file'],
  });
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`app.jobs.bulk.${key}`, options);

  const template = useMutation({
    mutationFn: (type: JobKind) => dataProvider.getJobTemplate(type),
    onSuccess: (blob, type) => downloadFile(blob, `${type}-jobs-template.csv`),
    onError: notifyError,
  });

  const tooLarge = !!file && file.size > maxFileBytes;
  const percent =
    progress && progress.total > 0 ? Math.round((progress.loaded / progress.total) * 100) : 0;

  return (
    <>
      <CardContent>
        <Typography variant="h5" component="h2" gutterBottom>
          {t('title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('intro')} {t('limits')}
        </Typography>
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <SelectInput
              source="type"
              label="app.jobs.bulk.kind"
              choices={kindChoices}
              translateChoice={false}
              validate={required()}
              helperText={false}
              fullWidth
            />
            {choosesOwner ? <OwnerInput /> : null}
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
          <FileChooser onChosen={onFileChosen} />
          {tooLarge ? <Alert severity="error">{t('too_large')}</Alert> : null}
          {file && kind && !tooLarge ? (
            <FilePriceSummary
              file={file}
              kind={kind}
              companyId={choosesOwner ? companyId || undefined : undefined}
              needsOwner={choosesOwner}
            />
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
          type="submit"
          variant="contained"
          disabled={!file || tooLarge || uploading || (choosesOwner && !companyId)}
        >
          {t('submit')}
        </Button>
      </CardActions>
    </>
  );
};

/**
 * Bulk creation (create-jobs; admin jobs/create): kind, its template, a CSV or XLSX file. The
 * upload shows its progress, then "Importing…" until the server answers: 201 → 'Job uploaded
 * successful' and the jobs list; 400 with bad rows → the rows as a table on the page. The upload
 * is a custom dataProvider method (`uploadJobs`), called as react-admin's docs call those.
 */
export const JobBulkCreate = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const navigate = useNavigate();
  const paths = useJobPaths();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { canAccess: choosesOwner = false } = useCanAccess({
    resource: 'jobs',
    action: 'choose_owner',
  });
  // Staff who may create jobs but not list them go to their landing page instead of the list.
  const { canAccess: mayList } = useCanAccess({ resource: 'jobs', action: 'list' });
  const basename = useBasename();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [rowErrors, setRowErrors] = useState<UploadRowError[]>([]);

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
        rows
          ? {
              message:
                (error as { message?: string }).message ?? translate('app.jobs.bulk.errors_title'),
            }
          : error,
      );
    },
    onSettled: () => setProgress(null),
  });

  const submit = ({ type, company_id, file }: BulkValues) => {
    if (!file) return;
    upload.mutate({ type, file, ...(choosesOwner && company_id ? { company_id } : {}) });
  };

  return (
    <Form
      defaultValues={{ type: 'address', company_id: '', file: null }}
      onSubmit={(values: FieldValues) => submit(values as BulkValues)}
    >
      <Stack spacing={2} sx={{ mt: 2, mb: 2, maxWidth: 900 }}>
        <Title title="app.jobs.bulk.title" />
        <Card>
          <BulkFields
            choosesOwner={choosesOwner}
            progress={progress}
            uploading={upload.isPending}
            onFileChosen={() => setRowErrors([])}
          />
        </Card>
        {rowErrors.length ? <RowErrors errors={rowErrors} /> : null}
      </Stack>
    </Form>
  );
};
