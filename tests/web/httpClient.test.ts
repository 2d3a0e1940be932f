import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiUrl, httpClient } from '../../src/httpClient/httpClient';
import { server } from './support/server';
import { companyAccount, makeJwt, signIn } from './support/session';

const echoAuthorization = http.get(`${apiUrl}/echo`, ({ request }) =>
  HttpResponse.json({ authorization: request.headers.get('authorization') }),
);

describe('httpClient', () => {
  it('sends the stored access token as a bearer token', async () => {
    const token = makeJwt(600);
    signIn(companyAccount, { accessToken: token });
    server.use(echoAuthorization);

    const { json } = await httpClient(`${apiUrl}/echo`);

    expect(json).toEqual({ authorization: `Bearer ${token}` });
  });

  it('sends no Authorization header when asked not to, or when signed out', async () => {
    server.use(echoAuthorization);
    expect((await httpClient(`${apiUrl}/echo`)).json).toEqual({ authorization: null });

    signIn(companyAccount);
    expect((await httpClient(`${apiUrl}/echo`, { auth: false })).json).toEqual({
      authorization: null,
    });
  });

  it("rejects a failed call with the status and the server's answer", async () => {
    const answer = { message: 'Validation failed', errors: [{ field: 'phone', msg: 'Bad phone' }] };
    server.use(http.post(`${apiUrl}/things`, () => HttpResponse.json(answer, { status: 400 })));

    await expect(
      httpClient(`${apiUrl}/things`, { method: 'POST', body: '{}' }),
    ).rejects.toMatchObject({ status: 400, message: 'Validation failed', body: answer });
  });
});
