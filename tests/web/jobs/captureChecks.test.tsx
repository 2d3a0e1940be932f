import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { markedPieces } from '../../../src/resources/jobs/CaptureChecks';
import type {
  CaptureChecks,
  CaptureSubmission,
  CaptureWarning,
  JobDetail,
} from '../../../src/resources/jobs/types';
import { makeJob, makeJobDetail } from '../support/jobsFixtures';
import { renderApp } from '../support/renderApp';
import { server } from '../support/server';
import type { Account } from '../../../src/authProvider';
import type { PermissionLabel } from '../../../reference/permissions';
import { adminAccount, companyAccount, sessionKeys, signIn } from '../support/session';

// Leaflet draws nothing in jsdom: the map is not what these tests look at.
vi.mock('../../../src/resources/jobs/EvidenceMap', () => ({ default: () => null }));

const id = makeJob(9).id;

const submission = (warnings: CaptureWarning[] = []): CaptureSubmission => ({
  received_at: '2026-05-05T14:30:00.000Z',
  captured_at: '2026-05-05T14:28:00.000Z',
  lat: 6.6018,
  lng: 3.3515,
  accuracy_m: 12,
  no_gps: false,
  location_text: null,
  photos: [],
  warnings,
});

const billText = 'IKEJA ELECTRIC PLC\nCustomer: AMAKA OBI\nBill date 01/05/2026';

const done: CaptureChecks = {
  status: 'done',
  queued_at: '2026-05-05T14:30:01.000Z',
  checked_at: '2026-05-05T14:30:06.000Z',
  bill: {
    text: billText,
    issuer: 'Ikeja Electric Plc',
    name_score: 0.42,
    address_score: 0.9,
    bill_date: '2026-05-01',
    ms: 1840,
    marks: [
      { start: 0, end: 18, field: 'issuer' },
      { start: 29, end: 38, field: 'name' },
    ],
  },
  place: {
    distance_km: 212.37,
    in_claimed_state: false,
    hq: { name: 'Ikeja', lat: 6.6, lng: 3.35 },
  },
  face: { faces: 2, agent_match_score: 0.81 },
  failed_parts: [],
};

const pending: CaptureChecks = {
  status: 'pending',
  queued_at: '2026-05-05T14:30:01.000Z',
  checked_at: null,
  failed_parts: [],
};

const jobWith = (checks: CaptureChecks, warnings: CaptureWarning[] = []): JobDetail =>
  makeJobDetail(9, {
    status: 'submitted',
    capture: { has_link: false, sms: null, link: null, submission: submission(warnings), checks },
  });

const checksPanel = async () =>
  (await screen.findByRole('region', { name: 'Machine checks' }, { timeout: 5000 })) as HTMLElement;

describe('job profile: machine checks', () => {
  it('says pending checks refresh by themselves, and shows them once done', async () => {
    signIn(adminAccount);
    let calls = 0;
    server.use(
      http.get(`/api/v2/job/detail/${id}`, () => {
        calls += 1;
        return HttpResponse.json(calls === 1 ? jobWith(pending) : jobWith(done));
      }),
    );
    await renderApp(`/admin/jobs/profile/${id}`);
    const panel = await checksPanel();
    expect(within(panel).getByText(/being checked: this part refreshes by itself/)).toBeTruthy();
    expect(await within(panel).findByRole('button', { name: 'Check again' })).toHaveProperty(
      'disabled',
      true,
    );
    // read again without anyone asking, until done
    await waitFor(() => expect(within(panel).getByText('Ikeja Electric Plc')).toBeTruthy(), {
      timeout: 6000,
    });
    expect(within(panel).queryByText(/being checked/)).toBeNull();
  });

  it('shows the read text with the matched words marked, the scores, the place and faces', async () => {
    signIn(companyAccount);
    const warnings: CaptureWarning[] = [
      { code: 'no_gps', message: 'Submitted without GPS coordinates' },
      { code: 'bill_name_mismatch', message: 'The bill is in the name of CHIDI EZE' },
      { code: 'far_from_claimed_place', message: '212 km from Ikeja, in another state' },
    ];
    server.use(
      http.get(`/api/v2/job/detail/${id}`, () => HttpResponse.json(jobWith(done, warnings))),
    );
    await renderApp(`/company/jobs/profile/${id}`);
    const panel = await checksPanel();

    const text = within(panel).getByLabelText('Text read on the bill');
    const marks = [...text.querySelectorAll('mark')];
    expect(marks.map((m) => [m.textContent, m.getAttribute('title')])).toEqual([
      ['IKEJA ELECTRIC PLC', 'Matched: the issuer'],
      ['AMAKA OBI', "Matched: the subject's name"],
    ]);
    expect(text.textContent).toBe(billText);
    for (const shown of ['42%', '90%', '2026-05-01', '1.8 s', '212.4 km', 'No', '2', '81%']) {
      expect(within(panel).getByText(shown)).toBeTruthy();
    }
    expect(within(panel).getByText('Distance to Ikeja (LGA headquarters)')).toBeTruthy();

    // the machine's warnings are in the evidence's one list, after the submission's own
    const list = screen.getByRole('list', { name: 'Warnings' });
    const items = within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      'No GPSSubmitted without GPS coordinates',
      'Name not on the billThe bill is in the name of CHIDI EZE',
      'Far from the claimed place212 km from Ikeja, in another state',
    ]);
    // a company does not run the checks again: no button (the server refuses it too)
    expect(within(panel).queryByRole('button', { name: 'Check again' })).toBeNull();
  });

  it('lets a reviewer check again: the call is made and the profile reads pending', async () => {
    signIn(adminAccount);
    let posted = 0;
    server.use(
      http.get(`/api/v2/job/detail/${id}`, () =>
        HttpResponse.json(posted ? jobWith(pending) : jobWith(done)),
      ),
      http.post(`/api/v2/jobs/${id}/checks`, () => {
        posted += 1;
        return HttpResponse.json(pending, { status: 202 });
      }),
    );
    const { user } = await renderApp(`/admin/jobs/profile/${id}`);
    const panel = await checksPanel();
    await user.click(await within(panel).findByRole('button', { name: 'Check again' }));
    expect(await within(panel).findByText(/being checked/)).toBeTruthy();
    expect(posted).toBe(1);
    expect(
      await screen.findByText('The evidence will be checked again in a few seconds'),
    ).toBeTruthy();
  });

  it('names the checks that could not be done', async () => {
    signIn(adminAccount);
    const partial: CaptureChecks = { ...done, bill: undefined, failed_parts: ['bill'] };
    delete partial.bill;
    server.use(http.get(`/api/v2/job/detail/${id}`, () => HttpResponse.json(jobWith(partial))));
    await renderApp(`/admin/jobs/profile/${id}`);
    const panel = await checksPanel();
    expect(within(panel).getByText(/Not checked: the utility bill\./)).toBeTruthy();
    expect(within(panel).queryByLabelText('Text read on the bill')).toBeNull();
  });
});

