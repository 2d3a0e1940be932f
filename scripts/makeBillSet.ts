import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { format } from 'prettier';
import sharp from 'sharp';
import { firstNames, lastNames } from '../server/seed/demoPlaces';
import { demoRandom, type DemoRandom } from '../server/seed/demoRandom';
import type { CheckWarningCode, Claim } from '../server/services/checks/types';
import { jpegQualities, maxPhotoBytes, maxPhotoSide } from '../src/capture/image';
import { launchChromium } from '../tests/e2e/harness';

/**
 * `npm run eval:bills:make`: draws the bill evaluation set in tests/fixtures/bills/ — utility bills
 * of the Nigerian distribution companies laid out as HTML, photographed-like in Debian's Chromium
 * (a table or floor around the paper, rotation and perspective, blur, uneven light), then encoded
 * as the capture wizard encodes (src/capture/image.ts: 1280 px long side, JPEG 0.85 stepping down
 * until ≤ 300 KB). Deterministic: the same cases from the same seed. Writes truth.json beside them.
 */

export const billSetDir = 'tests/fixtures/bills';

interface Utility {
  name: string;
  /** What the header prints. */
  header: string;
  short: string;
  colour: string;
  state: string;
  lga: string;
  streets: string[];
  kind: 'electricity' | 'water' | 'waste';
}

const utilities: Utility[] = [
  {
    name: 'Ikeja Electric',
    header: 'IKEJA ELECTRIC PLC',
    short: 'IE',
    colour: '#c8102e',
    state: 'lagos',
    lga: 'Ikeja',
    streets: ['Allen Avenue', 'Obafemi Awolowo Way', 'Oba Akran Avenue', 'Opebi Road'],
    kind: 'electricity',
  },
  {
    name: 'Eko Electricity Distribution',
    header: 'EKO ELECTRICITY DISTRIBUTION PLC',
    short: 'EKEDC',
    colour: '#0b6e4f',
    state: 'lagos',
    lga: 'Surulere',
    streets: ['Bode Thomas Street', 'Adeniran Ogunsanya Street', 'Ogunlana Drive', 'Akerele Road'],
    kind: 'electricity',
  },
  {
    name: 'Abuja Electricity Distribution',
    header: 'ABUJA ELECTRICITY DISTRIBUTION COMPANY',
    short: 'AEDC',
    colour: '#00539b',
    state: 'abuja',
    lga: 'Abuja Municipal',
    streets: ['Aminu Kano Crescent', 'Gimbiya Street', 'Ademola Adetokunbo Crescent'],
    kind: 'electricity',
  },
  {
    name: 'Ibadan Electricity Distribution',
    header: 'IBADAN ELECTRICITY DISTRIBUTION COMPANY',
    short: 'IBEDC',
    colour: '#d35400',
    state: 'oyo',
    lga: 'Ibadan North',
    streets: ['Ring Road', 'Bodija Road', 'Awolowo Avenue', 'Agodi Close'],
    kind: 'electricity',
  },
  {
    name: 'Enugu Electricity Distribution',
    header: 'ENUGU ELECTRICITY DISTRIBUTION PLC',
    short: 'EEDC',
    colour: '#00843d',
    state: 'enugu',
    lga: 'Enugu North',
    streets: ['Okpara Avenue', 'Ogui Road', 'Zik Avenue', 'Chime Close'],
    kind: 'electricity',
  },
  {
    name: 'Port Harcourt Electricity Distribution',
    header: 'PORT HARCOURT ELECTRICITY DISTRIBUTION PLC',
    short: 'PHED',
    colour: '#005baa',
    state: 'rivers',
    lga: 'Port Harcourt',
    streets: ['Aba Road', 'Olu Obasanjo Road', 'Stadium Road', 'Woji Close'],
    kind: 'electricity',
  },
  {
    name: 'Benin Electricity Distribution',
    header: 'BENIN ELECTRICITY DISTRIBUTION COMPANY',
    short: 'BEDC',
    colour: '#a93226',
    state: 'edo',
    lga: 'Oredo',
    streets: ['Sapele Road', 'Airport Road', 'Akpakpava Street'],
    kind: 'electricity',
  },
  {
    name: 'Jos Electricity Distribution',
    header: 'JOS ELECTRICITY DISTRIBUTION PLC',
    short: 'JED',
    colour: '#1d3f8a',
    state: 'plateau',
    lga: 'Jos North',
    streets: ['Ahmadu Bello Way', 'Rayfield Road', 'Tafawa Balewa Street'],
    kind: 'electricity',
  },
  {
    name: 'Kaduna Electric',
    header: 'KADUNA ELECTRIC',
    short: 'KAEDCO',
    colour: '#0f6a37',
    state: 'kaduna',
    lga: 'Kaduna North',
    streets: ['Ali Akilu Road', 'Isa Kaita Road', 'Constitution Road'],
    kind: 'electricity',
  },
  {
    name: 'Kano Electricity Distribution',
    header: 'KANO ELECTRICITY DISTRIBUTION PLC',
    short: 'KEDCO',
    colour: '#7d3c98',
    state: 'kano',
    lga: 'Nassarawa',
    streets: ['Zoo Road', 'Murtala Mohammed Way', 'Maiduguri Road'],
    kind: 'electricity',
  },
  {
    name: 'Yola Electricity Distribution',
    header: 'YOLA ELECTRICITY DISTRIBUTION COMPANY',
    short: 'YEDC',
    colour: '#117a65',
    state: 'adamawa',
    lga: 'Yola North',
    streets: ['Galadima Aminu Way', 'Mubi Road', 'Atiku Abubakar Road'],
    kind: 'electricity',
  },
  {
    name: 'Aba Power',
    header: 'ABA POWER LIMITED',
    short: 'APLE',
    colour: '#e67e22',
    state: 'abia',
    lga: 'Aba North',
    streets: ['Faulks Road', 'Asa Road', 'Ehi Road'],
    kind: 'electricity',
  },
  {
    name: 'LAWMA',
    header: 'LAGOS WASTE MANAGEMENT AUTHORITY (LAWMA)',
    short: 'LAWMA',
    colour: '#2e7d32',
    state: 'lagos',
    lga: 'Kosofe',
    streets: ['Ikorodu Road', 'Ogudu Road', 'Alapere Close'],
    kind: 'waste',
  },
  {
    name: 'Lagos Water Corporation',
    header: 'LAGOS WATER CORPORATION',
    short: 'LWC',
    colour: '#1565c0',
    state: 'lagos',
    lga: 'Lagos Mainland',
    streets: ['Herbert Macaulay Way', 'Murtala Muhammed Way', 'Commercial Avenue'],
    kind: 'water',
  },
];

