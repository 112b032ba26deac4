/**
 * Finding eSCL scanners on the local network: an mDNS (Bonjour) query for `_uscan._tcp` (HTTP) and
 * `_uscans._tcp` (HTTPS), as macOS and Windows find them, through multicast-dns (a kept pure-JS library).
 * Answers are collected for a short window: PTR → the scanner's instance, its SRV (host, port), TXT
 * (`rs` = the eSCL root path, `ty` = the name people know it by) and A records. A scanner not found this
 * way (another subnet, mDNS blocked) is added by address, which always works (docs/scanning.md).
 */
import makeMdns from 'multicast-dns';
import type { ScannerInfo } from '../../../../shared/domain/scanning';

export const ESCL_SERVICES = { '_uscan._tcp.local': 'http', '_uscans._tcp.local': 'https' } as const;

export interface DiscoveryOptions {
  /** How long answers are collected (default 1.5 s). */
  windowMs?: number;
  /** Another port/group than mDNS's own (tests run their responder there). */
  port?: number;
  ip?: string;
  interface?: string;
}

interface Found {
  scheme: 'http' | 'https';
  target?: string;
  port?: number;
  rs?: string;
  ty?: string;
}

const txtValues = (data: unknown): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const item of Array.isArray(data) ? (data as unknown[]) : [data]) {
    const s = Buffer.isBuffer(item) ? item.toString('utf8') : typeof item === 'string' ? item : '';
    const eq = s.indexOf('=');
    if (eq > 0) out[s.slice(0, eq).toLowerCase()] = s.slice(eq + 1);
  }
  return out;
};

export function discoverEscl(options: DiscoveryOptions = {}, signal?: AbortSignal): Promise<ScannerInfo[]> {
  const mdns = makeMdns({
    ...(options.port ? { port: options.port } : {}),
    ...(options.ip ? { ip: options.ip } : {}),
    ...(options.interface ? { interface: options.interface } : {}),
  });
  const instances = new Map<string, Found>();
  const addresses = new Map<string, string>();
  mdns.on('response', (packet) => {
    const records = [...packet.answers, ...(packet.additionals ?? [])];
    for (const r of records) {
      if (r.type === 'PTR' && r.name in ESCL_SERVICES) {
        const scheme = ESCL_SERVICES[r.name as keyof typeof ESCL_SERVICES];
        if (!instances.has(r.data)) instances.set(r.data, { scheme });
      }
    }
    for (const r of records) {
      const inst = instances.get(r.name);
      if (r.type === 'SRV' && inst) {
        inst.target = r.data.target;
        inst.port = r.data.port;
      } else if (r.type === 'TXT' && inst) {
        const txt = txtValues(r.data);
        if (txt.rs !== undefined) inst.rs = txt.rs;
        if (txt.ty) inst.ty = txt.ty;
      } else if (r.type === 'A') addresses.set(r.name, r.data);
    }
  });
  mdns.on('error', () => undefined);
  mdns.query({
    questions: Object.keys(ESCL_SERVICES).map((name) => ({ name, type: 'PTR' as const })),
  });
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      mdns.destroy();
      const out: ScannerInfo[] = [];
      for (const [instance, f] of instances) {
        if (!f.target || !f.port) continue;
        const host = addresses.get(f.target) ?? f.target.replace(/\.$/, '');
        const path = (f.rs ?? 'eSCL').replace(/^\/+|\/+$/g, '');
        const id = `${f.scheme}://${host}:${f.port}/${path}`;
        out.push({ id, name: f.ty ?? instance.split('._')[0] ?? id, backend: 'escl', via: 'mdns' });
      }
      resolve(out);
    };
    const timer = setTimeout(done, options.windowMs ?? 1500);
    signal?.addEventListener('abort', done, { once: true });
  });
}
