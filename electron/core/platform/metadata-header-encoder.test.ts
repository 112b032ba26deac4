import { describe, expect, it } from 'vitest';
import { IntakeError } from '../errors';
import { decodeMetadataHeaderValue } from '../../../shared/domain/metadata-header-value';
import { encodeHeaderValue, encodeMetadataHeaders } from './metadata-header-encoder';

/** What the platform side (the sandbox) reads from a value the client sent. */
const decodeHeaderValue = (raw: string) => {
  const decoded = decodeMetadataHeaderValue(raw);
  if (!decoded.ok) throw new Error(`refused: ${decoded.message}`);
  return decoded.value;
};

describe('metadata header encoding', () => {
  it('sends printable ASCII as-is and everything else as an RFC 8187 ext-value', () => {
    expect(encodeHeaderValue('H', 'CLM-2026-000101')).toBe('CLM-2026-000101');
    expect(encodeHeaderValue('H', 'Schadensmeldung Müller – 2026.pdf')).toBe(
      "UTF-8''Schadensmeldung%20M%C3%BCller%20%E2%80%93%202026.pdf",
    );
    expect(encodeHeaderValue('H', 'Åsa Öberg')).toBe("UTF-8''%C3%85sa%20%C3%96berg");
  });

  it('encodes ASCII values that would otherwise be misread: surrounding spaces and a literal UTF-8 prefix', () => {
    expect(encodeHeaderValue('H', ' padded ')).toBe("UTF-8''%20padded%20");
    expect(decodeHeaderValue(encodeHeaderValue('H', "UTF-8''abc"))).toBe("UTF-8''abc");
  });

  it('round-trips any text without control characters', () => {
    for (const v of ['a', 'Straße 5 % & "x"', '漢字', '😀 emoji', "it's", 'ÆØÅ æøå', '\uFEFFa leading BOM']) {
      expect(decodeHeaderValue(encodeHeaderValue('H', v))).toBe(v);
    }
  });

  it('rejects CR, LF and other control characters with metadata.invalid', () => {
    for (const v of ['a\r\nb', 'a\nb', 'tab\there', 'nul\0', 'del\x7f', 'c1\x85']) {
      let error: unknown;
      try {
        encodeHeaderValue('Metadata-CaseNumber', v);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(IntakeError);
      expect((error as IntakeError).code).toBe('metadata.invalid');
      expect((error as IntakeError).kind).toBe('validation');
    }
  });

  it('maps fields to Metadata-* names and leaves out empty ones', () => {
    expect(encodeMetadataHeaders({ caseNumber: 'C-1', policyNumber: '', responsibleUserId: 'jö' })).toEqual({
      'Metadata-CaseNumber': 'C-1',
      'Metadata-Responsible-UserId': "UTF-8''j%C3%B6",
    });
  });
});
