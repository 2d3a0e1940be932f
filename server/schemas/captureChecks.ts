import { Type, type Static } from 'typebox';
import { checkWarningCodes } from '../../reference/checkWarnings';

const dateTime = Type.String({ format: 'date-time' });
const score = (what: string) =>
  Type.Number({ minimum: 0, maximum: 1, description: `0 to 1: how well ${what}` });

export const CheckWarningCodeSchema = Type.Enum([...checkWarningCodes]);

export const BillCheckSchema = Type.Object(
  {
    text: Type.String({
      description:
        'The text read on the utility-bill photo. When the claimed address or name was not found ' +
        'on the page, the lines naming its street or labelled as the name (or, with no such label, ' +
        'a line the page reading skipped) are read again closer up and follow after a blank line',
    }),
    issuer: Type.Union([Type.String(), Type.Null()], {
      description: 'The utility that issued the bill (a distribution company), if recognised',
    }),
    name_score: score("the subject's name is found in the text"),
    address_score: score('the claimed address is found in the text'),
    bill_date: Type.Union([Type.String({ format: 'date' }), Type.Null()], {
      description: "The bill's date (YYYY-MM-DD), null when none was found",
    }),
    ms: Type.Integer({ minimum: 0, description: 'Milliseconds the reading and matching took' }),
    marks: Type.Array(
      Type.Object({
        start: Type.Integer({ minimum: 0 }),
        end: Type.Integer({ minimum: 0 }),
        field: Type.Enum(['issuer', 'name', 'address', 'date']),
      }),
      { description: 'Spans of `text` (UTF-16 offsets, end excluded) that matched the claim' },
    ),
  },
  { description: 'The bill read (OCR, on our servers) and matched with the claim' },
);

export const PlaceCheckSchema = Type.Object(
  {
    distance_km: Type.Number({
      minimum: 0,
      description: "Kilometres from the capture point to the claimed LGA's headquarters",
    }),
    in_claimed_state: Type.Boolean({ description: 'The capture point lies in the claimed state' }),
    hq: Type.Object(
      { name: Type.String(), lat: Type.Number(), lng: Type.Number() },
      { description: "The claimed LGA's headquarters" },
    ),
  },
  { description: 'The capture point against the claimed state and LGA (absent without GPS)' },
);

export const FaceCheckSchema = Type.Object(
  {
    faces: Type.Integer({ minimum: 0, description: 'Faces found on the selfie' }),
    agent_match_score: Type.Optional(
      score("the selfie's face matches the agent's application photo"),
    ),
  },
  { description: 'The selfie: its faces, compared with the agent’s photo where there is one' },
);

export const CaptureChecksSchema = Type.Object(
  {
    status: Type.Enum(['pending', 'done', 'failed'], {
      description:
        'pending: queued or running; done: the checks that could run have run; failed: none could',
    }),
    queued_at: dateTime,
    checked_at: Type.Union([dateTime, Type.Null()], { description: 'When the checks finished' }),
    bill: Type.Optional(BillCheckSchema),
    place: Type.Optional(PlaceCheckSchema),
    face: Type.Optional(FaceCheckSchema),
    failed_parts: Type.Array(Type.Enum(['bill', 'place', 'face']), {
      description: 'The checks that could not be done (an error on our side); the others stand',
    }),
  },
  {
    description:
      'What the machine checked in the submission, off the request, within seconds of it. Its ' +
      'warnings are in `submission.warnings` with the others. Null: no submission, or one made ' +
      'before the checks existed.',
  },
);
export type CaptureChecks = Static<typeof CaptureChecksSchema>;
