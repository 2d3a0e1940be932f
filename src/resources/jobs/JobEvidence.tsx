import { Component, lazy, Suspense, useState, type ReactNode } from 'react';
import BrokenImageIcon from '@mui/icons-material/BrokenImage';
import CloseIcon from '@mui/icons-material/Close';
import {
  Alert,
  AlertTitle,
  Box,
  ButtonBase,
  CircularProgress,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  Link,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { useDataProvider, useTranslate } from 'react-admin';
import { photoKinds } from '../../../reference/photoKinds';
import type { AppDataProvider } from '../../dataProvider';
import { formatDisplayDateTime } from '../../formatting/dates';
import { CaptureChecks } from './CaptureChecks';
import { Details, Section } from './Details';
import type { CapturePhoto, CaptureSubmission, CaptureWarning, JobDetail } from './types';
import { useAuthorizedBlobUrl } from './useAuthorizedBlobUrl';

/** Leaflet and its CSS come in their own chunk, fetched only when a profile has a GPS point. */
const EvidenceMap = lazy(() => import('./EvidenceMap'));

/** `https://www.openstreetmap.org/?mlat=…&mlon=…#map=18/…/…`: the point on the OSM site. */
export const osmLink = (lat: number, lng: number) =>
  `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=18/${lat}/${lng}`;

const coordinates = (lat: number, lng: number) => `${lat.toFixed(6)}, ${lng.toFixed(6)}`;

/** Shows nothing instead of the map when its chunk cannot be loaded or Leaflet fails. */
class MapBoundary extends Component<{ children: ReactNode; fallback: ReactNode }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

const EvidencePhoto = ({ jobId, photo }: { jobId: string; photo: CapturePhoto }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [open, setOpen] = useState(false);
  const { url, error, loading } = useAuthorizedBlobUrl(
    `${jobId}/${photo.kind}/${photo.sha256}`,
    () => dataProvider.getJobPhoto({ jobId, kind: photo.kind }),
  );
  const label = translate(`app.jobs.capture.photo.${photo.kind}`);
  const size = { width: { xs: '100%', sm: 200 }, height: 150 };

  return (
    <Stack spacing={0.5} sx={{ alignItems: { sm: 'flex-start' } }}>
      <Typography variant="subtitle2" component="h3">
        {label}
      </Typography>
      {url ? (
        <ButtonBase
          onClick={() => setOpen(true)}
          aria-label={translate('app.jobs.capture.open_photo', { kind: label })}
          sx={{ ...size, borderRadius: 1, overflow: 'hidden' }}
        >
          <Box
            component="img"
            src={url}
            alt={label}
            sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
          />
        </ButtonBase>
      ) : loading ? (
        <Skeleton variant="rectangular" sx={{ ...size, borderRadius: 1 }} />
      ) : (
        <Stack
          role="img"
          aria-label={translate('app.jobs.capture.photo_error', { kind: label })}
          sx={{
            ...size,
            borderRadius: 1,
            bgcolor: 'action.hover',
            alignItems: 'center',
            justifyContent: 'center',
          }}
        >
          <BrokenImageIcon color="disabled" />
          <Typography variant="caption" color="text.secondary">
            {error ? translate('app.jobs.capture.photo_unavailable') : null}
          </Typography>
        </Stack>
      )}
      {url ? (
        <Dialog
          open={open}
          onClose={() => setOpen(false)}
          maxWidth="lg"
          aria-labelledby={`photo-${photo.kind}`}
        >
          <DialogTitle id={`photo-${photo.kind}`} sx={{ pr: 6 }}>
            {label}
            {photo.width && photo.height ? (
              <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
                {photo.width} × {photo.height}
              </Typography>
            ) : null}
          </DialogTitle>
          <IconButton
            aria-label={translate('app.jobs.actions.close')}
            onClick={() => setOpen(false)}
            sx={{ position: 'absolute', right: 8, top: 8 }}
          >
            <CloseIcon />
          </IconButton>
          <DialogContent>
            <Box
              component="img"
              src={url}
              alt={translate('app.jobs.capture.full_size', { kind: label })}
              sx={{ display: 'block', maxWidth: '100%', maxHeight: '80vh', mx: 'auto' }}
            />
          </DialogContent>
        </Dialog>
      ) : null}
    </Stack>
  );
};

const Warning = ({ warning }: { warning: CaptureWarning }) => {
  const translate = useTranslate();
  return (
    <Alert severity={warning.code === 'duplicate_photo' ? 'error' : 'warning'}>
      <AlertTitle>{translate(`app.jobs.capture.warning.${warning.code}`)}</AlertTitle>
      {warning.message}
      {warning.other_job_code && !warning.message.includes(warning.other_job_code)
        ? ` (${warning.other_job_code})`
        : null}
    </Alert>
  );
};

const Location = ({
  submission,
  claimedPlace,
}: {
  submission: CaptureSubmission;
  /** The claimed LGA's headquarters, once the place check has run. */
  claimedPlace?: { name: string; lat: number; lng: number };
}) => {
  const translate = useTranslate();
  const [tilesFailed, setTilesFailed] = useState(false);
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`app.jobs.capture.${key}`, options);
  const { lat, lng } = submission;
  const point = lat !== null && lng !== null && !submission.no_gps ? { lat, lng } : null;
  const notGiven = t('not_given');

  const items: Array<[string, ReactNode]> = [
    [
      t('coordinates'),
      point ? (
        <span key="coordinates">
          {coordinates(point.lat, point.lng)}{' '}
          <Link href={osmLink(point.lat, point.lng)} target="_blank" rel="noopener noreferrer">
            {t('open_map')}
          </Link>
        </span>
      ) : (
        t('no_gps')
      ),
    ],
    [
      t('accuracy'),
      submission.accuracy_m !== null
        ? t('accuracy_value', { meters: Math.round(submission.accuracy_m) })
        : notGiven,
    ],
    [
      t('device_time'),
      submission.captured_at ? formatDisplayDateTime(submission.captured_at) : notGiven,
    ],
    [t('received_at'), formatDisplayDateTime(submission.received_at)],
    [t('location_text'), submission.location_text?.trim() || notGiven],
  ];

  return (
    <Stack spacing={1.5}>
      <Details items={items} />
      {point ? (
        <Box aria-label={t('map')} role="region">
          <MapBoundary
            fallback={<Typography color="text.secondary">{t('map_unavailable')}</Typography>}
          >
            <Suspense
              fallback={
                <Box sx={{ height: 280, display: 'grid', placeItems: 'center' }}>
                  <CircularProgress size={24} aria-label={t('map_loading')} />
                </Box>
              }
            >
              <EvidenceMap
                lat={point.lat}
                lng={point.lng}
                accuracy={submission.accuracy_m}
                claimedPlace={claimedPlace}
                onTilesFailed={() => setTilesFailed(true)}
              />
            </Suspense>
          </MapBoundary>
          {tilesFailed ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('tiles_unavailable')}
            </Typography>
          ) : null}
        </Box>
      ) : null}
    </Stack>
  );
};