type Kind = 'match' | 'other_name' | 'other_address' | 'other_number' | 'old' | 'blank' | 'wall';

/** 50 cases: 26 good bills, the rest each a reason for a warning. */
const plan: Kind[] = [
  ...Array<Kind>(26).fill('match'),
  ...Array<Kind>(8).fill('other_name'),
  ...Array<Kind>(4).fill('other_address'),
  ...Array<Kind>(4).fill('other_number'),
  ...Array<Kind>(4).fill('old'),
  ...Array<Kind>(2).fill('blank'),
  ...Array<Kind>(2).fill('wall'),
];

export interface BillCase {
  file: string;
  kind: Kind;
  /** Thresholds are chosen on `tune`; `held_out` only measures them. */
  split: 'tune' | 'held_out';
  claim: Claim;
  capturedAt: string;
  /** What is printed on the bill (null for a blank page or a wall). */
  bill: { issuer: string; name: string; address: string; date: string } | null;
  expected: CheckWarningCode[];
  width: number;
  height: number;
  bytes: number;
}

const titles = ['Mr', 'Mrs', 'Chief', 'Alhaji', 'Dr', 'Engr', 'Miss'];

/** How the bill prints the claimed name: as claimed, upper case, surname first, initials, titles. */
function printedName(r: DemoRandom, first: string, last: string): string {
  switch (r.int(0, 5)) {
    case 0:
      return `${first} ${last}`;
    case 1:
      return `${first} ${last}`.toUpperCase();
    case 2:
      return `${last.toUpperCase()} ${first}`;
    case 3:
      return `${r.pick(titles)} ${first} ${last}`;
    case 4:
      return `${first[0]}. ${last}`;
    default:
      return `${r.pick(titles).toUpperCase()} ${last.toUpperCase()}, ${first.toUpperCase()}`;
  }
}

