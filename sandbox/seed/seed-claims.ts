/** Seeded claims, services and service partners of the demo tenant (country `de`, tenant `demo-insurance`). */
export interface ServicePartner {
  id: string;
  displayName: string;
  companyTaxId: string;
  phoneNumber: string;
  faxNumber: string;
  responsibleUser: string;
}

export interface ClaimService {
  referenceNumber: string;
  id: string;
  startDate: string;
  estimatedEndDate: string;
  actualEndDate: string;
  partnerIds: string[];
}

export interface SeedFile {
  name: string;
  type: string;
  description: string;
  isSigned: boolean;
  daysAgo: number;
}

export interface SeedClaim {
  claimId: string;
  caseNumber: string;
  country: string;
  tenant: string;
  caseType: string;
  caseTypeTitle: string;
  damageCause: string;
  damageCategory: string;
  accidentDate: string;
  policyNumber: string;
  customerName: string;
  damageAddress: { street: string; street2: string; postalCode: string; city: string };
  services: ClaimService[];
  files: SeedFile[];
}

export const SEED_PARTNERS: ServicePartner[] = [
  {
    id: 'SP-1001',
    displayName: 'Trocknungstechnik Brandt GmbH',
    companyTaxId: 'DE811234567',
    phoneNumber: '+49 40 1234560',
    faxNumber: '+49 40 1234569',
    responsibleUser: 'k.brandt',
  },
  {
    id: 'SP-1002',
    displayName: 'Glaserei Özdemir & Söhne',
    companyTaxId: 'DE298765432',
    phoneNumber: '+49 89 5556670',
    faxNumber: '+49 89 5556679',
    responsibleUser: 'm.oezdemir',
  },
  {
    id: 'SP-1003',
    displayName: 'Malerbetrieb Größl KG',
    companyTaxId: 'ATU12345678',
    phoneNumber: '+43 1 7890120',
    faxNumber: '+43 1 7890129',
    responsibleUser: 'j.groessl',
  },
  {
    id: 'SP-1004',
    displayName: 'Nordisk Skadeservice AB',
    companyTaxId: 'SE556677889901',
    phoneNumber: '+46 8 4445550',
    faxNumber: '+46 8 4445559',
    responsibleUser: 'a.lindqvist',
  },
];

const address = (street: string, postalCode: string, city: string, street2 = '') => ({
  street,
  street2,
  postalCode,
  city,
});

export const SEED_CLAIMS: SeedClaim[] = [
  {
    claimId: '1001',
    caseNumber: 'CLM-2026-000101',
    country: 'de',
    tenant: 'demo-insurance',
    caseType: 'Property',
    caseTypeTitle: 'Sachschaden',
    damageCause: 'Leitungswasser',
    damageCategory: 'Wasserschaden',
    accidentDate: '2026-01-12',
    policyNumber: 'HR-100001',
    customerName: 'Jörg Müller',
    damageAddress: address('Lindenstraße 12', '20095', 'Hamburg', '2. OG links'),
    services: [
      {
        referenceNumber: 'SRV-2026-0001',
        id: 'svc-0001',
        startDate: '2026-01-14',
        estimatedEndDate: '2026-02-14',
        actualEndDate: '',
        partnerIds: ['SP-1001'],
      },
      {
        referenceNumber: 'SRV-2026-0002',
        id: 'svc-0002',
        startDate: '2026-01-20',
        estimatedEndDate: '2026-01-31',
        actualEndDate: '2026-01-30',
        partnerIds: ['SP-1003'],
      },
    ],
    files: [
      { name: 'Schadensmeldung.pdf', type: 'application/pdf', description: 'Erstmeldung', isSigned: true, daysAgo: 30 },
      { name: 'Foto Küche 1.jpg', type: 'image/jpeg', description: 'Wasserfleck', isSigned: false, daysAgo: 29 },
    ],
  },
  {
    claimId: '1002',
    caseNumber: 'CLM-2026-000102',
    country: 'de',
    tenant: 'demo-insurance',
    caseType: 'Property',
    caseTypeTitle: 'Sachschaden',
    damageCause: 'Sturm',
    damageCategory: 'Glasbruch',
    accidentDate: '2026-02-03',
    policyNumber: 'WG-200002',
    customerName: 'Åsa Öberg',
    damageAddress: address('Storgatan 5', '11451', 'Stockholm'),
    services: [
      {
        referenceNumber: 'SRV-2026-0003',
        id: 'svc-0003',
        startDate: '2026-02-04',
        estimatedEndDate: '2026-02-10',
        actualEndDate: '',
        partnerIds: ['SP-1002', 'SP-1004'],
      },
    ],
    files: [{ name: 'Gutachten.pdf', type: 'application/pdf', description: 'Gutachten', isSigned: false, daysAgo: 10 }],
  },
  {
    claimId: '1003',
    caseNumber: 'CLM-2025-000997',
    country: 'at',
    tenant: 'demo-insurance',
    caseType: 'Motor',
    caseTypeTitle: 'Kfz-Schaden',
    damageCause: 'Hagel',
    damageCategory: 'Kaskoschaden',
    accidentDate: '2025-07-21',
    policyNumber: 'KF-300003',
    customerName: 'Anna Grünwald',
    damageAddress: address('Mariahilfer Straße 88', '1070', 'Wien'),
    services: [],
    files: [],
  },
  {
    // The largest ClaimId the interface allows: proves ids are handled as int64, not JS numbers.
    claimId: '9223372036854775807',
    caseNumber: 'CLM-2026-000103',
    country: 'de',
    tenant: 'demo-insurance',
    caseType: 'Liability',
    caseTypeTitle: 'Haftpflichtschaden',
    damageCause: 'Fahrlässigkeit',
    damageCategory: 'Personenschaden',
    accidentDate: '2026-03-01',
    policyNumber: 'PH-400004',
    customerName: 'Søren Kierkegaard-Hansen',
    damageAddress: address('Nørrebrogade 40', '2200', 'København'),
    services: [],
    files: [],
  },
];
