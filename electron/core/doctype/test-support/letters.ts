/**
 * Generated letters of an insurance office's inbox, per document type, with the shared boilerplate and
 * varied wording real letters have (greeting, addresses, numbers, dates), for measuring the type classifier
 * on held-out history and for the 20-letter day (test/e2e/clerk-day.test.ts). Seeded: the same seed gives
 * the same letters.
 */

export const LETTER_TYPES = ['INV', 'EST', 'POLICE', 'MED', 'CORR'] as const;
export type LetterType = (typeof LETTER_TYPES)[number];

const BODIES: Record<LetterType, string[]> = {
  INV: [
    'Rechnung Nr. {n} für die Reparatur',
    'Rechnungsbetrag {amount} EUR zahlbar innerhalb von 14 Tagen',
    'Wir berechnen Ihnen für ausgeführte Arbeiten',
    'Bitte überweisen Sie den Betrag auf unser Konto',
    'Leistungszeitraum und Umsatzsteuer ausgewiesen',
    'Zahlungsziel netto ohne Abzug',
  ],
  EST: [
    'Kostenvoranschlag für die Instandsetzung',
    'Voraussichtliche Kosten {amount} EUR zuzüglich Material',
    'Das Angebot ist vier Wochen gültig',
    'Geschätzte Arbeitszeit und Ersatzteile laut Aufstellung',
    'Unverbindliche Schätzung nach Besichtigung',
    'Angebot für Austausch und Trocknung',
  ],
  POLICE: [
    'Polizeiliche Unfallaufnahme Aktenzeichen {n}',
    'Die Dienststelle bestätigt die Anzeige',
    'Beteiligte Fahrzeuge und Zeugen wurden erfasst',
    'Polizeibericht zum Verkehrsunfall',
    'Ermittlungsverfahren wegen Sachbeschädigung eingeleitet',
    'Protokoll der Polizeiinspektion',
  ],
  MED: [
    'Ärztlicher Befund nach der Untersuchung',
    'Diagnose und Behandlung in der Praxis',
    'Arbeitsunfähigkeit bescheinigt bis auf Weiteres',
    'Attest der behandelnden Ärztin',
    'Die Patientin wurde ambulant behandelt',
    'Röntgenbefund und Therapieempfehlung',
  ],
  CORR: [
    'vielen Dank für Ihr Schreiben',
    'ich möchte Ihnen mitteilen dass sich meine Anschrift geändert hat',
    'bitte rufen Sie mich zurück wegen meines Schadens',
    'anbei sende ich Ihnen die gewünschten Unterlagen',
    'ich bitte um Auskunft zum Stand der Bearbeitung',
    'meine neue Telefonnummer lautet wie folgt',
  ],
};

const SHARED = [
  'Sehr geehrte Damen und Herren,',
  'Mit freundlichen Grüßen',
  'Versicherungsnummer: {policy}',
  'Schadentag: {date}',
  'Hamburg, den {date}',
];
const NAMES = ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Hoffmann'];
export const POLICIES = ['HR-100001', 'WG-200002', 'KF-300003', 'PH-400004'] as const;

/** A small seeded generator (mulberry32), so the letters are the same every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Letter {
  type: LetterType;
  policy: string;
  /** One line per entry (the e2e test makes a PDF page of them). */
  lines: string[];
}

/** `count` letters of each type, shuffled, from `seed`. */
export function letters(countPerType: number, seed: number, types: readonly LetterType[] = LETTER_TYPES): Letter[] {
  const rnd = random(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const out: Letter[] = [];
  for (const type of types) {
    for (let i = 0; i < countPerType; i++) {
      const policy = pick(POLICIES);
      const fill = (s: string) =>
        s
          .replace('{n}', String(1000 + Math.floor(rnd() * 9000)))
          .replace('{amount}', `${100 + Math.floor(rnd() * 4000)},${String(Math.floor(rnd() * 100)).padStart(2, '0')}`)
          .replace('{policy}', policy)
          .replace('{date}', `${1 + Math.floor(rnd() * 28)}.0${1 + Math.floor(rnd() * 9)}.2026`);
      // Two to four sentences of the type, in a random order, among the shared lines.
      const body = [...BODIES[type]].sort(() => rnd() - 0.5).slice(0, 2 + Math.floor(rnd() * 3));
      // As in real post, one letter in six also says something typical of another type.
      if (rnd() < 1 / 6) body.push(pick(BODIES[pick(LETTER_TYPES.filter((t) => t !== type))]));
      const lines = [
        `${pick(NAMES)} GmbH`,
        fill(SHARED[4]!),
        fill(SHARED[0]!),
        ...body.map(fill),
        fill(SHARED[2]!),
        ...(rnd() < 0.5 ? [fill(SHARED[3]!)] : []),
        SHARED[1]!,
      ];
      out.push({ type, policy, lines });
    }
  }
  return out.sort(() => rnd() - 0.5);
}