const shortForms: Record<string, string> = {
  Street: 'St',
  Road: 'Rd',
  Close: 'Cl',
  Avenue: 'Ave',
  Crescent: 'Cres',
  Drive: 'Dr',
};

/** How the bill prints the claimed address: abbreviated or not, with "No." or not, upper case. */
function printedAddress(r: DemoRandom, number: string, street: string, lga: string): string {
  const words = street.split(' ');
  const last = words.at(-1)!;
  const s =
    r.chance(0.5) && shortForms[last]
      ? [...words.slice(0, -1), shortForms[last]].join(' ')
      : street;
  const n = r.chance(0.3) ? `No. ${number}` : number;
  const a = `${n} ${s}, ${lga}`;
  return r.chance(0.3) ? a.toUpperCase() : a;
}

const monthNames = Array.from({ length: 12 }, (_, m) =>
  new Date(Date.UTC(2000, m, 1)).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' }),
);
const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => d.toISOString().slice(0, 10);

/** The bill's date as bills print it. */
function printedDate(r: DemoRandom, d: Date): { label: string; text: string } {
  const day = d.getUTCDate();
  const m = d.getUTCMonth();
  const y = d.getUTCFullYear();
  switch (r.int(0, 4)) {
    case 0:
      return { label: 'Bill Date', text: `${pad(day)}/${pad(m + 1)}/${y}` };
    case 1:
      return { label: 'Bill Date', text: `${pad(day)}-${monthNames[m]!.slice(0, 3)}-${y}` };
    case 2:
      return { label: 'Billing Period', text: `${monthNames[m]} ${y}` };
    case 3:
      return { label: 'Date of Issue', text: `${day} ${monthNames[m]} ${y}` };
    default:
      return { label: 'Billing Month', text: `${monthNames[m]!.slice(0, 3).toUpperCase()} ${y}` };
  }
}

const naira = (n: number) =>
  `N${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const esc = (s: string) => s.replace(/[<>&]/g, (c) => `&#${c.charCodeAt(0)};`);

interface Printed {
  utility: Utility;
  name: string;
  address: string;
  date: { label: string; text: string };
  due: string;
  account: string;
  meter: string;
  amounts: number[];
}

