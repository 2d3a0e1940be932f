import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { CaptureApp } from '../../../src/capture/CaptureApp';
import { videoSize } from '../../../src/capture/CameraStep';
import * as image from '../../../src/capture/image';
import { takePhoto } from '../../../src/capture/image';
import { cameraMessages, locationMessages } from '../../../src/capture/messages';
import { loadPending } from '../../../src/capture/pendingStore';
import { markNoticeSeen } from '../../../src/capture/PrivacyNotice';
import { forgetSentPhotos } from '../../../src/capture/photoUploads';
import { ApiError, NetworkError } from '../../../src/capture/api';
import {
  offlineMessage,
  resendDelay,
  resendDelaysMs,
  unavailableMessage,
} from '../../../src/capture/useSubmission';
import type {
  CaptureJob,
  CaptureJobView,
  CaptureSubmitted,
  MyCaptureJobs,
  SentPhoto,
  SentPhotos,
} from '../../../server/schemas/capture';
import { server } from '../support/server';

vi.mock('../../../src/capture/image', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../src/capture/image')>();
  return { ...actual, takePhoto: vi.fn(actual.takePhoto) };
});

const token = 'tok_abcdefghijklmnopqrstuv';
const job: CaptureJob = {
  code: 'AV-000123',
  type: 'address',
  subject_name: 'Ada Obi',
  address: '12 Allen Avenue, Ikeja',
  landmark: 'Opposite the filling station',
  state: 'Lagos',
  lga: 'Ikeja',
  due_at: '2026-11-25T15:30:00.000Z',
};
const answer: CaptureSubmitted = {
  message: 'Thank you: the evidence for AV-000123 was received',
  code: 'AV-000123',
  submitted_at: '2026-11-22T10:00:00.000Z',
};

interface Sent {
  fields: Record<string, string>;
  files: Record<string, number[]>;
  header: string | null;
}

const jobOk = () =>
  http.get(`/api/v2/capture/${token}`, () =>
    HttpResponse.json({ job, status: 'accepted', retention_days: 90 } satisfies CaptureJobView),
  );
const jobGone = () =>
  http.get(`/api/v2/capture/${token}`, () =>
    HttpResponse.json(
      { message: 'The evidence for AV-000123 has already been submitted' },
      { status: 404 },
    ),
  );
function postOk(sent: Sent[]) {
  return http.post(`/api/v2/capture/${token}`, async ({ request }) => {
    const form = await request.formData();
    const entry: Sent = { fields: {}, files: {}, header: request.headers.get('idempotency-key') };
    for (const [k, v] of form.entries()) {
      if (typeof v === 'string') entry.fields[k] = v;
      else entry.files[k] = [...new Uint8Array(await v.arrayBuffer())];
    }
    sent.push(entry);
    return HttpResponse.json(answer, { status: 201 });
  });
}

/** What the fake capture API received: photos sent ahead and closing calls. */
interface CaptureServer {
  puts: { kind: string; sha256: string; bytes: number[] }[];
  closes: Record<string, unknown>[];
  held: Map<string, string>;
  /** How many times the page asked which photos the server holds. */
  listed: number;
  /** Closing calls answered 503 (the server's file store away). */
  refused: number;
}

/** SHA-256 by Node, independent of the page's own hashing. */
const hex = async (bytes: ArrayBuffer) =>
  createHash('sha256').update(new Uint8Array(bytes)).digest('hex');