/** Provider staff (admin area) and a company's staff (company area) with these labels. */
const providerStaff = (permissions: PermissionLabel[]): Account => ({
  ...adminAccount,
  id: 'acc-staff',
  role: 'sub-admin',
  isSuperAdmin: false,
  permissions,
});
const companyStaff = (permissions: PermissionLabel[]): Account => ({
  ...companyAccount,
  id: 'acc-company-staff',
  role: 'sub-admin',
  permissions,
});

describe('job profile: machine checks per role', () => {
  // Who sees the panel (everyone who may open the job: its scores and the bill's read text name
  // the job's own subject) and who may have the checks run again (the provider's reviewers: the
  // server answers anyone else 403, which would end the session).
  it.each<{ who: string; account: Account; mayCheck: boolean }>([
    { who: 'the super-admin', account: adminAccount, mayCheck: true },
    {
      who: 'a provider reviewer',
      account: providerStaff(['View Job History', 'View Job Stages']),
      mayCheck: true,
    },
    {
      who: 'provider staff who only view jobs',
      account: providerStaff(['View Job History']),
      mayCheck: false,
    },
    { who: 'the company', account: companyAccount, mayCheck: false },
    {
      who: "a company's sub-user who moves jobs through stages",
      account: companyStaff(['View Job History', 'View Job Stages']),
      mayCheck: false,
    },
  ])(
    '$who sees the read bill and the scores; Check again: $mayCheck',
    async ({ account, mayCheck }) => {
      signIn(account);
      let posted = 0;
      server.use(
        http.get(`/api/v2/job/detail/${id}`, () => HttpResponse.json(jobWith(done))),
        http.post(`/api/v2/jobs/${id}/checks`, () => {
          posted += 1;
          return HttpResponse.json(pending, { status: 202 });
        }),
      );
      await renderApp(`/${account.area}/jobs/profile/${id}`);
      const panel = await checksPanel();
      expect(within(panel).getByLabelText('Text read on the bill').textContent).toBe(billText);
      for (const shown of ['Ikeja Electric Plc', '42%', '90%', '212.4 km']) {
        expect(within(panel).getByText(shown)).toBeTruthy();
      }
      // The button waits for the access answer: the same wait for the roles with and without it,
      // so that its absence is not read before the answer came.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const button = within(panel).queryByRole('button', { name: 'Check again' });
      expect(button !== null).toBe(mayCheck);
      expect(posted).toBe(0);
      expect(sessionKeys()).toContain('accessToken');
    },
  );

  it('keeps staff without "View Job History" out of the profile without asking the server', async () => {
    // The demo's sub-admin: dashboard, job creation and people, not the jobs' evidence.
    signIn(providerStaff(['View Dashboard', 'Create Job', 'User management (view)']));
    let asked = 0;
    server.use(
      http.get(`/api/v2/job/detail/${id}`, () => {
        asked += 1;
        return HttpResponse.json({ message: 'Forbidden' }, { status: 403 });
      }),
    );
    await renderApp(`/admin/jobs/profile/${id}`);
    expect(await screen.findByText('Access denied', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Machine checks' })).toBeNull();
    expect(asked).toBe(0);
    expect(sessionKeys()).toContain('accessToken');
  });
});

describe('markedPieces', () => {
  it('clips marks to the text and drops overlaps', () => {
    expect(
      markedPieces('abcdef', [
        { start: 4, end: 99, field: 'date' },
        { start: 1, end: 3, field: 'name' },
        { start: 2, end: 4, field: 'address' },
      ]),
    ).toEqual([
      { text: 'a' },
      { text: 'bc', field: 'name' },
      { text: 'd', field: 'address' },
      { text: 'ef', field: 'date' },
    ]);
  });
});