/** The paper itself, in one of three layouts. */
function billHtml(r: DemoRandom, p: Printed, layout: number): string {
  const u = p.utility;
  const total = p.amounts.reduce((a, b) => a + b, 0);
  const charges = ['Previous Balance', 'Energy Charge', 'Fixed Charge', 'VAT (7.5%)'].map(
    (label, i) => `<tr><td>${label}</td><td class="n">${naira(p.amounts[i] ?? 0)}</td></tr>`,
  );
  const unit =
    u.kind === 'electricity'
      ? 'Electricity Bill'
      : u.kind === 'water'
        ? 'Water Bill'
        : 'Waste Collection Bill';
  const details = [
    ['Customer Name', esc(p.name)],
    ['Account No', p.account],
    [u.kind === 'electricity' ? 'Meter No' : 'Customer Ref', p.meter],
    ['Address', esc(p.address)],
    [p.date.label, p.date.text],
    ['Due Date', p.due],
  ];
  const rows = details.map(([k, v]) => `<tr><th>${k}:</th><td>${v}</td></tr>`).join('');
  const font = r.pick([
    'Arial, sans-serif',
    'Verdana, sans-serif',
    '"DejaVu Sans", sans-serif',
    'Georgia, serif',
  ]);
  const base = `font-family:${font}; color:#1b1b1b;`;
  if (layout === 0)
    return `<div class="paper" style="${base}">
      <div style="background:${u.colour};color:#fff;padding:18px 24px;font-size:26px;font-weight:bold">${esc(u.header)}</div>
      <div style="padding:14px 24px;font-size:21px;font-weight:bold">${unit}</div>
      <table class="d" style="margin:0 24px;font-size:19px">${rows}</table>
      <table class="c" style="margin:18px 24px;font-size:17px;width:calc(100% - 48px)">${charges.join('')}
        <tr style="font-weight:bold"><td>Total Amount Due</td><td class="n">${naira(total)}</td></tr></table>
      <div style="margin:12px 24px;font-size:13px;color:#555">Pay at any bank branch or online. Quote your account number. Thank you for your patronage.</div>
    </div>`;
  if (layout === 1)
    return `<div class="paper" style="${base}">
      <div style="display:flex;justify-content:space-between;align-items:center;padding:18px 24px;border-bottom:6px solid ${u.colour}">
        <div style="font-size:24px;font-weight:bold;color:${u.colour}">${esc(u.header)}</div>
        <div style="font-size:30px;font-weight:bold;color:${u.colour}">${u.short}</div></div>
      <div style="display:flex;padding:14px 24px;gap:20px">
        <table class="d" style="font-size:18px;flex:3">${rows}</table>
        <div style="flex:2;font-size:16px;border:2px solid ${u.colour};padding:10px">
          <div style="font-weight:bold">${unit.toUpperCase()}</div>
          <div>Tariff: ${r.pick(['R2', 'A1', 'R3', 'C1'])}</div><div>Band: ${r.pick(['A', 'B', 'C'])}</div>
          <div style="font-size:22px;font-weight:bold;margin-top:8px">${naira(total)}</div></div></div>
      <table class="c" style="margin:8px 24px;font-size:16px;width:calc(100% - 48px)">${charges.join('')}</table>
      <div style="background:${u.colour};height:16px;margin-top:18px"></div>
    </div>`;
  return `<div class="paper" style="${base}">
    <div style="text-align:center;padding:16px;font-size:25px;font-weight:bold;letter-spacing:1px">${esc(u.header)}</div>
    <div style="text-align:center;font-size:16px;color:#444">${unit} — Customer Copy</div>
    <hr style="border:0;border-top:3px double ${u.colour};margin:10px 24px">
    <div style="padding:4px 24px;font-size:19px;line-height:1.55">
      ${details.map(([k, v]) => `<div><b>${k}:</b> ${v}</div>`).join('')}</div>
    <table class="c" style="margin:14px 24px;font-size:16px;width:calc(100% - 48px)">${charges.join('')}
      <tr style="font-weight:bold"><td>AMOUNT PAYABLE</td><td class="n">${naira(total)}</td></tr></table>
  </div>`;
}

/** The scene around the paper: a table, a floor or a cloth, and the light falling unevenly. */
function sceneHtml(r: DemoRandom, width: number, height: number, paper: string): string {
  const hue = r.int(15, 40);
  const surface = r.pick([
    `repeating-linear-gradient(${r.int(0, 180)}deg, hsl(${hue},45%,${r.int(22, 40)}%) 0 ${r.int(6, 14)}px, hsl(${hue},40%,${r.int(28, 46)}%) ${r.int(14, 24)}px 34px)`,
    `repeating-linear-gradient(45deg, hsl(${r.int(0, 360)},30%,55%) 0 10px, hsl(${r.int(0, 360)},30%,45%) 10px 20px)`,
    `radial-gradient(circle at ${r.int(10, 90)}% ${r.int(10, 90)}%, hsl(${hue},20%,70%), hsl(${hue},25%,30%))`,
  ]);
  // The paper is laid out A4-like, 720 × 1000, and scaled to fill most of the frame.
  const scale = Math.min(
    (width * r.between(0.8, 0.96)) / 720,
    (height * r.between(0.86, 0.97)) / 1000,
  );
  const rx = r.between(-12, 12);
  const ry = r.between(-12, 12);
  const rz = r.between(-6, 6);
  const blur = r.between(0, 1.1);
  const light = `radial-gradient(ellipse at ${r.int(0, 100)}% ${r.int(0, 100)}%, rgba(255,255,240,${r.between(0, 0.25).toFixed(2)}), rgba(0,0,0,${r.between(0.15, 0.45).toFixed(2)}))`;
  return `<!doctype html><html><head><style>
    html,body{margin:0;width:${width}px;height:${height}px;overflow:hidden}
    body{background:${surface};display:flex;align-items:center;justify-content:center;perspective:${r.int(900, 1600)}px}
    .paper{background:#fbfaf4;width:720px;min-width:720px;height:1000px;min-height:1000px;box-shadow:0 8px 24px rgba(0,0,0,.45);
      transform:rotateX(${rx.toFixed(1)}deg) rotateY(${ry.toFixed(1)}deg) rotateZ(${rz.toFixed(1)}deg) scale(${scale.toFixed(3)});
      filter:blur(${blur.toFixed(2)}px);flex:none}
    table{border-collapse:collapse} th{text-align:left;padding:3px 12px 3px 0;white-space:nowrap;vertical-align:top}
    td{padding:3px 0} .c td{border-bottom:1px solid #ccc;padding:4px 0} .n{text-align:right}
    .light{position:fixed;inset:0;background:${light};pointer-events:none}
  </style></head><body>${paper}<div class="light"></div></body></html>`;
}