/**
 * The submitted evidence on the job profile: the reviewer's warnings (the submission's own and
 * the machine checks'), what the machine checked, the three photos (fetched with the bearer
 * token, full size on click), and where and when they were taken.
 */
export const JobEvidence = ({ job }: { job: JobDetail }) => {
  const translate = useTranslate();
  const submission = job.capture?.submission;
  const checks = job.capture?.checks;
  // Erased evidence leaves no photo, place or warning to show (the profile says it was erased).
  if (!submission || job.erased_at) return null;
  const photos = [...submission.photos].sort(
    (a, b) => photoKinds.indexOf(a.kind) - photoKinds.indexOf(b.kind),
  );

  return (
    <Section title={translate('app.jobs.capture.evidence')}>
      <Stack spacing={2}>
        {submission.warnings.length ? (
          <Stack spacing={1} role="list" aria-label={translate('app.jobs.capture.warnings')}>
            {submission.warnings.map((warning, index) => (
              <Box role="listitem" key={`${warning.code}-${warning.photo_kind ?? ''}-${index}`}>
                <Warning warning={warning} />
              </Box>
            ))}
          </Stack>
        ) : null}
        {checks ? <CaptureChecks jobId={job.id} checks={checks} /> : null}
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          useFlexGap
          sx={{ flexWrap: 'wrap' }}
        >
          {photos.map((photo) => (
            <EvidencePhoto key={photo.kind} jobId={job.id} photo={photo} />
          ))}
        </Stack>
        <Location submission={submission} claimedPlace={checks?.place?.hq} />
      </Stack>
    </Section>
  );
};
