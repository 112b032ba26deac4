import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { invokes } from './contract';

/** Property names anywhere in a JSON schema. */
function propertyNames(schema: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) for (const s of schema) propertyNames(s, out);
  else if (schema && typeof schema === 'object') {
    for (const [key, value] of Object.entries(schema)) {
      if (key === 'properties' && value && typeof value === 'object') for (const k of Object.keys(value)) out.add(k);
      propertyNames(value, out);
    }
  }
  return out;
}

describe('the IPC contract carries no file bytes', () => {
  it('no invoke request or response has a base64/bytes field (drops and previews go by stream and Range)', () => {
    const offenders: string[] = [];
    for (const [channel, { request, response }] of Object.entries(invokes)) {
      for (const [side, schema] of [
        ['request', request],
        ['response', response],
      ] as const) {
        const json = z.toJSONSchema(schema, { unrepresentable: 'any', io: side === 'request' ? 'input' : 'output' });
        for (const name of propertyNames(json))
          if (/^(base64|bytes|fileBytes|contentBase64)$/i.test(name)) offenders.push(`${channel} ${side}.${name}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