/** A plastered wall with stains: no paper at all. */
function wallHtml(r: DemoRandom, width: number, height: number): string {
  const spots = Array.from(
    { length: 40 },
    () =>
      `radial-gradient(circle at ${r.int(0, 100)}% ${r.int(0, 100)}%, rgba(60,50,40,${r.between(0.05, 0.3).toFixed(2)}) 0, transparent ${r.int(2, 12)}%)`,
  ).join(',');
  return `<!doctype html><html><body style="margin:0;width:${width}px;height:${height}px;background:${spots},
    repeating-linear-gradient(${r.int(0, 180)}deg, hsl(${r.int(20, 50)},20%,${r.int(60, 80)}%) 0 3px, hsl(${r.int(20, 50)},18%,${r.int(55, 75)}%) 3px 7px)"></body></html>`;
}

/** As src/capture/image.ts encodes: quality 0.85, stepping down until at most 300 KB. */
async function wizardJpeg(png: Buffer): Promise<Buffer> {
  let last = Buffer.alloc(0);
  for (const q of jpegQualities) {
    last = await sharp(png)
      .jpeg({ quality: Math.round(q * 100) })
      .toBuffer();
    if (last.length <= maxPhotoBytes) break;
  }
  return last;
}

function addDays(d: Date, days: number) {
  return new Date(d.getTime() + days * 86_400_000);
}

/**
 * `side`: the photo's long side; the wizard's by default, larger to measure what it would gain.
 * `seed`: another one draws other bills of the same kinds, a fresh set to check a change on that
 * nothing was tuned on (the set in tests/fixtures/bills/ is the default's).
 * `neighbours`: the "other number" bills print a house next door (1 or 2 away, as a neighbour's
 * bill would) rather than 3 to 40 away; the default set is drawn as before.
 */
