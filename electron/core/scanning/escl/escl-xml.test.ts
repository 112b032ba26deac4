import { describe, expect, it } from 'vitest';
import { MAX_XML_BYTES, parseXml, XmlError } from './escl-xml';

describe('the bounded eSCL XML reader', () => {
  it('reads prefixed elements, attributes, entities, CDATA and comments', () => {
    const root = parseXml(
      `<?xml version="1.0"?>\n<!-- c --><scan:A xmlns:scan="u" a='1 &amp; 2'><pwg:B>x &lt; y &#x41;&#66;</pwg:B><C><![CDATA[<raw>]]></C><D/></scan:A>`,
    );
    expect(root.name).toBe('A');
    expect(root.attrs).toMatchObject({ a: '1 & 2' });
    expect(root.children.map((c) => [c.name, c.text])).toEqual([
      ['B', 'x < y AB'],
      ['C', '<raw>'],
      ['D', ''],
    ]);
  });

  it.each([
    ['a DOCTYPE (no entity expansion)', '<!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>'],
    ['an unknown entity', '<a>&nbsp;</a>'],
    ['a wrong closing tag', '<a><b></a></b>'],
    ['an unclosed element', '<a><b></b>'],
    ['two roots', '<a/><b/>'],
    ['text outside', 'hello <a/>'],
    ['nothing', ''],
    ['too deep', `${'<a>'.repeat(40)}${'</a>'.repeat(40)}`],
    ['too many elements', `<a>${'<b/>'.repeat(20_001)}</a>`],
    ['too long', `<a>${'x'.repeat(MAX_XML_BYTES)}</a>`],
    ['an unquoted attribute', '<a b=1/>'],
    ['a surrogate reference', '<a>&#xD800;</a>'],
  ])('refuses %s', (_what, text) => {
    expect(() => parseXml(text)).toThrow(XmlError);
  });
});
