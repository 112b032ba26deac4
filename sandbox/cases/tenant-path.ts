/** Country and tenant path segments the sandbox accepts (any, not only the demo's `de`/`demo-insurance`). */
export const DEMO_COUNTRY = 'de';
export const DEMO_TENANT = 'demo-insurance';

export function validCountry(country: string): boolean {
  return /^[a-z]{2}$/.test(country);
}

export function validTenant(tenant: string): boolean {
  return /^[a-z0-9-]+$/.test(tenant);
}
