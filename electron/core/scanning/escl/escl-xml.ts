/**
 * A small, bounded XML reader for eSCL's answers (ScannerCapabilities, ScannerStatus) and nothing more:
 * elements, attributes, text, CDATA, comments, the five named entities and character references. No DTD
 * (a DOCTYPE is refused: no entity expansion, no external fetches), at most MAX_XML_BYTES of text, 32
 * levels and 20,000 elements — a scanner's answer is a few kilobytes. Names are kept without their prefix
 * (`scan:ColorMode` → `ColorMode`): scanners differ in prefixes, never in local names.
 */

export const MAX_XML_BYTES = 512 * 1024;
const MAX_DEPTH = 32;
const MAX_ELEMENTS = 20_000;

export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

export class XmlError extends Error {
  constructor(message: string) {
    super(`not a valid eSCL answer: ${message}`);
    this.name = 'XmlError';
  }
}

const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-zA-Z]{2,4});/g, (all, e: string) => {
    if (e.startsWith('#x')) return codePoint(parseInt(e.slice(2), 16));
    if (e.startsWith('#')) return codePoint(parseInt(e.slice(1), 10));
    const v = NAMED[e];
    if (v === undefined) throw new XmlError(`unknown entity ${all}`);
    return v;
  });
}

function codePoint(n: number): string {
  if (n > 0x10ffff || (n >= 0xd800 && n <= 0xdfff)) throw new XmlError('bad character reference');
  return String.fromCodePoint(n);
}

const localName = (qname: string) => qname.slice(qname.indexOf(':') + 1);

export function parseXml(text: string): XmlElement {
  if (text.length > MAX_XML_BYTES) throw new XmlError(`longer than ${MAX_XML_BYTES} characters`);
  let i = 0;
  let count = 0;
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  const nameRe = /[A-Za-z_][\w.:-]*/y;
  const readName = (): string => {
    nameRe.lastIndex = i;
    const m = nameRe.exec(text);
    if (!m) throw new XmlError(`a name expected at ${i}`);
    i += m[0].length;
    return m[0];
  };
  const skipSpace = () => {
    while (i < text.length && /\s/.test(text[i]!)) i++;
  };
  if (text.charCodeAt(0) === 0xfeff) i = 1;
  while (i < text.length) {
    const lt = text.indexOf('<', i);
    const chunk = text.slice(i, lt < 0 ? text.length : lt);
    if (stack.length > 0) stack[stack.length - 1]!.text += decodeEntities(chunk);
    else if (chunk.trim() !== '') throw new XmlError('text outside the root element');
    if (lt < 0) break;
    i = lt;
    if (text.startsWith('<?', i)) {
      const end = text.indexOf('?>', i);
      if (end < 0) throw new XmlError('unterminated processing instruction');
      i = end + 2;
    } else if (text.startsWith('<!--', i)) {
      const end = text.indexOf('-->', i);
      if (end < 0) throw new XmlError('unterminated comment');
      i = end + 3;
    } else if (text.startsWith('<![CDATA[', i)) {
      const end = text.indexOf(']]>', i);
      if (end < 0 || stack.length === 0) throw new XmlError('bad CDATA section');
      stack[stack.length - 1]!.text += text.slice(i + 9, end);
      i = end + 3;
    } else if (text.startsWith('<!', i)) {
      throw new XmlError('a DOCTYPE or declaration is not accepted');
    } else if (text.startsWith('</', i)) {
      i += 2;
      const name = localName(readName());
      skipSpace();
      if (text[i] !== '>') throw new XmlError(`'>' expected at ${i}`);
      i++;
      const open = stack.pop();
      if (!open || open.name !== name) throw new XmlError(`</${name}> does not close <${open?.name ?? ''}>`);
    } else {
      i++;
      const el: XmlElement = { name: localName(readName()), attrs: {}, children: [], text: '' };
      if (++count > MAX_ELEMENTS) throw new XmlError(`more than ${MAX_ELEMENTS} elements`);
      for (;;) {
        skipSpace();
        if (text.startsWith('/>', i) || text[i] === '>') break;
        const attr = readName();
        skipSpace();
        if (text[i] !== '=') throw new XmlError(`'=' expected after ${attr}`);
        i++;
        skipSpace();
        const q = text[i];
        if (q !== '"' && q !== "'") throw new XmlError('attribute value must be quoted');
        const end = text.indexOf(q, i + 1);
        if (end < 0) throw new XmlError('unterminated attribute value');
        el.attrs[localName(attr)] = decodeEntities(text.slice(i + 1, end));
        i = end + 1;
      }
      const selfClosing = text[i] === '/';
      i += selfClosing ? 2 : 1;
      const parent = stack[stack.length - 1];
      if (parent) parent.children.push(el);
      else if (root) throw new XmlError('more than one root element');
      else root = el;
      if (!selfClosing) {
        stack.push(el);
        if (stack.length > MAX_DEPTH) throw new XmlError(`nested deeper than ${MAX_DEPTH}`);
      }
    }
  }
  if (stack.length > 0) throw new XmlError(`<${stack[stack.length - 1]!.name}> not closed`);
  if (!root) throw new XmlError('no root element');
  return root;
}

/** The first child named `name` (local name), or undefined. */
export const child = (el: XmlElement | undefined, name: string): XmlElement | undefined =>
  el?.children.find((c) => c.name === name);

/** Every descendant named `name`, in document order. */
export function descendants(el: XmlElement, name: string): XmlElement[] {
  const out: XmlElement[] = [];
  const walk = (e: XmlElement) => {
    for (const c of e.children) {
      if (c.name === name) out.push(c);
      walk(c);
    }
  };
  walk(el);
  return out;
}

/** The trimmed text of the first child named `name`. */
export const textOf = (el: XmlElement | undefined, name: string): string | undefined => child(el, name)?.text.trim();

/** Escapes text for an element's content. */
export const escapeXml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);
