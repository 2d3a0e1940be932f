import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../support/renderApp';
import { server } from '../support/server';
import { adminAccount, makeJwt, signIn } from '../support/session';
import { makeJob, makeJobDetail } from '../support/jobsFixtures';
import type {
  CaptureInfo,
  CaptureSubmission,
  JobDetail,
  PhotoKind,
} from '../../../src/resources/jobs/types';
import type { EvidenceMapProps } from '../../../src/resources/jobs/EvidenceMap';

/**
 * Leaflet draws nothing useful in jsdom (no layout, no images): the lazy map module is replaced by
 * a stand-in that shows the props it got, or fails the way a blocked chunk or Leaflet error would,
 * or reports failed tiles. What the profile shows around it is the real code.
 */
const map = vi.hoisted(() => ({ mode: 'ok' as 'ok' | 'throw' | 'tiles-fail' }));
vi.mock('../../../src/resources/jobs/EvidenceMap', async () => {
  const { useEffect } = await import('react');
  const StandIn = ({ lat, lng, accuracy, onTilesFailed }: EvidenceMapProps) => {
    useEffect(() => {
      if (map.mode === 'tiles-fail') onTilesFailed?.();
    }, [onTilesFailed]);
    if (map.mode === 'throw') throw new Error('Leaflet failed');
    return <div data-testid="leaflet-map">{`map ${lat} ${lng} ±${accuracy}`}</div>;
  };
  return { default: StandIn, osmTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' };
});

const id = makeJob(7).id;
const kinds: PhotoKind[] = ['selfie', 'house', 'utility_bill'];

const submission = (overrides: Partial<CaptureSubmission> = {}): CaptureSubmission => ({
  received_at: '2025-03-05T14:30:00.000Z',
  captured_at: '2025-03-05T14:28:00.000Z',
  lat: 6.6018,
  lng: 3.3515,
  accuracy_m: 12.4,
  no_gps: false,
  location_text: 'Blue gate beside the pharmacy',
  // The server's order is not the reviewer's: the profile shows selfie, house, bill.
  photos: (['utility_bill', 'selfie', 'house'] as PhotoKind[]).map((kind) => ({
    kind,
    url: `/api/v2/jobs/${id}/photos/${kind}`,
    sha256: `sha-${kind}`,
    size_bytes: 250_000,
    width: 1280,
    height: 960,
  })),
  warnings: [],
  ...overrides,
});

const jobWith = (capture: CaptureInfo, overrides: Partial<JobDetail> = {}) =>
  makeJobDetail(7, {
    status: 'submitted',
    assignee_type: 'company',
    assignee_id: 'c0000000-0000-4000-8000-000000000002',
    assignee_name: 'Abuja Checks Ltd',
    actions: ['approve', 'reject'],
    capture,
    ...overrides,
  });

/** The JPEG bytes each photo answers with: its kind, so that each blob can be told apart. */
const photoBytes = (kind: string) => new TextEncoder().encode(`jpeg:${kind}`);

let createObjectURL: ReturnType<typeof vi.fn<(blob: Blob) => string>>;
let revokeObjectURL: ReturnType<typeof vi.fn<(url: string) => void>>;
const blobsByUrl = new Map<string, Blob>();

beforeEach(() => {
  map.mode = 'ok';
  blobsByUrl.clear();
  let n = 0;
  createObjectURL = vi.fn((blob: Blob) => {
    n += 1;
    const url = `blob:http://localhost/photo-${n}`;
    blobsByUrl.set(url, blob);
    return url;
  });
  revokeObjectURL = vi.fn();
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL }));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** Answers the profile and the photos; records the Authorization header of each photo request. */
const answer = (job: JobDetail) => {
  const photoAuth: Record<string, string | null> = {};
  server.use(
    http.get(`/api/v2/job/detail/${id}`, () => HttpResponse.json(job)),
    http.get('/api/v2/jobs/:id/photos/:kind', ({ request, params }) => {
      if (params.id !== id) return new HttpResponse(null, { status: 404 });
      const kind = String(params.kind);
      photoAuth[kind] = request.headers.get('authorization');
      return new HttpResponse(photoBytes(kind), { headers: { 'Content-Type': 'image/jpeg' } });
    }),
  );
  return photoAuth;
};

