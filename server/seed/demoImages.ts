import sharp from 'sharp';
import { demoRandom, type DemoRandom } from './demoRandom';

/**
 * Plausible evidence pictures drawn as SVG and encoded as JPEG by sharp: each differs in layout,
 * colours and text, so that no two demo jobs look alike to the near-duplicate check (dHash).
 */

const xml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

const hsl = (h: number, s: number, l: number) => `hsl(${Math.round(h)},${s}%,${l}%)`;

const jpeg = (svg: string, quality = 78) => sharp(Buffer.from(svg)).jpeg({ quality }).toBuffer();

/** Things lying about (a phone, a cup, a bag): light or dark blocks that set photos apart. */
const clutter = (r: DemoRandom, w: number, h: number, n: number) =>
  Array.from({ length: n }, () => {
    const fill = hsl(r.between(0, 360), r.int(0, 60), r.pick([8, 15, 70, 85, 95]));
    const x = r.between(0, w - 60);
    const y = r.between(0, h - 60);
    return r.chance(0.5)
      ? `<rect x="${x}" y="${y}" width="${r.between(40, 170)}" height="${r.between(40, 170)}" rx="8" fill="${fill}"/>`
      : `<circle cx="${x}" cy="${y}" r="${r.between(25, 80)}" fill="${fill}"/>`;
  }).join('');

const skinTones = ['#8d5524', '#6b4226', '#a0663c', '#5a3825', '#7b4b2a', '#c68642'];
const clothes = ['#1f6f43', '#b5342c', '#2c4f9e', '#d4a017', '#6a2c70', '#0f7b8a', '#333333'];

/**
 * A portrait taken with the front camera: a face, a garment, a wall or street behind. The face is
 * large, shaded (eye sockets, nose, cheeks, the chin's shadow) and the picture grained, so that the
 * face check's detector takes it for one face (bench/faces.ts), not for flat shapes; it takes the
 * same draws from `r` as the flat drawing did, so the house and bill photos drawn after it are the
 * same pictures as before.
 */