/** The capture API for photos sent one by one; `closeFails` makes the closing call fail. */
function captureServer(opts: { closeFails?: boolean; unavailableTimes?: number } = {}) {
  const state: CaptureServer = { puts: [], closes: [], held: new Map(), listed: 0, refused: 0 };
  const handlers = [
    http.get(`/api/v2/capture/${token}/photos`, () => {
      state.listed += 1;
      return HttpResponse.json({
        data: [...state.held].map(([kind, sha256]) => ({
          kind: kind as SentPhoto['kind'],
          sha256,
          size_bytes: 4,
        })),
      } satisfies SentPhotos);
    }),
    http.put(`/api/v2/capture/${token}/photos/:kind`, async ({ request, params }) => {
      const body = await request.arrayBuffer();
      const sha256 = new URL(request.url).searchParams.get('sha256')!;
      expect(await hex(body)).toBe(sha256);
      state.puts.push({ kind: String(params.kind), sha256, bytes: [...new Uint8Array(body)] });
      state.held.set(String(params.kind), sha256);
      const sent = { kind: params.kind as SentPhoto['kind'], sha256, size_bytes: 4 };
      return HttpResponse.json(sent satisfies SentPhoto, { status: 201 });
    }),
    http.post(`/api/v2/capture/${token}/submit`, async ({ request }) => {
      if (opts.closeFails) return HttpResponse.error();
      const body = (await request.json()) as Record<string, unknown>;
      if (state.refused < (opts.unavailableTimes ?? 0)) {
        state.refused += 1;
        state.closes.push({ refused: body.idempotency_key });
        const message = 'The file store cannot be reached just now. Please try again in a minute.';
        return HttpResponse.json({ message }, { status: 503 });
      }
      // As the server does: a photo it does not hold is a 400 naming its kind.
      const photos = body.photos as Record<string, string>;
      const missing = Object.keys(photos).filter((kind) => state.held.get(kind) !== photos[kind]);
      if (missing.length)
        return HttpResponse.json(
          {
            message: `${missing[0]} has not been received yet: send it first`,
            errors: missing.map((field) => ({ field, msg: 'send it first' })),
          },
          { status: 400 },
        );
      state.closes.push(body);
      return HttpResponse.json(answer, { status: 201 });
    }),
  ];
  return { state, handlers };
}

const shaOfShot = (n: number) => hex(new Uint8Array([0xff, 0xd8, 0xff, n]).buffer);

const fakeStream = { getVideoTracks: () => [], getAudioTracks: () => [], getTracks: () => [] };
let getUserMedia: ReturnType<typeof vi.fn>;
let enumerateDevices: ReturnType<typeof vi.fn>;
let getCurrentPosition: ReturnType<typeof vi.fn>;
const photoBytes = { selfie: 1, house: 2, utility_bill: 3 } as const;
let shot = 0;

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  // The privacy notice comes once per job; its own tests below start without this.
  markNoticeSeen(token);
  forgetSentPhotos();
  // Photos leave as they are taken: every test has somewhere to send them.
  server.use(...captureServer().handlers);
  window.location.hash = '';
  getUserMedia = vi.fn().mockResolvedValue(fakeStream);
  enumerateDevices = vi.fn().mockResolvedValue([
    { kind: 'videoinput', deviceId: 'a' },
    { kind: 'videoinput', deviceId: 'b' },
  ]);
  getCurrentPosition = vi.fn();
  Object.defineProperty(navigator, 'mediaDevices', {
    value: { getUserMedia, enumerateDevices },
    configurable: true,
  });
  Object.defineProperty(navigator, 'geolocation', {
    value: { getCurrentPosition },
    configurable: true,
  });
  shot = 0;
  vi.mocked(takePhoto).mockImplementation(async () => {
    shot += 1;
    return {
      bytes: new Uint8Array([0xff, 0xd8, 0xff, shot]).buffer,
      dataUrl: `data:image/jpeg;base64,/9j/${shot}`,
    };
  });
});
afterEach(() => vi.restoreAllMocks());

