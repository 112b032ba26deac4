/**
 * ~36 customers with policies and policy objects, built deterministically so tests can rely on them.
 * Dates are chosen so that the same customer has active and inactive policies depending on `date`.
 */
export interface SeedPolicyObject {
  description: string;
  startDate: string;
  endDate: string | null;
  policyObjectVersionId: string;
}

export interface SeedPolicy {
  number: string;
  product: string;
  description: string;
  startDate: string;
  endDate: string | null;
  cancelled: boolean;
  policyVersionId: string;
  objects: SeedPolicyObject[];
}

export interface SeedCustomer {
  customerId: string;
  number: string;
  fullName: string;
  taxId: string;
  address: string;
  description: string;
  policies: SeedPolicy[];
}

const PEOPLE: [string, string][] = [
  ['Jörg Müller', 'Lindenstraße 12, 20095 Hamburg'],
  ['Åsa Öberg', 'Storgatan 5, 114 51 Stockholm'],
  ['Anna Grünwald', 'Mariahilfer Straße 88, 1070 Wien'],
  ['Søren Kierkegaard-Hansen', 'Nørrebrogade 40, 2200 København'],
  ['Jürgen Weiß', 'Königsallee 1, 40212 Düsseldorf'],
  ['Björn Åkesson', 'Kungsgatan 22, 411 19 Göteborg'],
  ['Ingrid Bjørnstad', 'Karl Johans gate 7, 0154 Oslo'],
  ['Matti Häkkinen', 'Mannerheimintie 15, 00100 Helsinki'],
  ['Lena Schäfer', 'Schillerstraße 3, 60313 Frankfurt am Main'],
  ['Franz Hölzl', 'Getreidegasse 9, 5020 Salzburg'],
  ['Sabine Krüger', 'Friedrichstraße 101, 10117 Berlin'],
  ['Thomas Maier', 'Maximilianstraße 17, 80539 München'],
  ['Katharina Fuchs', 'Herrengasse 4, 8010 Graz'],
  ['Michael Schmidt', 'Hauptstraße 50, 69117 Heidelberg'],
  ['Monika Schmitt', 'Rheinallee 2, 55116 Mainz'],
  ['Stefan Wagner', 'Domplatz 8, 4020 Linz'],
  ['Ulrike Bäcker', 'Marktplatz 1, 04109 Leipzig'],
  ['Peter Hoffmann', 'Bahnhofstraße 33, 70173 Stuttgart'],
  ['Gudrun Sigurðardóttir', 'Laugavegur 20, 101 Reykjavík'],
  ['Astrid Lindgren-Nyström', 'Drottninggatan 70, 111 36 Stockholm'],
  ['Lars Løkke', 'Strøget 12, 1160 København'],
  ['Ole Halvorsen', 'Bryggen 3, 5003 Bergen'],
  ['Elif Yılmaz', 'Keupstraße 45, 51063 Köln'],
  ['Zoë Brückner', 'Am Wall 120, 28195 Bremen'],
  ['Heinz-Günter Straßburger', 'Pfälzer Straße 7, 67061 Ludwigshafen'],
  ['Renate Übel', 'Uferweg 2, 6020 Innsbruck'],
  ['Klaus Öztürk', 'Sonnenallee 150, 12059 Berlin'],
  ['Marie-Luise Dürr', 'Lange Straße 5, 26122 Oldenburg'],
  ['Eero Mäkinen', 'Hämeenkatu 10, 33100 Tampere'],
  ['Sigrid Åberg', 'Västra Hamngatan 4, 411 17 Göteborg'],
  ['Wolfgang Müller-Lüdenscheidt', 'Parkweg 9, 58507 Lüdenscheid'],
  ['Hannelore Kühn', 'Seestraße 14, 78462 Konstanz'],
  ['Müller Bau GmbH', 'Industriestraße 5, 90402 Nürnberg'],
  ['Öberg & Partner AB', 'Sveavägen 44, 111 34 Stockholm'],
  ['Jakob Ziegler', 'Wiener Straße 30, 3100 St. Pölten'],
  ['Birgit Lorenz', 'Goethestraße 6, 99423 Weimar'],
];

const PRODUCTS = [
  { code: 'HR', product: 'Hausrat Komfort', object: (addr: string) => `Hausrat, ${addr}` },
  { code: 'WG', product: 'Wohngebäude Plus', object: (addr: string) => `Wohngebäude, ${addr}` },
  { code: 'KF', product: 'Kfz Vollkasko', object: (_addr: string, i: number) => `PKW HH-${'AB'[i % 2]} ${1000 + i}` },
  { code: 'PH', product: 'Privathaftpflicht', object: () => 'Privathaftpflicht Familie' },
];

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

function buildCustomers(): SeedCustomer[] {
  return PEOPLE.map(([fullName, address], i) => {
    const policies: SeedPolicy[] = [];
    const count = 1 + (i % 3);
    for (let p = 0; p < count; p++) {
      const kind = PRODUCTS[(i + p) % PRODUCTS.length]!;
      const seq = (i + 1) * 10 + p;
      // Variety: open-ended active, ended in 2025, starting in the future, and cancelled.
      const shape = (i + p) % 4;
      const startDate = shape === 2 ? '2026-07-01' : `20${pad(18 + (i % 6), 2)}-${pad(1 + ((p * 4) % 12), 2)}-01`;
      const endDate = shape === 1 ? '2025-12-31' : shape === 3 ? '2027-06-30' : null;
      const number =
        p === 0 && i < 4
          ? ['HR-100001', 'WG-200002', 'KF-300003', 'PH-400004'][i]!
          : `${kind.code}-${pad(500000 + seq, 6)}`;
      const objects: SeedPolicyObject[] = [
        { description: kind.object(address, i), startDate, endDate, policyObjectVersionId: `POV-${pad(seq, 5)}-1` },
      ];
      if (kind.code === 'KF') {
        objects.push({
          description: `Anhänger HH-T ${200 + i}`,
          startDate: '2025-01-01',
          endDate: '2025-12-31',
          policyObjectVersionId: `POV-${pad(seq, 5)}-2`,
        });
      }
      policies.push({
        number,
        product: kind.product,
        description: `${kind.product} – ${fullName}`,
        startDate,
        endDate,
        cancelled: shape === 3 && i % 2 === 1,
        policyVersionId: `PV-${pad(seq, 5)}`,
        objects,
      });
    }
    return {
      customerId: `C-${pad(i + 1, 5)}`,
      number: `K-${pad(700000 + i * 7, 7)}`,
      fullName,
      taxId: i % 2 === 0 ? `DE${pad(100000000 + i * 7919, 9)}` : `ATU${pad(10000000 + i * 31, 8)}`,
      address,
      description: fullName.includes('GmbH') || fullName.includes(' AB') ? 'Firmenkunde' : 'Privatkunde',
      policies,
    };
  });
}

export const SEED_CUSTOMERS: SeedCustomer[] = buildCustomers();