export function selfiePhoto(r: DemoRandom) {
  const w = 480;
  const h = 640;
  const x0 = r.between(170, 310);
  const cy = r.between(230, 330);
  const f0 = r.between(95, 135);
  // Size, place and tilt from a generator of their own, so that `r` keeps its sequence.
  const own = demoRandom(Math.floor(x0 * 1e6));
  const f = f0 * own.between(1.3, 1.5);
  const cx = Math.min(w - f, Math.max(f, x0 + own.between(-70, 70)));
  const wall = hsl(r.between(0, 360), r.int(10, 50), r.int(25, 85));
  const skin = r.pick(skinTones);
  const cloth = r.pick(clothes);
  // The features sit a little above the middle of the face, as they do.
  const ey = cy - f * 0.15;
  const headTie = r.chance(0.4)
    ? `<path d="M${cx - f * 1.1},${cy - f * 0.55} Q${cx},${cy - f * 2.1} ${cx + f * 1.15},${cy - f * 0.5} Z" fill="${r.pick(clothes)}"/>`
    : `<path d="M${cx - f * 0.9},${cy - f * 0.3} Q${cx - f * 0.95},${cy - f * 1.4} ${cx},${cy - f * 1.3} Q${cx + f * 0.95},${cy - f * 1.4} ${cx + f * 0.9},${cy - f * 0.3} Q${cx + f * 0.7},${cy - f * 0.95} ${cx},${cy - f * 0.9} Q${cx - f * 0.7},${cy - f * 0.95} ${cx - f * 0.9},${cy - f * 0.3} Z" fill="#120c08"/>`;
  const stripes = Array.from(
    { length: r.int(2, 7) },
    (_, i) =>
      `<rect x="${(i * w) / 4 + r.between(-40, 40)}" y="0" width="${r.between(15, 90)}" height="${h}" fill="${hsl(r.between(0, 360), 20, r.int(20, 90))}" opacity="0.55"/>`,
  ).join('');
  const soft = (x: number, y: number, rx: number, ry: number, fill: string, opacity: number) =>
    `<ellipse cx="${x}" cy="${y}" rx="${rx}" ry="${ry}" fill="${fill}" opacity="${opacity}" filter="url(#soft)"/>`;
  const eye = (x: number) => `${soft(x, ey - f * 0.03, f * 0.26, f * 0.16, '#000', 0.35)}
    <ellipse cx="${x}" cy="${ey}" rx="${f * 0.15}" ry="${f * 0.075}" fill="#b9aa9c"/>
    <circle cx="${x}" cy="${ey}" r="${f * 0.07}" fill="#3a2314"/>
    <circle cx="${x}" cy="${ey}" r="${f * 0.035}" fill="#080404"/>
    <path d="M${x - f * 0.2},${ey - f * 0.23} Q${x},${ey - f * 0.33} ${x + f * 0.2},${ey - f * 0.22}" stroke="#140c08" stroke-width="${f * 0.07}" fill="none" stroke-linecap="round"/>`;
  return jpeg(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
    <defs>
      <radialGradient id="skin" cx="50%" cy="42%" r="62%"><stop offset="55%" stop-color="${skin}"/><stop offset="100%" stop-color="#1a0d06"/></radialGradient>
      <filter id="soft"><feGaussianBlur stdDeviation="${f * 0.05}"/></filter>
      <filter id="lens"><feGaussianBlur stdDeviation="1.2"/></filter>
      <filter id="grain"><feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="2" seed="${Math.round(cx)}"/><feColorMatrix type="saturate" values="0"/></filter>
    </defs>
    <rect width="${w}" height="${h}" fill="${wall}"/>${stripes}${clutter(r, w, h, 2)}
    <rect x="${r.between(-60, 300)}" y="${r.between(20, 200)}" width="${r.between(90, 200)}" height="${r.between(120, 260)}" fill="${hsl(r.between(180, 230), 40, r.int(55, 90))}" opacity="0.8"/>
    <ellipse cx="${cx}" cy="${cy + f * 3}" rx="${f * 2.1}" ry="${f * 1.6}" fill="${cloth}"/>
    <rect x="${cx - f * 0.3}" y="${cy + f * 0.8}" width="${f * 0.6}" height="${f * 0.8}" fill="${skin}"/>
    ${soft(cx, cy + f * 0.95, f * 0.4, f * 0.25, '#000', 0.45)}
    <g filter="url(#lens)" transform="rotate(${own.between(-8, 8).toFixed(1)} ${cx} ${cy + f})">
      <ellipse cx="${cx - f * 0.86}" cy="${ey + f * 0.1}" rx="${f * 0.14}" ry="${f * 0.24}" fill="${skin}"/>
      <ellipse cx="${cx + f * 0.86}" cy="${ey + f * 0.1}" rx="${f * 0.14}" ry="${f * 0.24}" fill="${skin}"/>
      <ellipse cx="${cx}" cy="${cy - f * 0.1}" rx="${f * 0.85}" ry="${f * 1.05}" fill="url(#skin)"/>
      ${soft(cx, ey + f * 0.1, f * 0.09, f * 0.32, '#fff', 0.18)}
      ${soft(cx - f * 0.45, ey + f * 0.3, f * 0.2, f * 0.14, '#fff', 0.12)}
      ${soft(cx + f * 0.45, ey + f * 0.3, f * 0.2, f * 0.14, '#fff', 0.12)}
      ${soft(cx, ey - f * 0.5, f * 0.45, f * 0.18, '#fff', 0.12)}
      ${eye(cx - f * 0.33)}${eye(cx + f * 0.33)}
      <path d="M${cx - f * 0.04},${ey + f * 0.05} L${cx - f * 0.14},${ey + f * 0.39} Q${cx},${ey + f * 0.47} ${cx + f * 0.14},${ey + f * 0.39}" stroke="#000" stroke-opacity="0.35" stroke-width="${f * 0.04}" fill="none" filter="url(#soft)"/>
      <ellipse cx="${cx - f * 0.09}" cy="${ey + f * 0.41}" rx="${f * 0.05}" ry="${f * 0.03}" fill="#120804" opacity="0.8"/>
      <ellipse cx="${cx + f * 0.09}" cy="${ey + f * 0.41}" rx="${f * 0.05}" ry="${f * 0.03}" fill="#120804" opacity="0.8"/>
      <path d="M${cx - f * 0.3},${ey + f * 0.65} Q${cx},${ey + f * 0.57} ${cx + f * 0.3},${ey + f * 0.65} Q${cx},${ey + f * r.between(0.75, 0.9)} ${cx - f * 0.3},${ey + f * 0.65} Z" fill="#5b2a22"/>
      <path d="M${cx - f * 0.3},${ey + f * 0.65} Q${cx},${ey + f * 0.69} ${cx + f * 0.3},${ey + f * 0.65}" stroke="#200c08" stroke-width="${f * 0.03}" fill="none"/>
      ${headTie}
    </g>
    <rect width="${w}" height="${h}" filter="url(#grain)" opacity="0.18"/>
  </svg>`);
}

/** Shrubs and a parked car along the front of the plot. */
const bushes = (r: DemoRandom, w: number, ground: number) =>
  Array.from({ length: r.int(1, 4) }, () =>
    r.chance(0.7)
      ? `<circle cx="${r.between(0, w)}" cy="${ground + r.between(0, 40)}" r="${r.between(20, 55)}" fill="${hsl(r.between(90, 140), r.int(30, 60), r.int(15, 40))}"/>`
      : `<rect x="${r.between(0, w - 150)}" y="${ground + r.between(20, 70)}" width="150" height="55" rx="18" fill="${hsl(r.between(0, 360), r.int(0, 70), r.pick([10, 30, 80, 92]))}"/>`,
  ).join('');

/** The house at the address: walls, roof, windows with burglar bars, a gate, the number. */
export function housePhoto(r: DemoRandom, houseNumber: string) {
  const w = 640;
  const h = 480;
  const horizon = r.between(220, 330);
  const x = r.between(20, 260);
  const bw = r.between(260, 380);
  const top = horizon - r.between(90, 170);
  const wall = hsl(r.between(20, 60), r.int(20, 60), r.int(60, 88));
  const roof = r.pick(['#6e6e6e', '#8b2e1f', '#4a3b2a', '#2f4f6f', '#9a9a9a']);
  const windows = Array.from({ length: r.int(2, 4) }, (_, i) => {
    const wx = x + 20 + (i * (bw - 60)) / 3;
    const wy = top + r.between(20, 50);
    const bars = [1, 2, 3]
      .map(
        (k) =>
          `<line x1="${wx + k * 12}" y1="${wy}" x2="${wx + k * 12}" y2="${wy + 55}" stroke="#222" stroke-width="3"/>`,
      )
      .join('');
    return `<rect x="${wx}" y="${wy}" width="48" height="55" fill="#27323a"/>${bars}`;
  }).join('');
  const palm = r.chance(0.5)
    ? `<rect x="${x + bw + r.between(20, 120)}" y="${horizon - 200}" width="12" height="230" fill="#6b4f2a"/>
       <ellipse cx="${x + bw + r.between(20, 120)}" cy="${horizon - 200}" rx="80" ry="28" fill="#2f7d32"/>`
    : '';
  return jpeg(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
    <rect width="${w}" height="${horizon}" fill="${hsl(r.between(195, 215), r.int(30, 70), r.int(55, 85))}"/>
    <rect y="${horizon}" width="${w}" height="${h - horizon}" fill="${hsl(r.between(10, 30), r.int(35, 60), r.int(30, 50))}"/>
    <rect x="${x}" y="${top}" width="${bw}" height="${horizon - top + 20}" fill="${wall}"/>
    <polygon points="${x - 20},${top} ${x + bw / 2},${top - r.between(40, 90)} ${x + bw + 20},${top}" fill="${roof}"/>
    ${windows}
    <rect x="${x + bw / 2 - 25}" y="${horizon - 60}" width="50" height="80" fill="#5a3a22"/>
    <rect x="0" y="${horizon + 10}" width="${w}" height="${r.between(20, 60)}" fill="${hsl(r.between(0, 360), 10, r.int(40, 80))}" opacity="0.7"/>
    ${palm}
    ${bushes(r, w, horizon)}
    <rect x="${x + 10}" y="${top + 8}" width="90" height="30" fill="#0d47a1"/>
    <text x="${x + 18}" y="${top + 30}" font-family="sans-serif" font-size="20" fill="#fff">No. ${xml(houseNumber)}</text>
  </svg>`);
}

