import type { App } from '../../../server/app';
import { uniqueIp } from '../helpers';
import { multipart } from '../jobs/support';

let n = 0;

/** A valid application with a unique email, phone and NIN; `over` replaces any field. */
export function applicationFields(over: Record<string, string | string[]> = {}) {
  n += 1;
  const serial = String(n).padStart(4, '0');
  return {
    first_name: 'Musa',
    last_name: `Abdullahi${n}`,
    email: `musa${n}-${Math.random().toString(36).slice(2, 6)}@example.ng`,
    phone: `0803 555 ${serial}`,
    state: 'kano',
    lgas: ['Nasarawa', 'Fagge'],
    nin: `2345678${serial}`,
    bank_code: '011',
    account_number: '0000014579', // the CBN's example NUBAN at First Bank
    account_name: `Musa Abdullahi ${n}`,
    ...over,
  };
}

/** `POST /agent-applications` as the form sends it; `photo: null` leaves the photo out. */
export function apply(
  app: App,
  fields: Record<string, string | string[]>,
  photo: { data: Buffer; filename?: string; type?: string } | null,
  remoteAddress = uniqueIp(),
) {
  const form = multipart({});
  for (const [k, v] of Object.entries(fields)) {
    for (const item of ([] as string[]).concat(v)) form.append(k, item);
  }
  if (photo) {
    form.append(
      'photo',
      new Blob([new Uint8Array(photo.data)], { type: photo.type ?? 'image/jpeg' }),
      photo.filename ?? 'me.jpg',
    );
  }
  return app.inject({
    method: 'POST',
    url: '/api/v2/agent-applications',
    payload: form,
    remoteAddress,
  });
}