export async function makeBillSet(
  dir = billSetDir,
  side = maxPhotoSide,
  seed = 9_000,
  options: { neighbours?: boolean } = {},
) {
  mkdirSync(dir, { recursive: true });
  for (const f of readdirSync(dir)) if (f.endsWith('.jpg')) rmSync(path.join(dir, f));
  const browser = await launchChromium();
  const cases: BillCase[] = [];
  try {
    const page = await browser.newPage();
    for (const [i, kind] of plan.entries()) {
      const r = demoRandom(seed + i);
      const u = utilities[i % utilities.length]!;
      const first = r.pick(firstNames);
      const last = r.pick(lastNames);
      const street = r.pick(u.streets);
      const number = String(r.int(1, 120)) + (r.chance(0.15) ? r.pick(['A', 'B']) : '');
      const claimAddress = `${r.chance(0.3) ? 'No. ' : ''}${number} ${street}, ${u.lga}`;
      const claim: Claim = {
        subjectName: `${first} ${last}`,
        address: claimAddress,
        stateAlias: u.state,
        lga: u.lga,
      };
      const capturedAt = new Date(
        Date.UTC(2026, r.int(0, 10), r.int(1, 28), r.int(8, 17), r.int(0, 59)),
      );
      const billDate = addDays(capturedAt, kind === 'old' ? -r.int(135, 300) : -r.int(3, 50));
      let name = printedName(r, first, last);
      let address = printedAddress(r, number, street, u.lga);
      if (kind === 'other_name') {
        const others = firstNames.filter((f) => f !== first);
        const otherLast = lastNames.filter((l) => l !== last);
        name = printedName(r, r.pick(others), r.pick(otherLast));
      }
      if (kind === 'other_address') {
        const otherStreet = utilities[(i + 5) % utilities.length]!.streets[0]!;
        address = printedAddress(r, String(r.int(1, 120)), otherStreet, u.lga);
      }
      if (kind === 'other_number') {
        const n = Number.parseInt(number, 10);
        const other = options.neighbours
          ? String(n > 2 && r.chance(0.5) ? n - r.int(1, 2) : n + r.int(1, 2))
          : String(((n + r.int(3, 40)) % 150) + 1);
        address = printedAddress(r, other, street, u.lga);
      }
      const portrait = r.chance(0.7);
      // The camera's 16:9 frame, held upright or sideways.
      const short = Math.round((side * 9) / 16);
      const width = portrait ? short : side;
      const height = portrait ? side : short;
      await page.setViewportSize({ width, height });
      const printed: Printed = {
        utility: u,
        name,
        address,
        date: printedDate(r, billDate),
        due: `${pad(addDays(billDate, 14).getUTCDate())}/${pad(addDays(billDate, 14).getUTCMonth() + 1)}/${addDays(billDate, 14).getUTCFullYear()}`,
        account: `${r.int(10, 99)}/${r.int(10, 99)}/${r.int(10, 99)}/${r.int(1000, 9999)}-01`,
        meter: String(r.int(10_000_000, 99_999_999)) + String(r.int(100, 999)),
        amounts: [r.int(0, 20_000), r.int(3_000, 45_000), r.int(500, 1_500), r.int(200, 3_000)],
      };
      const html =
        kind === 'wall'
          ? wallHtml(r, width, height)
          : sceneHtml(
              r,
              width,
              height,
              kind === 'blank' ? '<div class="paper"></div>' : billHtml(r, printed, i % 3),
            );
      await page.setContent(html);
      const png = await page.screenshot({ type: 'png' });
      const jpeg = await wizardJpeg(png);
      const file = `bill-${String(i + 1).padStart(2, '0')}-${kind}.jpg`;
      writeFileSync(path.join(dir, file), jpeg);
      const expected: CheckWarningCode[] =
        kind === 'blank' || kind === 'wall'
          ? ['bill_unreadable']
          : kind === 'other_name'
            ? ['bill_name_mismatch']
            : kind === 'other_address' || kind === 'other_number'
              ? ['bill_address_mismatch']
              : kind === 'old'
                ? ['bill_too_old']
                : [];
      cases.push({
        file,
        kind,
        split: i % 2 === 0 ? 'tune' : 'held_out',
        claim,
        capturedAt: capturedAt.toISOString(),
        bill:
          kind === 'blank' || kind === 'wall'
            ? null
            : { issuer: u.name, name, address, date: iso(billDate) },
        expected,
        width,
        height,
        bytes: jpeg.length,
      });
    }
  } finally {
    await browser.close();
  }
  const truth = path.join(dir, 'truth.json');
  writeFileSync(truth, await format(JSON.stringify(cases), { filepath: truth }));
  return cases;
}

/**
 * BILL_SET_DIR and BILL_SET_SEED: a fresh set elsewhere (bench/bills.ts reads BILL_SET_DIR).
 * BILL_SET_NEIGHBOURS=1: its "other number" bills are a neighbour's (see makeBillSet).
 */
if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.env.BILL_SET_DIR ?? billSetDir;
  const seed = process.env.BILL_SET_SEED ? Number(process.env.BILL_SET_SEED) : undefined;
  const cases = await makeBillSet(dir, maxPhotoSide, seed, {
    neighbours: process.env.BILL_SET_NEIGHBOURS === '1',
  });
  const bytes = cases.reduce((a, c) => a + c.bytes, 0);
  console.log(`${cases.length} bills, ${(bytes / 1024 / 1024).toFixed(1)} MB, in ${dir}`);
}
