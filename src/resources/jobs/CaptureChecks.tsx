import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useCanAccess, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { formatDisplayDateTime } from '../../formatting/dates';
import { useNotifyError } from '../../httpClient/useNotifyError';
import { Details } from './Details';
import type { CaptureChecks as Checks } from './types';

/** While the checks are pending, the profile is read again this often. */
export const checksRefreshMs = 3000;

type Mark = NonNullable<Checks['bill']>['marks'][number];

/** The read text cut into plain and matched pieces (marks sorted, clipped, never overlapping). */
export function markedPieces(text: string, marks: Mark[]) {
  const pieces: { text: string; field?: Mark['field'] }[] = [];
  let at = 0;
  for (const m of [...marks].sort((a, b) => a.start - b.start)) {
    const start = Math.max(m.start, at);
    const end = Math.min(m.end, text.length);
    if (end <= start) continue;
    if (start > at) pieces.push({ text: text.slice(at, start) });
    pieces.push({ text: text.slice(start, end), field: m.field });
    at = end;
  }
  if (at < text.length) pieces.push({ text: text.slice(at) });
  return pieces;
}

const percentFormat = new Intl.NumberFormat('en-NG', { style: 'percent' });
const percent = (score: number) => percentFormat.format(score);

/**
 * What the machine checked in the submission: the bill's read text with the words that matched
 * the claim marked, the name and address scores, the bill's date and issuer; the distance to the
 * claimed LGA's headquarters; the selfie's faces. Its warnings are in the evidence's list.
 * Pending checks are read again until they are done; reviewers may have them run again.
 */
export const CaptureChecks = ({ jobId, checks }: { jobId: string; checks: Checks }) => {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`app.jobs.checks.${key}`, options);
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const { canAccess: mayCheckAgain } = useCanAccess({ resource: 'jobs', action: 'run_checks' });
  const [asking, setAsking] = useState(false);
  const pending = checks.status === 'pending';

  const reloadProfile = () => queryClient.invalidateQueries({ queryKey: ['jobs', 'getOne'] });
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => void reloadProfile(), checksRefreshMs);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the query client is stable
  }, [pending]);

  const checkAgain = async () => {
    setAsking(true);
    try {
      await dataProvider.checkJobAgain({ jobId });
      notify(t('queued'), { type: 'info' });
      await reloadProfile();
    } catch (error) {
      notifyError(error);
    } finally {
      setAsking(false);
    }
  };

  const { bill, place, face } = checks;
  const parts: Array<[string, ReactNode]> = [];
  if (bill) {
    parts.push(
      [t('issuer'), bill.issuer ?? t('issuer_unknown')],
      [t('name_score'), percent(bill.name_score)],
      [t('address_score'), percent(bill.address_score)],
      [t('bill_date'), bill.bill_date ?? t('no_date')],
      [t('took'), t('seconds', { seconds: (bill.ms / 1000).toFixed(1) })],
    );
  }
  if (place) {
    parts.push(
      [t('distance', { hq: place.hq.name }), t('km', { km: place.distance_km.toFixed(1) })],
      [
        t('in_claimed_state'),
        translate(place.in_claimed_state ? 'ra.boolean.true' : 'ra.boolean.false'),
      ],
    );
  }
  if (face) {
    parts.push([t('faces'), String(face.faces)]);
    if (face.agent_match_score !== undefined) {
      parts.push([t('agent_match'), percent(face.agent_match_score)]);
    }
  }

  return (
    <Stack spacing={1.5} role="region" aria-label={t('title')}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h3">
          {t('title')}
        </Typography>
        {mayCheckAgain ? (
          <Button size="small" variant="outlined" onClick={checkAgain} disabled={asking || pending}>
            {t('check_again')}
          </Button>
        ) : null}
      </Stack>
      {pending ? (
        <Alert severity="info">{t('pending')}</Alert>
      ) : checks.status === 'failed' ? (
        <Alert severity="error">{t('failed')}</Alert>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {checks.checked_at
            ? t('checked_at', { date: formatDisplayDateTime(checks.checked_at) })
            : null}
          {checks.failed_parts.length
            ? ` ${t('not_checked', { parts: checks.failed_parts.map((p) => t(`part.${p}`)).join(', ') })}`
            : null}
        </Typography>
      )}
      {parts.length ? <Details items={parts} /> : null}
      {bill ? (
        <Box>
          <Typography variant="subtitle2" component="h4">
            {t('bill_text')}
          </Typography>
          <Box
            component="pre"
            aria-label={t('bill_text')}
            sx={{
              whiteSpace: 'pre-wrap',
              // A long run without spaces (a meter number, OCR noise) wraps too: no sideways
              // scrolling on a phone.
              overflowWrap: 'anywhere',
              fontFamily: 'monospace',
              fontSize: '0.8rem',
              bgcolor: 'action.hover',
              p: 1,
              borderRadius: 1,
              maxHeight: 240,
              overflow: 'auto',
              m: 0,
            }}
          >
            {markedPieces(bill.text, bill.marks).map((p, i) =>
              p.field ? (
                <mark key={i} title={t(`matched.${p.field}`)}>
                  {p.text}
                </mark>
              ) : (
                <span key={i}>{p.text}</span>
              ),
            )}
          </Box>
        </Box>
      ) : null}
    </Stack>
  );
};
