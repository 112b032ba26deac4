/**
 * Notices of loss made for the tests and the benchmark (issue #40 item 4), not checked in: each letter is
 * drawn from a seed — layout (typed letter, form with boxes, handwriting-like font), language (de/en), a
 * policy of the sandbox's seed customers in force, a loss date in one of the written forms, a cause, an
 * estimate, sometimes a damage address, a second date or a second amount, sometimes turned — and rendered
 * to a scanned-like grey PNG (SVG text through sharp/librsvg with the system's fonts, blur, noise, skew).
 * `truth` is what a clerk would type into the sandbox's create-case form.
 *
 * The held-out set is `HELD_OUT_SEEDS`: it was never run while the rules were written (docs/benchmarks.md).
 */
import sharp from 'sharp';
import { SEED_CUSTOMERS } from '../../../../sandbox/seed/seed-customers';
import { prng } from '../../capture/test-support/synthetic-scan';

export const DEV_SEEDS = Array.from({ length: 30 }, (_, i) => 1 + i);
export const HELD_OUT_SEEDS = Array.from({ length: 24 }, (_, i) => 7001 + i);

export type Layout = 'letter' | 'form' | 'handwriting';
export type Lang = 'de' | 'en';

export interface NoticeTruth {
  policyNumber: string;
  lossDate: string;
  caseType: string;
  cause: string;
  amount: number;
  firstName: string;
  lastName: string;
  street: string;
  postalCode: string;
  city: string;
  /** The letter's sentence about the damage (the description must contain it). */
  damageSentence: string;
}

export interface NoticeLetter {
  seed: number;
  layout: Layout;
  lang: Lang;
  turn: 0 | 90 | 180 | 270;
  twoDates: boolean;
  twoAmounts: boolean;
  /** Lines as printed (form layouts: label/value pairs flattened), for reading a failure. */
  lines: string[];
  truth: NoticeTruth;
  render: { boxes: { label: string; value: string[] }[]; header: string[]; body: string[]; footer: string[] };
}

const MONTHS_DE = [
  'Januar',
  'Februar',
  'März',
  'April',
  'Mai',
  'Juni',
  'Juli',
  'August',
  'September',
  'Oktober',
  'November',
  'Dezember',
];
const MONTHS_EN = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const CAUSE_TEXT: Record<string, Record<Lang, string[]>> = {
  Leitungswasser: {
    de: [
      'In der Küche ist ein Wasserrohr geplatzt und das Leitungswasser hat den Boden und die Schränke beschädigt.',
      'Durch einen Rohrbruch im Badezimmer ist Wasser ausgetreten und hat die Decke der Wohnung darunter durchnässt.',
    ],
    en: [
      'A water pipe burst in the kitchen and the water damaged the floor and the cupboards.',
      'A burst pipe in the bathroom soaked the ceiling of the flat below.',
    ],
  },
  Sturm: {
    de: [
      'Der Sturm hat mehrere Dachziegel abgedeckt und Regen ist in das Dachgeschoss eingedrungen.',
      'Während des Sturms ist ein Baum auf unsere Garage gestürzt und hat das Dach beschädigt.',
    ],
    en: [
      'The storm blew several tiles off the roof and rain came into the attic.',
      'During the storm a tree fell onto our garage and damaged the roof.',
    ],
  },
  Hagel: {
    de: ['Ein schwerer Hagelschauer hat die Markise und die Dachrinne beschädigt.'],
    en: ['A heavy hail shower damaged the awning and the gutter.'],
  },
  Feuer: {
    de: ['In der Küche ist ein Brand ausgebrochen; Ruß und Rauch haben Wände und Möbel beschädigt.'],
    en: ['A fire broke out in the kitchen and smoke damaged the walls and the furniture.'],
  },
  Einbruchdiebstahl: {
    de: ['Unbekannte sind in unsere Wohnung eingebrochen, haben die Terrassentür aufgehebelt und Schmuck gestohlen.'],
    en: ['Burglars broke into our flat through the patio door and stole jewellery and a laptop.'],
  },
  Glasbruch: {
    de: ['Die große Fensterscheibe im Wohnzimmer ist zersprungen, die Glasscherben haben das Parkett zerkratzt.'],
    en: ['The large window pane in the living room shattered and the broken glass scratched the floor.'],
  },
};

