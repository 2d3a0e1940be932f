import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AgentApplication } from '../../../server/schemas/agentApplications';
import { renderApp } from '../support/renderApp';
import { server } from '../support/server';
import { adminAccount, signIn } from '../support/session';

const application = (over: Partial<AgentApplication> = {}): AgentApplication => ({
  id: 'b0000000-0000-4000-8000-000000000012',
  code: 'APP-000012',
  status: 'pending',
  first_name: 'Musa',
  last_name: 'Abdullahi',
  full_name: 'Musa Abdullahi',
  email: 'musa@example.ng',
  phone: '+2348035550100',
  state: 'kano',
  state_name: 'Kano',
  lgas: ['Fagge'],
  nin: '23456789012',
  bank_code: '011',
  bank_name: 'First Bank of Nigeria',
  account_number: '0000014579',
  account_name: 'Musa Abdullahi',
  photo_url: '/api/v2/agent-applications/b0000000-0000-4000-8000-000000000012/photo',
  created_at: '2026-03-01T09:00:00.000Z',
  decided_at: null,
  agent_id: null,
  duplicates: [],
  ...over,
});

function serve(...rows: AgentApplication[]) {
  server.use(
    http.get('/api/v2/agent-applications/:id', ({ params }) =>
      HttpResponse.json(rows.find((r) => r.id === params.id)),
    ),
    http.get('/api/v2/agent-applications', () =>
      HttpResponse.json(rows, {
        headers: { 'Content-Range': `agent-applications 0-${rows.length - 1}/${rows.length}` },
      }),
    ),
  );
}

const warning = /Another pending or approved application has the same/;

describe('reviewing a duplicate agent application', () => {
  it('warns the reviewer what a duplicate shares with another application', async () => {
    signIn(adminAccount);
    const a = application({ duplicates: ['phone', 'nin'] });
    serve(a);
    await renderApp(`/admin/users/agents/application/${a.id}`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(warning);
    expect(alert).toHaveTextContent('the same phone number, NIN.');
  });

  it('says nothing of duplicates for an application that has none', async () => {
    signIn(adminAccount);
    const a = application();
    serve(a);
    await renderApp(`/admin/users/agents/application/${a.id}`);
    expect(await screen.findByText('musa@example.ng')).toBeInTheDocument();
    expect(screen.queryByText(warning)).toBeNull();
  });

  it('marks duplicates in the list', async () => {
    signIn(adminAccount);
    serve(
      application({ duplicates: ['nin'] }),
      application({ id: 'b0000000-0000-4000-8000-000000000013', code: 'APP-000013' }),
    );
    await renderApp('/admin/users/agents/application');
    const row = (await screen.findByText('APP-000012')).closest('tr')!;
    expect(within(row).getByText('Possible duplicate')).toBeInTheDocument();
    const other = screen.getByText('APP-000013').closest('tr')!;
    expect(within(other).queryByText('Possible duplicate')).toBeNull();
  });
});
