import { Type, type Static } from 'typebox';

/** One signed-in device of the user (Settings → Signed-in devices). */
export const Session = Type.Object({
  id: Type.String(),
  device: Type.String({ description: 'Browser and system, e.g. "Chrome on Android"' }),
  ip: Type.Union([Type.String(), Type.Null()], {
    description: 'The address of its last sign-in or refresh',
  }),
  created_ip: Type.Union([Type.String(), Type.Null()], {
    description: 'The address it signed in from',
  }),
  created_at: Type.String({ format: 'date-time', description: 'When it signed in' }),
  last_used_at: Type.String({
    format: 'date-time',
    description: 'Its last sign-in or refresh (the app refreshes while it is open)',
  }),
  current: Type.Boolean({ description: 'The session of this request' }),
});
export type Session = Static<typeof Session>;

export const SessionIdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