const OTHER_PLACES = [
  ['Gartenweg 4', '21073', 'Hamburg'],
  ['Am Markt 17', '37073', 'Göttingen'],
  ['Bergstraße 22', '69120', 'Heidelberg'],
  ['Seeweg 3', '82319', 'Starnberg'],
  ['Mühlenstraße 8', '24937', 'Flensburg'],
];

function pick<T>(rnd: () => number, items: readonly T[]): T {
  return items[Math.floor(rnd() * items.length)]!;
}

const pad = (n: number) => String(n).padStart(2, '0');

function dateText(rnd: () => number, iso: string, lang: Lang): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const forms =
    lang === 'de'
      ? [`${pad(d)}.${pad(m)}.${y}`, `${d}. ${MONTHS_DE[m - 1]} ${y}`, `${d}.${m}.${y}`]
      : [`${MONTHS_EN[m - 1]} ${d}, ${y}`, `${d} ${MONTHS_EN[m - 1]} ${y}`, `${pad(d)}.${pad(m)}.${y}`];
  return pick(rnd, forms);
}

function amountText(rnd: () => number, amount: number, lang: Lang): string {
  const whole = Math.floor(amount);
  const cents = Math.round((amount - whole) * 100);
  const group = (sep: string) => String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  const wantCents = cents !== 0 || rnd() < 0.5;
  return lang === 'de'
    ? `${group('.')}${wantCents ? `,${pad(cents)}` : ''}`
    : `${group(',')}${wantCents ? `.${pad(cents)}` : ''}`;
}

function isoPlus(iso: string, days: number): string {
  const t = new Date(`${iso}T00:00:00Z`).getTime() + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/** Seed customers' property and motor policies in force on `today` (as the sandbox will say). */
function policiesInForce(today: string) {
  return SEED_CUSTOMERS.flatMap((c) =>
    c.policies
      .filter((p) => !p.cancelled && p.startDate <= '2026-01-01' && (p.endDate === null || p.endDate > today))
      .filter((p) => /^(HR|WG|KF)-/.test(p.number))
      .map((p) => ({ customer: c, policy: p })),
  );
}

function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + word.length + 1 > width) {
      out.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) out.push(line);
  return out;
}

