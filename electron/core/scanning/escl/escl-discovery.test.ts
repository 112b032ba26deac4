import makeMdns from 'multicast-dns';
import { afterEach, describe, expect, it } from 'vitest';
import { discoverEscl } from './escl-discovery';
import { idleMs } from '../../util/test-support/box-pace';

/**
 * A real mDNS responder on a private port (not 5353: this machine's own mDNS stays out of it; on the machine's multicast interfaces, since loopback has no multicast), answering
 * the PTR query as a network scanner does, with SRV, TXT and A records in the same packet.
 */
describe('eSCL discovery over mDNS', () => {
  let responder: ReturnType<typeof makeMdns> | undefined;
  afterEach(() => responder?.destroy());

  it('finds _uscan and _uscans scanners with their eSCL root and name', async () => {
    const port = 45353 + Math.floor(Math.random() * 1000);
    responder = makeMdns({ port });
    responder.on('query', (q) => {
      if (!q.questions.some((x) => x.name === '_uscan._tcp.local' || x.name === '_uscans._tcp.local')) return;
      responder!.respond({
        answers: [
          { name: '_uscan._tcp.local', type: 'PTR', data: 'Office MFP._uscan._tcp.local' },
          { name: '_uscans._tcp.local', type: 'PTR', data: 'Office MFP._uscans._tcp.local' },
        ],
        additionals: [
          { name: 'Office MFP._uscan._tcp.local', type: 'SRV', data: { target: 'mfp.local', port: 8080 } },
          { name: 'Office MFP._uscan._tcp.local', type: 'TXT', data: ['txtvers=1', 'rs=eSCL', 'ty=Office MFP 4000'] },
          { name: 'Office MFP._uscans._tcp.local', type: 'SRV', data: { target: 'mfp.local', port: 443 } },
          { name: 'Office MFP._uscans._tcp.local', type: 'TXT', data: ['rs=/escl/', 'ty=Office MFP 4000'] },
          { name: 'mfp.local', type: 'A', data: '192.168.7.20' },
        ],
      });
    });
    const found = await discoverEscl({ port, windowMs: 800 });
    expect(found.sort((a, b) => a.id.localeCompare(b.id))).toEqual([
      { id: 'http://192.168.7.20:8080/eSCL', name: 'Office MFP 4000', backend: 'escl', via: 'mdns' },
      { id: 'https://192.168.7.20:443/escl', name: 'Office MFP 4000', backend: 'escl', via: 'mdns' },
    ]);
  });

  it('finds nothing, and ends in its window, when no scanner answers', async () => {
    const port = 46353 + Math.floor(Math.random() * 1000);
    const started = Date.now();
    expect(await discoverEscl({ port, windowMs: 300 })).toEqual([]);
    expect(Date.now() - started).toBeLessThan(idleMs(3000));
  });
});