/**
 * A printed electricity bill on a table, with the customer's name and address: the paper fills
 * most of the photo and lies nearly straight, as the capture wizard asks, so that the bill reader
 * (services/checks/bill.ts) can read it.
 */
export function utilityBillPhoto(
  r: DemoRandom,
  bill: { disco: string; customer: string; address: string; month: string; amount: string },
) {
  const w = 640;
  const h = 480;
  const pw = r.between(500, 600);
  const px = r.between(4, w - pw - 4);
  const py = r.between(0, 60);
  const angle = r.between(-3, 3);
  const band = hsl(r.between(0, 360), r.int(50, 80), r.int(15, 45));
  const bandH = r.between(40, 70);
  const account = String(r.int(10_000_000, 99_999_999)) + String(r.int(100, 999));
  const size = r.pick([16, 17, 18]);
  const line = (y: number, text: string, bigger = 0, weight = 'normal') =>
    `<text x="${px + 18}" y="${py + bandH + y}" font-family="sans-serif" font-size="${size + bigger}" font-weight="${weight}" fill="#1a1a1a">${xml(text)}</text>`;
  const rows = Array.from(
    { length: r.int(2, 6) },
    (_, i) =>
      `<rect x="${px + 18}" y="${py + bandH + 205 + i * r.between(16, 26)}" width="${r.between(pw * 0.3, pw - 36)}" height="${r.int(8, 14)}" fill="${hsl(r.between(0, 360), r.int(0, 40), r.int(55, 90))}"/>`,
  ).join('');
  return jpeg(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
    <rect width="${w}" height="${h}" fill="${hsl(r.between(15, 40), r.int(25, 55), r.int(12, 60))}"/>
    ${clutter(r, w, h, 3)}
    <g transform="rotate(${angle.toFixed(1)} ${px + pw / 2} ${py + 230})">
      <rect x="${px}" y="${py}" width="${pw}" height="${h - py + 40}" fill="#fbfaf5"/>
      <rect x="${px}" y="${py}" width="${pw}" height="${bandH}" fill="${band}"/>
      <text x="${px + 18}" y="${py + bandH / 2 + 8}" font-family="sans-serif" font-size="21" font-weight="bold" fill="#fff">${xml(bill.disco)}</text>
      ${line(35, 'ELECTRICITY BILL', 2, 'bold')}
      ${line(65, `Customer Name: ${bill.customer}`)}
      ${line(92, `Address: ${bill.address}`)}
      ${line(119, `Account No: ${account}`)}
      ${line(146, `Billing Month: ${bill.month}`)}
      ${line(182, `Amount due: ${bill.amount}`, 3, 'bold')}
      ${rows}
      <circle cx="${px + r.between(60, pw - 60)}" cy="${py + r.between(330, 420)}" r="${r.between(22, 60)}" fill="${r.chance(0.5) ? 'none' : hsl(r.between(0, 360), 40, 80)}" stroke="${band}" stroke-width="4"/>
    </g>
    <g transform="translate(0 ${py + bandH + 200})">${clutter(r, w, h - py - bandH - 200, 3)}</g>
    <defs><linearGradient id="light" gradientTransform="rotate(${r.int(0, 359)} 0.5 0.5)">
      <stop offset="0" stop-color="#000" stop-opacity="${r.between(0.3, 0.65).toFixed(2)}"/>
      <stop offset="${r.between(0.3, 0.8).toFixed(2)}" stop-color="#000" stop-opacity="0"/>
      <stop offset="1" stop-color="#fff" stop-opacity="${r.between(0, 0.2).toFixed(2)}"/>
    </linearGradient></defs>
    <rect width="${w}" height="${h}" fill="url(#light)"/>
  </svg>`);
}

/** A scanned form attached to a job when it was created. */
export function consentFormScan(r: DemoRandom, subject: string, company: string) {
  const w = 640;
  const h = 480;
  const lines = Array.from(
    { length: r.int(6, 10) },
    (_, i) =>
      `<rect x="60" y="${170 + i * 24}" width="${r.between(300, 520)}" height="9" fill="#c9c9c9"/>`,
  ).join('');
  return jpeg(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
      <rect width="${w}" height="${h}" fill="#f4f3ee"/>
      <text x="60" y="70" font-family="serif" font-size="24" font-weight="bold" fill="#222">${xml(company)}</text>
      <text x="60" y="110" font-family="sans-serif" font-size="17" fill="#222">Customer consent to address verification</text>
      <text x="60" y="140" font-family="sans-serif" font-size="15" fill="#333">Name: ${xml(subject)}</text>
      ${lines}
      <path d="M70,${430 - r.between(0, 20)} q30,-30 60,0 t60,0 t50,-10" stroke="#1a237e" stroke-width="3" fill="none"/>
    </svg>`,
    70,
  );
}