export function noticeLetter(seed: number, today = '2026-11-28'): NoticeLetter {
  const rnd = prng(Math.imul(seed, 2_654_435_761) >>> 1);
  for (let i = 0; i < 4; i++) rnd(); // neighbouring seeds start alike
  const layout = pick<Layout>(rnd, ['letter', 'letter', 'form', 'handwriting']);
  const lang = pick<Lang>(rnd, ['de', 'de', 'en']);
  const turn = rnd() < 0.2 ? pick(rnd, [90, 180, 270] as const) : 0;
  const twoDates = rnd() < 0.3;
  const twoAmounts = rnd() < 0.3;
  const { customer, policy } = pick(rnd, policiesInForce(today));
  const motor = policy.number.startsWith('KF');
  const cause = motor ? pick(rnd, ['Hagel', 'Glasbruch', 'Sturm', 'Feuer']) : pick(rnd, Object.keys(CAUSE_TEXT));
  const lossDate = `2026-${pad(1 + Math.floor(rnd() * 10))}-${pad(1 + Math.floor(rnd() * 28))}`;
  const letterDate = isoPlus(lossDate, 2 + Math.floor(rnd() * 9));
  const amount = pick(rnd, [1, 1, 0])
    ? Math.round(300 + rnd() * 9000) + pick(rnd, [0, 0, 0.5, 0.9])
    : Math.round(150 + rnd() * 800);
  const [name, address] = [customer.fullName, customer.address];
  const parts = name.split(' ');
  const insured = /^(.+),\s*(\d[\d ]{2,8}\d)\s+(\D.*)$/.exec(address)!;
  const givesPlace = rnd() < 0.5;
  const place = givesPlace ? pick(rnd, OTHER_PLACES) : [insured[1]!, insured[2]!.replace(/\s/g, ''), insured[3]!];
  const damageSentence = pick(rnd, CAUSE_TEXT[cause]![lang]);
  const de = lang === 'de';
  const d = dateText(rnd, lossDate, lang);
  const amt = amountText(rnd, amount, lang);
  const town = insured[3]!.split(' ')[0]!;

  const dateSentence = pick(
    rnd,
    de
      ? [`Am ${d} ereignete sich folgender Schaden:`, `Am ${d} kam es zu einem Schaden.`, `Schadentag: ${d}`]
      : [`On ${d} the following loss occurred:`, `Date of loss: ${d}`, `The damage happened on ${d}.`],
  );
  const amountSentence = pick(
    rnd,
    de
      ? [
          `Die Reparatur wird laut Kostenvoranschlag rund ${amt} € kosten.`,
          `Geschätzte Schadenhöhe: ${amt} EUR`,
          `Den Schaden schätzen wir auf etwa ${amt} Euro.`,
        ]
      : [
          `The repair is estimated at EUR ${amt}.`,
          `Estimated amount: € ${amt}`,
          `We estimate the cost at about ${amt} EUR.`,
        ],
  );
  const secondAmount = amountText(rnd, pick(rnd, [150, 250, 300, 500]), lang);
  const extraAmount = pick(
    rnd,
    de
      ? [
          `Unsere Selbstbeteiligung beträgt ${secondAmount} €.`,
          `Eine Anzahlung von ${secondAmount} € an den Handwerker haben wir bereits bezahlt.`,
        ]
      : [
          `Our deductible is EUR ${secondAmount}.`,
          `We have already paid a deposit of € ${secondAmount} to the contractor.`,
        ],
  );
  // A second date, each with its own meaning: the report (after the loss), an inspection (after today),
  // the policy's start (before the loss).
  const second = Math.floor(rnd() * 3);
  const other = dateText(rnd, [isoPlus(lossDate, 1), isoPlus(today, 20), policy.startDate][second]!, lang);
  const extraDate = (
    de
      ? [
          `Wir haben den Schaden am ${other} telefonisch gemeldet.`,
          `Ein Gutachter kann ab dem ${other} kommen.`,
          `Der Vertrag besteht seit dem ${other}.`,
        ]
      : [
          `We reported the loss by phone on ${other}.`,
          `An inspection is possible from ${other}.`,
          `The policy has been in force since ${other}.`,
        ]
  )[second]!;
  const placeLine = givesPlace
    ? `${de ? 'Schadenort' : 'Place of loss'}: ${place[0]}, ${place[1]} ${place[2]}`
    : undefined;
  const policyLine = `${pick(rnd, de ? ['Versicherungsnummer', 'Versicherungsschein-Nr.', 'Vertragsnummer'] : ['Policy number', 'Policy No.'])}: ${policy.number}`;

  const header = [
    name,
    address,
    '',
    de ? `${town}, den ${dateText(rnd, letterDate, lang)}` : `${town}, ${dateText(rnd, letterDate, lang)}`,
    '',
  ];
  const body = [
    de ? 'Schadenmeldung' : 'Notice of loss',
    policyLine,
    '',
    de ? 'Sehr geehrte Damen und Herren,' : 'Dear Sir or Madam,',
    '',
    dateSentence,
    damageSentence,
    ...(twoDates ? [extraDate] : []),
    amountSentence,
    ...(twoAmounts ? [extraAmount] : []),
    ...(placeLine ? [placeLine] : []),
    '',
    de ? 'Bitte melden Sie sich bei uns.' : 'Please contact us.',
    de ? 'Mit freundlichen Grüßen' : 'Kind regards',
    name,
  ];
  const boxes =
    layout === 'form'
      ? [
          { label: de ? 'Versicherungsnehmer' : 'Policyholder', value: [name] },
          { label: de ? 'Versicherungsnummer' : 'Policy number', value: [policy.number] },
          { label: de ? 'Schadentag' : 'Date of loss', value: [d] },
          ...(placeLine
            ? [{ label: de ? 'Schadenort' : 'Place of loss', value: [`${place[0]}, ${place[1]} ${place[2]}`] }]
            : []),
          { label: de ? 'Geschätzte Schadenhöhe' : 'Estimated amount', value: [`${amt} ${pick(rnd, ['€', 'EUR'])}`] },
          {
            label: de ? 'Schilderung des Schadenhergangs' : 'What happened',
            value: wrap(
              [damageSentence, ...(twoDates ? [extraDate] : []), ...(twoAmounts ? [extraAmount] : [])].join(' '),
              60,
            ),
          },
        ]
      : [];
  const footer =
    layout === 'form'
      ? [de ? `${town}, ${dateText(rnd, letterDate, lang)}` : `${town}, ${dateText(rnd, letterDate, lang)}`, name]
      : [];
  const lines = layout === 'form' ? [...boxes.flatMap((b) => [b.label, ...b.value]), ...footer] : [...header, ...body];
  return {
    seed,
    layout,
    lang,
    turn,
    twoDates,
    twoAmounts,
    lines,
    truth: {
      policyNumber: policy.number,
      lossDate,
      caseType: motor ? 'Motor' : 'Property',
      cause,
      amount,
      firstName: parts.slice(0, -1).join(' '),
      lastName: parts[parts.length - 1]!,
      street: place[0]!,
      postalCode: place[1]!,
      city: place[2]!,
      damageSentence,
    },
    render: {
      boxes,
      header: layout === 'form' ? [de ? 'Schadenmeldung' : 'Notice of loss'] : header,
      body: layout === 'form' ? [] : body,
      footer,
    },
  };
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The letter as an A4 page at `dpi`, as SVG (fonts: DejaVu Sans/Serif, Z003 for handwriting). */
export function noticeSvg(letter: NoticeLetter, dpi = 200): { svg: string; width: number; height: number } {
  const width = Math.round(8.27 * dpi);
  const height = Math.round(11.69 * dpi);
  const s = dpi / 200;
  const rnd = prng(5_000 + letter.seed);
  const font =
    letter.layout === 'handwriting' ? 'Z003' : pick(rnd, ['DejaVu Sans', 'DejaVu Serif', 'DejaVu Sans Condensed']);
  const size = (letter.layout === 'handwriting' ? 44 : 30) * s;
  const step = size * 1.55;
  const left = 150 * s;
  const parts: string[] = [`<rect width="100%" height="100%" fill="white"/>`];
  let y = 170 * s;
  const text = (x: number, line: string, sz = size, f = font) => {
    // Handwriting wanders a little off the line.
    const dy = letter.layout === 'handwriting' ? (rnd() - 0.5) * 6 * s : 0;
    parts.push(
      `<text x="${x}" y="${(y + dy).toFixed(1)}" font-family="${f}" font-size="${sz.toFixed(1)}">${esc(line)}</text>`,
    );
  };
  const wrapWidth = letter.layout === 'handwriting' ? 56 : 70;
  for (const line of letter.render.header) {
    if (line) text(left, line);
    y += step;
  }
  for (const para of letter.render.body) {
    if (!para) {
      y += step * 0.6;
      continue;
    }
    for (const line of wrap(para, wrapWidth)) {
      text(left, line);
      y += step;
    }
  }
  for (const box of letter.render.boxes) {
    text(left, box.label, 24 * s, 'DejaVu Sans');
    y += 14 * s;
    const h = box.value.length * step + 44 * s;
    parts.push(
      `<rect x="${left - 10 * s}" y="${y.toFixed(1)}" width="${(width - 2 * left + 20 * s).toFixed(1)}" height="${h.toFixed(1)}" fill="none" stroke="black" stroke-width="${2 * s}"/>`,
    );
    y += step * 1.1;
    for (const v of box.value) {
      text(left + 10 * s, v, size, pick(rnd, ['Z003', font]));
      y += step;
    }
    y += 50 * s;
  }
  y += step;
  for (const line of letter.render.footer) {
    text(left, line);
    y += step;
  }
  return {
    svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${parts.join('')}</svg>`,
    width,
    height,
  };
}

/** The letter as a scan: grey PNG with a small skew, blur and noise, turned when the letter is. */
export async function noticeScan(letter: NoticeLetter, dpi = 200): Promise<Buffer> {
  const { svg } = noticeSvg(letter, dpi);
  const rnd = prng(6_000 + letter.seed);
  const skew = (rnd() - 0.5) * 1.4;
  const flat = await sharp(Buffer.from(svg), { density: 72 })
    .flatten({ background: '#ffffff' })
    .rotate(skew, { background: '#ffffff' })
    .grayscale()
    .blur(0.3 + rnd() * 0.5)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const data = flat.data;
  const noise = 10 + rnd() * 14;
  for (let i = 0; i < data.length; i++)
    data[i] = Math.max(0, Math.min(255, data[i]! + (rnd() + rnd() + rnd() - 1.5) * noise));
  let img = sharp(data, { raw: { width: flat.info.width, height: flat.info.height, channels: 1 } });
  if (letter.turn) img = sharp(await img.png().toBuffer()).rotate(letter.turn);
  return img.toColourspace('b-w').withMetadata({ density: dpi }).png({ compressionLevel: 3 }).toBuffer();
}