async function takeThreePhotos(user: ReturnType<typeof userEvent.setup>) {
  for (const title of ['Selfie', 'House', 'Utility bill']) {
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    const capture = screen.getByRole('button', { name: 'Capture image' });
    await waitFor(() => expect(capture).toBeEnabled());
    await user.click(capture);
    expect(await screen.findByAltText(`${title} preview`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
  }
  expect(await screen.findByRole('heading', { name: 'Location' })).toBeInTheDocument();
}

/** The wizard up to the location step, its three photos on the (fake) server. */
async function threePhotosSentAhead() {
  const api = captureServer();
  server.use(jobOk(), ...api.handlers);
  const user = userEvent.setup();
  render(<CaptureApp token={token} />);
  await takeThreePhotos(user);
  await waitFor(() => expect(api.state.puts).toHaveLength(3));
  return { api, user };
}

describe('capture wizard: the privacy notice', () => {
  beforeEach(() => localStorage.clear());

  test('comes before the first photo: what is collected, why, how long, the policy', async () => {
    server.use(jobOk());
    const user = userEvent.setup();
    render(<CaptureApp token={token} />);
    const notice = await screen.findByRole('region', { name: 'Before the photos' });
    for (const text of [
      /a selfie of you, the agent/,
      /a photo of the house or premises/,
      /a photo of the utility bill/,
      /position \(GPS\) and the time/,
      /Why: to confirm the address/,
      /How long: kept 90 days after the job is closed/,
    ]) {
      expect(within(notice).getByText(text)).toBeInTheDocument();
    }
    expect(within(notice).getByRole('link', { name: 'privacy policy' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
    expect(screen.queryByRole('heading', { name: 'Selfie' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Capture image' })).not.toBeInTheDocument();
    await user.click(within(notice).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Selfie' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Before the photos' })).not.toBeInTheDocument();
  });

  test('shows once per job: not again on reopening the link, again for another link', async () => {
    server.use(jobOk());
    const user = userEvent.setup();
    const first = render(<CaptureApp token={token} />);
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Selfie' });
    first.unmount();
    const again = render(<CaptureApp token={token} />);
    expect(await screen.findByRole('heading', { name: 'Selfie' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Before the photos' })).not.toBeInTheDocument();
    again.unmount();
    const other = `${token}x`;
    server.use(
      http.get(`/api/v2/capture/${other}`, () =>
        HttpResponse.json({ job, status: 'accepted', retention_days: 90 } satisfies CaptureJobView),
      ),
    );
    render(<CaptureApp token={other} />);
    expect(await screen.findByRole('region', { name: 'Before the photos' })).toBeInTheDocument();
  });
});

describe('capture wizard: the job', () => {
  test('shows the job the link is for', async () => {
    server.use(jobOk());
    render(<CaptureApp token={token} />);
    const card = await screen.findByRole('region', { name: 'Job' });
    for (const text of [
      'AV-000123',
      'Ada Obi',
      '12 Allen Avenue, Ikeja',
      'Opposite the filling station',
      'Lagos',
      'Ikeja',
    ]) {
      expect(within(card).getAllByText(text, { exact: false }).length).toBeGreaterThan(0);
    }
    expect(within(card).getByText(/November 25, 2026 at/)).toBeInTheDocument();
  });

  test('the camera starts while the job is still loading', async () => {
    let answer: () => void = () => undefined;
    server.use(
      http.get(`/api/v2/capture/${token}`, async () => {
        await new Promise<void>((resolve) => (answer = resolve));
        return HttpResponse.json({
          job,
          status: 'accepted',
          retention_days: 90,
        } satisfies CaptureJobView);
      }),
    );
    render(<CaptureApp token={token} />);
    expect(await screen.findByRole('heading', { name: 'Selfie' })).toBeInTheDocument();
    await waitFor(() => expect(getUserMedia).toHaveBeenCalled());
    expect(screen.queryByRole('region', { name: 'Job' })).not.toBeInTheDocument();
    answer();
    expect(await screen.findByRole('region', { name: 'Job' })).toHaveTextContent('Ada Obi');
    expect(screen.getByRole('heading', { name: 'Selfie' })).toBeInTheDocument();
  });

  test("a dead link shows the server's message", async () => {
    server.use(jobGone());
    render(<CaptureApp token={token} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The evidence for AV-000123 has already been submitted',
    );
    expect(screen.queryByRole('button', { name: 'Capture image' })).not.toBeInTheDocument();
  });

  test('My jobs lists the open jobs of the agent', async () => {
    server.use(
      jobOk(),
      http.get(`/api/v2/capture/my-jobs/${token}`, () =>
        HttpResponse.json({
          data: [
            {
              ...job,
              status: 'accepted',
              url: `http://x/automatic-address-verification/${token}`,
              current: true,
            },
            {
              ...job,
              code: 'AV-000200',
              subject_name: 'Bola Ade',
              status: 'assigned',
              url: 'http://x/automatic-address-verification/other',
              current: false,
            },
          ],
        } satisfies MyCaptureJobs),
      ),
    );
    const user = userEvent.setup();
    render(<CaptureApp token={token} />);
    await user.click(await screen.findByRole('link', { name: 'My jobs' }));
    expect(await screen.findByText('Bola Ade')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open AV-000200' })).toHaveAttribute(
      'href',
      'http://x/automatic-address-verification/other',
    );
    expect(screen.getByText('This link')).toBeInTheDocument();
  });
});

describe('capture wizard: steps and camera', () => {
  test('selfie with the front camera, house and bill with the rear, 1280x720', async () => {
    server.use(jobOk());
    const user = userEvent.setup();
    render(<CaptureApp token={token} />);
    await takeThreePhotos(user);
    const facing = getUserMedia.mock.calls.map(
      ([c]) => (c as { video: MediaTrackConstraints }).video,
    );
    expect(facing[0]).toMatchObject({ width: 1280, height: 720, facingMode: 'user' });
    expect(facing[1]).toMatchObject({
      width: 1280,
      height: 720,
      facingMode: { exact: 'environment' },
    });
    expect(takePhoto).toHaveBeenCalledTimes(3);
  });

  test('retake replaces the photo', async () => {
    server.use(jobOk());
    const user = userEvent.setup();
    render(<CaptureApp token={token} />);
    const capture = await screen.findByRole('button', { name: 'Capture image' });
    await waitFor(() => expect(capture).toBeEnabled());
    await user.click(capture);
    expect(await screen.findByAltText('Selfie preview')).toHaveAttribute(
      'src',
      'data:image/jpeg;base64,/9j/1',
    );
    await user.click(screen.getByRole('button', { name: 'Retake' }));
    const again = await screen.findByRole('button', { name: 'Capture image' });
    await waitFor(() => expect(again).toBeEnabled());
    await user.click(again);
    expect(await screen.findByAltText('Selfie preview')).toHaveAttribute(
      'src',
      'data:image/jpeg;base64,/9j/2',
    );
  });

  test.each([
    ['NotAllowedError', cameraMessages.permissionDenied],
    ['NotFoundError', cameraMessages.noDevice],
    ['OverconstrainedError', cameraMessages.noDevice],
  ])('%s shows the spec message', async (name, message) => {
    server.use(jobOk());
    getUserMedia.mockRejectedValue(new DOMException('camera failed', name));
    render(<CaptureApp token={token} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(message).toBe(
      {
        NotAllowedError: 'Permission denied. Please refresh and give camera permission.',
        NotFoundError:
          'No camera device accessible. Please connect your camera or try a different browser.',
        OverconstrainedError:
          'No camera device accessible. Please connect your camera or try a different browser.',
      }[name],
    );
  });

  test('no rear camera: falls back to any camera', async () => {
    server.use(jobOk());
    getUserMedia.mockImplementation(async (c: { video: MediaTrackConstraints }) => {
      if (typeof c.video.facingMode === 'object') {
        throw new DOMException('no such camera', 'OverconstrainedError');
      }
      return fakeStream;
    });
    const user = userEvent.setup();
    render(<CaptureApp token={token} />);
    const capture = await screen.findByRole('button', { name: 'Capture image' });
    await waitFor(() => expect(capture).toBeEnabled());
    await user.click(capture);
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'House' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Capture image' })).toBeEnabled(),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    const last = getUserMedia.mock.lastCall![0] as { video: MediaTrackConstraints };
    expect(last.video.facingMode).toBe('environment');
  });

  test('switching with one camera shows the spec message', async () => {
    server.use(jobOk());
    enumerateDevices.mockResolvedValue([{ kind: 'videoinput' }, { kind: 'audioinput' }]);
    const user = userEvent.setup();
    render(<CaptureApp token={token} />);
    await user.click(await screen.findByRole('button', { name: 'Switch camera' }));
    expect(
      await screen.findByText(
        'It is not possible to switch camera to different one because there is only one video device accessible.',
      ),
    ).toBeInTheDocument();
  });

  test('no 2D canvas: "Canvas is not supported."', async () => {
    server.use(jobOk());
    const actual = await vi.importActual<typeof image>('../../../src/capture/image');
    vi.mocked(takePhoto).mockImplementation(actual.takePhoto);
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const user = userEvent.setup();
    render(<CaptureApp token={token} />);
    const capture = await screen.findByRole('button', { name: 'Capture image' });
    await waitFor(() => expect(capture).toBeEnabled());
    await user.click(capture);
    expect(await screen.findByRole('alert')).toHaveTextContent('Canvas is not supported.');
  });
});

describe('capture wizard: location and submit', () => {
  test('each photo is sent as it is taken; Submit sends the location and the hashes only', async () => {
    const api = captureServer();
    server.use(jobOk(), ...api.handlers);
    getCurrentPosition.mockImplementation((ok: PositionCallback) =>
      ok({
        coords: { latitude: 6.6018, longitude: 3.3515, accuracy: 12.4 },
      } as GeolocationPosition),
    );
    const user = userEvent.setup();
    render(<CaptureApp token={token} />);
    await takeThreePhotos(user);
    // Before Submit, every photo is already on the server.
    await waitFor(() => expect(api.state.puts).toHaveLength(3));
    expect(api.state.puts.map((p) => [p.kind, p.bytes])).toEqual([
      ['selfie', [0xff, 0xd8, 0xff, photoBytes.selfie]],
      ['house', [0xff, 0xd8, 0xff, photoBytes.house]],
      ['utility_bill', [0xff, 0xd8, 0xff, photoBytes.utility_bill]],
    ]);
    await user.type(screen.getByRole('textbox', { name: 'Location' }), 'Blue gate by the church');
    await user.click(screen.getByRole('button', { name: 'Capture' }));
    expect(await screen.findByText(/accuracy 12 m/)).toBeInTheDocument();
    expect(getCurrentPosition.mock.calls[0]![2]).toMatchObject({
      enableHighAccuracy: true,
      timeout: 20_000,
    });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('heading', { name: 'Submitted' })).toBeInTheDocument();
    expect(screen.getByText('AV-000123', { selector: 'strong' })).toBeInTheDocument();
    expect(api.state.puts).toHaveLength(3); // nothing sent twice
    expect(api.state.closes).toHaveLength(1);
    const close = api.state.closes[0]!;
    expect(close).toMatchObject({
      lat: 6.6018,
      lng: 3.3515,
      accuracy: 12.4,
      location_text: 'Blue gate by the church',
      photos: {
        selfie: await shaOfShot(1),
        house: await shaOfShot(2),
        utility_bill: await shaOfShot(3),
      },
    });
    expect(close.idempotency_key).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(close.captured_at as string).toISOString()).toBe(close.captured_at);
    expect(await loadPending(token)).toBeNull();
  });

  test('Submit right after photos this page sent asks the server nothing more', async () => {
    const { api, user } = await threePhotosSentAhead();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('heading', { name: 'Submitted' })).toBeInTheDocument();
    expect(api.state.listed).toBe(0);
    expect(api.state.closes).toHaveLength(1);
  });

  test('a photo the server lost after it was sent goes again, alone, and the submission closes', async () => {
    const { api, user } = await threePhotosSentAhead();
    api.state.held.delete('house'); // swept on the server meanwhile
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('heading', { name: 'Submitted' })).toBeInTheDocument();
    expect(api.state.puts.map((p) => p.kind)).toEqual(['selfie', 'house', 'utility_bill', 'house']);
    expect(api.state.puts[3]!.bytes).toEqual([0xff, 0xd8, 0xff, photoBytes.house]);
    expect(api.state.listed).toBe(1);
    expect(api.state.closes).toHaveLength(1);
  });

  test('without hashing (no secure context) everything goes in one multipart upload', async () => {
    const sent: Sent[] = [];
    server.use(jobOk(), postOk(sent));
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { randomUUID: () => real.randomUUID() });
    try {
      const user = userEvent.setup();
      render(<CaptureApp token={token} />);
      await takeThreePhotos(user);
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      expect(await screen.findByRole('heading', { name: 'Submitted' })).toBeInTheDocument();
    } finally {
      vi.unstubAllGlobals();
    }
    expect(sent).toHaveLength(1);
    expect(sent[0]!.files).toEqual({
      selfie: [0xff, 0xd8, 0xff, photoBytes.selfie],
      house: [0xff, 0xd8, 0xff, photoBytes.house],
      utility_bill: [0xff, 0xd8, 0xff, photoBytes.utility_bill],
    });
    expect(sent[0]!.header).toBe(sent[0]!.fields.idempotency_key);
  });

  test('photos taken before the page closed come back, and are not sent again', async () => {
    const api = captureServer();
    server.use(jobOk(), ...api.handlers);
    const user = userEvent.setup();
    const first = render(<CaptureApp token={token} />);
    expect(await screen.findByRole('heading', { name: 'Selfie' })).toBeInTheDocument();
    const capture = screen.getByRole('button', { name: 'Capture image' });
    await waitFor(() => expect(capture).toBeEnabled());
    await user.click(capture);
    await waitFor(() => expect(api.state.puts).toHaveLength(1));
    first.unmount();

    render(<CaptureApp token={token} />);
    expect(await screen.findByAltText('Selfie preview')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'House' })).toBeInTheDocument();
    expect(api.state.puts).toHaveLength(1);
  });

  test('refused location shows a message; submitting without GPS is allowed', async () => {
    const api = captureServer();
    server.use(jobOk(), ...api.handlers);
    getCurrentPosition.mockImplementation((_ok: PositionCallback, fail: PositionErrorCallback) =>
      fail({ code: 1, message: 'denied' } as GeolocationPositionError),
    );
    const user = userEvent.setup();
    render(<CaptureApp token={token} />);
    await takeThreePhotos(user);
    await user.click(screen.getByRole('button', { name: 'Capture' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(locationMessages.denied);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('heading', { name: 'Submitted' })).toBeInTheDocument();
    expect(api.state.closes[0]!.lat).toBeUndefined();
    expect(api.state.closes[0]!.lng).toBeUndefined();
  });

  test('a failed submit is kept; reopening the link resumes with the same key', async () => {
    const failing = captureServer({ closeFails: true });
    server.use(jobOk(), ...failing.handlers);
    const user = userEvent.setup();
    const first = render(<CaptureApp token={token} />);
    await takeThreePhotos(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(offlineMessage);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    const kept = await loadPending(token);
    expect(kept?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Uint8Array(kept!.photos.house)).toEqual(new Uint8Array([0xff, 0xd8, 0xff, 2]));
    first.unmount();

    // Reopened after the server took it (the GET is now 404): the same key gets the first 201,
    // and the photos the server holds are not sent again.
    const api = captureServer();
    api.state.held = failing.state.held;
    server.use(jobGone(), ...api.handlers);
    render(<CaptureApp token={token} />);
    expect(await screen.findByRole('heading', { name: 'Submitted' })).toBeInTheDocument();
    expect(api.state.closes).toHaveLength(1);
    expect(api.state.closes[0]!.idempotency_key).toBe(kept!.idempotencyKey);
    expect(api.state.puts).toHaveLength(0);
    expect(await loadPending(token)).toBeNull();
  });

  test('Retry and the online event send the kept submission again', async () => {
    const failing = captureServer({ closeFails: true });
    server.use(jobOk(), ...failing.handlers);
    const user = userEvent.setup();
    render(<CaptureApp token={token} />);
    await takeThreePhotos(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByRole('button', { name: 'Retry' });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();

    const api = captureServer();
    api.state.held = failing.state.held;
    server.use(...api.handlers);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByRole('heading', { name: 'Submitted' })).toBeInTheDocument();
    expect(api.state.closes).toHaveLength(1);
    expect(failing.state.puts).toHaveLength(3);
    expect(api.state.puts).toHaveLength(0);
    expect(await loadPending(token)).toBeNull();
  });
});

describe('capture wizard: the server away (503), the phone online', () => {
  const saved = [...resendDelaysMs];
  afterEach(() => resendDelaysMs.splice(0, resendDelaysMs.length, ...saved));

  test('keeps the photos, says so, and sends them by itself once the server takes them', async () => {
    resendDelaysMs.splice(0, resendDelaysMs.length, 50, 100);
    const api = captureServer({ unavailableTimes: 2 });
    server.use(jobOk(), ...api.handlers);
    const user = userEvent.setup();
    render(<CaptureApp token={token} />);
    await takeThreePhotos(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(unavailableMessage);
    expect((await loadPending(token))?.photos.house).toBeDefined();

    // No Retry pressed, no online event: two pauses later it is through.
    expect(await screen.findByRole('heading', { name: 'Submitted' })).toBeInTheDocument();
    expect(api.state.refused).toBe(2);
    const key = (api.state.closes[0] as { refused: string }).refused;
    expect(api.state.closes.at(-1)!.idempotency_key).toBe(key);
    expect(api.state.puts).toHaveLength(3); // the photos themselves went once
    expect(await loadPending(token)).toBeNull();
  });

  test('waits longer after each failed try, at least what Retry-After asks, at most five minutes', () => {
    const down = new ApiError(503, 'away');
    expect([0, 1, 2, 3, 4, 5, 9].map((tries) => resendDelay(tries, down))).toEqual([
      5_000, 15_000, 30_000, 60_000, 120_000, 300_000, 300_000,
    ]);
    expect(resendDelay(0, new ApiError(503, 'away', [], 30))).toBe(30_000);
    expect(resendDelay(4, new ApiError(503, 'away', [], 30))).toBe(120_000);
    expect(resendDelay(0, new ApiError(503, 'away', [], 86_400))).toBe(300_000);
    expect(resendDelay(1, new NetworkError())).toBe(15_000);
  });
});

describe('capture wizard: while the camera starts', () => {
  test('Capture image is disabled and the page says why', async () => {
    server.use(jobOk());
    getUserMedia.mockReturnValue(new Promise(() => undefined));
    render(<CaptureApp token={token} />);
    expect(await screen.findByRole('heading', { name: 'Selfie' })).toBeInTheDocument();
    const capture = screen.getByRole('button', { name: 'Capture image' });
    expect(capture).toBeDisabled();
    expect(capture).toHaveAccessibleDescription(
      'Starting the camera… Capture image works as soon as the picture shows.',
    );
  });
});

describe('capture wizard: the camera asked for before the code arrives', () => {
  /** public/capture-camera.js as capture.html runs it, on a capture link. */
  const runEarlyScript = () => {
    window.history.pushState(null, '', `/automatic-address-verification/${token}`);
    new Function(readFileSync('public/capture-camera.js', 'utf8'))();
  };
  afterEach(() => {
    window.captureEarlyCamera = undefined;
    window.history.pushState(null, '', '/');
  });

  /** A stream whose one track notes whether it was stopped. */
  const earlyStream = () => {
    const track = { stop: vi.fn() };
    return { track, stream: { ...fakeStream, getTracks: () => [track] } };
  };

  test('asks for the selfie step’s camera, and lets it go once the wizard’s camera shows', async () => {
    const early = earlyStream();
    getUserMedia.mockResolvedValueOnce(early.stream);
    runEarlyScript();
    expect(getUserMedia).toHaveBeenCalledWith({
      audio: false,
      video: { ...videoSize, facingMode: 'user' },
    });
    server.use(jobOk());
    render(<CaptureApp token={token} />);
    const capture = await screen.findByRole('button', { name: 'Capture image' });
    await waitFor(() => expect(capture).toBeEnabled());
    await waitFor(() => expect(early.track.stop).toHaveBeenCalled());
    expect(getUserMedia.mock.calls[1]![0]).toMatchObject({
      video: { ...videoSize, facingMode: 'user' },
    });
  });

  test('a dead link lets it go without a camera of its own', async () => {
    const early = earlyStream();
    getUserMedia.mockResolvedValueOnce(early.stream).mockReturnValue(new Promise(() => undefined));
    runEarlyScript();
    server.use(jobGone());
    render(<CaptureApp token={token} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('already been submitted');
    await waitFor(() => expect(early.track.stop).toHaveBeenCalled());
  });

  test('other pages of the app do not ask for the camera', () => {
    window.history.pushState(null, '', '/company/jobs');
    new Function(readFileSync('public/capture-camera.js', 'utf8'))();
    expect(getUserMedia).not.toHaveBeenCalled();
    expect(window.captureEarlyCamera).toBeUndefined();
  });
});