const blobTextOf = async (img: HTMLElement) => {
  const blob = blobsByUrl.get(img.getAttribute('src') ?? '');
  expect(blob).toBeDefined();
  return new TextDecoder().decode(await blob!.arrayBuffer());
};

describe('job profile: evidence', () => {
  it('shows the three photos from blob URLs fetched with the bearer token', async () => {
    const token = makeJwt(600);
    signIn(adminAccount, { accessToken: token });
    const photoAuth = answer(
      jobWith({ has_link: false, sms: null, link: null, submission: submission() }),
    );
    const { unmount } = await renderApp(`/admin/jobs/profile/${id}`);

    const evidence = (await screen.findByRole('heading', { name: 'Evidence' })).closest(
      '.MuiCard-root',
    ) as HTMLElement;
    const images = await within(evidence).findAllByRole('img', {
      name: /^(Selfie|House|Utility bill)$/,
    });
    expect(images.map((img) => img.getAttribute('alt'))).toEqual([
      'Selfie',
      'House',
      'Utility bill',
    ]);
    for (const [index, img] of images.entries()) {
      expect(img.getAttribute('src')).toMatch(/^blob:/);
      expect(await blobTextOf(img)).toBe(`jpeg:${kinds[index]}`);
    }
    expect(photoAuth).toEqual({
      selfie: `Bearer ${token}`,
      house: `Bearer ${token}`,
      utility_bill: `Bearer ${token}`,
    });

    // Leaving the page releases the object URLs.
    const urls = images.map((img) => img.getAttribute('src'));
    unmount();
    for (const url of urls) expect(revokeObjectURL).toHaveBeenCalledWith(url);
  });

  it('refreshes an expired token before fetching the photos', async () => {
    signIn(adminAccount, { accessToken: makeJwt(-10), refreshToken: 'r-1' });
    const fresh = makeJwt(900);
    server.use(
      http.post('/api/v2/auth/refresh', () =>
        HttpResponse.json({ accessToken: fresh, refreshToken: 'r-2', account: adminAccount }),
      ),
    );
    const photoAuth = answer(
      jobWith({ has_link: false, sms: null, link: null, submission: submission() }),
    );
    await renderApp(`/admin/jobs/profile/${id}`);

    expect(await screen.findByRole('img', { name: 'Utility bill' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );
    await waitFor(() => expect(Object.keys(photoAuth)).toHaveLength(3));
    expect(new Set(Object.values(photoAuth))).toEqual(new Set([`Bearer ${fresh}`]));
  });

  it('opens a photo full size in a dialog', async () => {
    signIn(adminAccount);
    answer(jobWith({ has_link: false, sms: null, link: null, submission: submission() }));
    const { user } = await renderApp(`/admin/jobs/profile/${id}`);

    const thumbnail = await screen.findByRole('img', { name: 'House' });
    await user.click(screen.getByRole('button', { name: 'Open the House photo full size' }));
    const dialog = await screen.findByRole('dialog', { name: /House/ });
    expect(within(dialog).getByText('1280 × 960')).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: 'House photo, full size' })).toHaveAttribute(
      'src',
      thumbnail.getAttribute('src'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows a photo that cannot be fetched as unavailable', async () => {
    // react-admin logs failed dataProvider calls in development.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    signIn(adminAccount);
    answer(jobWith({ has_link: false, sms: null, link: null, submission: submission() }));
    server.use(
      http.get(`/api/v2/jobs/${id}/photos/house`, () =>
        HttpResponse.json({ message: 'Photo not found' }, { status: 404 }),
      ),
    );
    await renderApp(`/admin/jobs/profile/${id}`);

    expect(await screen.findByRole('img', { name: 'House photo not available' })).toBeVisible();
    expect(await screen.findByRole('img', { name: 'Selfie' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'House' })).not.toBeInTheDocument();
    consoleError.mockRestore();
  });

  it('shows accuracy, device and received times, location text and the map', async () => {
    signIn(adminAccount);
    answer(jobWith({ has_link: false, sms: null, link: null, submission: submission() }));
    await renderApp(`/admin/jobs/profile/${id}`);

    await screen.findByRole('heading', { name: 'Evidence' });
    const value = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(value('GPS position')).toHaveTextContent('6.601800, 3.351500');
    expect(value('Accuracy')).toHaveTextContent('12 m');
    expect(value('Device time')).toHaveTextContent(/^March 5, 2025 at \d{1,2}:28 (AM|PM)$/);
    expect(value('Received')).toHaveTextContent(/^March 5, 2025 at \d{1,2}:30 (AM|PM)$/);
    expect(value('Location description')).toHaveTextContent('Blue gate beside the pharmacy');
    expect(await screen.findByTestId('leaflet-map')).toHaveTextContent('map 6.6018 3.3515 ±12.4');
  });

  it('keeps the coordinates and the OpenStreetMap link when the map cannot load', async () => {
    map.mode = 'throw';
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    signIn(adminAccount);
    answer(jobWith({ has_link: false, sms: null, link: null, submission: submission() }));
    await renderApp(`/admin/jobs/profile/${id}`);

    expect(await screen.findByText('The map could not be loaded.')).toBeInTheDocument();
    expect(screen.queryByTestId('leaflet-map')).not.toBeInTheDocument();
    expect(screen.getByText(/6\.601800, 3\.351500/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open in OpenStreetMap' })).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/?mlat=6.6018&mlon=3.3515#map=18/6.6018/3.3515',
    );
    vi.mocked(console.error).mockRestore();
  });

  it('says so when the map tiles cannot be reached, the link still there', async () => {
    map.mode = 'tiles-fail';
    signIn(adminAccount);
    answer(jobWith({ has_link: false, sms: null, link: null, submission: submission() }));
    await renderApp(`/admin/jobs/profile/${id}`);

    expect(
      await screen.findByText('The map tiles could not be loaded: use the link above.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open in OpenStreetMap' })).toHaveAttribute(
      'href',
      expect.stringContaining('mlat=6.6018&mlon=3.3515'),
    );
  });

  it("shows the reviewer's warnings as alerts, and no map without GPS", async () => {
    signIn(adminAccount);
    answer(
      jobWith({
        has_link: false,
        sms: null,
        link: null,
        submission: submission({
          lat: null,
          lng: null,
          accuracy_m: null,
          no_gps: true,
          warnings: [
            { code: 'no_gps', message: 'Submitted without GPS coordinates' },
            {
              code: 'duplicate_photo',
              message: 'The house photo is identical to a photo of JOB-000003',
              photo_kind: 'house',
              other_job_code: 'JOB-000003',
            },
            {
              code: 'similar_photo',
              message: 'The selfie photo is nearly identical to a photo of another job',
              photo_kind: 'selfie',
            },
            {
              code: 'device_time_skew',
              message: 'The device time was 3 hours behind the time the evidence was received',
            },
          ],
        }),
      }),
    );
    await renderApp(`/admin/jobs/profile/${id}`);

    const list = await screen.findByRole('list', { name: 'Warnings' });
    const alerts = within(list).getAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual([
      'No GPSSubmitted without GPS coordinates',
      'Duplicate photoThe house photo is identical to a photo of JOB-000003',
      'Similar photoThe selfie photo is nearly identical to a photo of another job',
      'Device time differsThe device time was 3 hours behind the time the evidence was received',
    ]);
    expect(alerts[1]).toHaveClass('MuiAlert-colorError');
    expect(alerts[0]).toHaveClass('MuiAlert-colorWarning');
    const value = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(value('GPS position')).toHaveTextContent('No GPS position');
    expect(value('Accuracy')).toHaveTextContent('Not given');
    expect(screen.queryByRole('link', { name: 'Open in OpenStreetMap' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('leaflet-map')).not.toBeInTheDocument();
  });

  it('shows no evidence section before a submission, and Approve/Reject stay', async () => {
    signIn(adminAccount);
    answer(jobWith({ has_link: false, sms: null, link: null, submission: null }));
    await renderApp(`/admin/jobs/profile/${id}`);

    expect(await screen.findByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Evidence' })).not.toBeInTheDocument();
    expect(createObjectURL).not.toHaveBeenCalled();
  });
});
