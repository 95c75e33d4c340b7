/**
 * Just enough XML for the AEAT's SOAP messages: escaping for the requests we write, and a
 * strict parser for the answers we read (no XML library is a dependency of the server, and
 * the answers' shape is fixed by RespuestaSuministro.xsd). The parser keeps elements, their
 * local names, namespace prefixes, attributes and text; it refuses DOCTYPE declarations (no
 * entity expansion from the network), unknown entities, mismatched tags and trailing content.
 */

export interface XmlElement {
  /** Local name, without its prefix (`RespuestaLinea` for `tikR:RespuestaLinea`). */
  name: string;
  prefix: string | undefined;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** The element's own character data (CDATA included), concatenated; children's text excluded. */
  text: string;
}

export class XmlParseError extends Error {
  constructor(message: string, position: number) {
    super(`${message} (at character ${position})`);
    this.name = 'XmlParseError';
  }
}

/** XML 1.0 forbids these control characters even escaped; the AEAT's schema forbids them too. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const FORBIDDEN_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Text for element content or a double-quoted attribute. */
export function escapeXml(value: string): string {
  return value
    .replace(FORBIDDEN_CHARACTERS, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const NAMED_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeEntities(raw: string, position: number): string {
  return raw.replace(/&([^;&\s]*);?/g, (match, body: string) => {
    if (!match.endsWith(';')) throw new XmlParseError('Unterminated entity reference', position);
    if (body in NAMED_ENTITIES) return NAMED_ENTITIES[body]!;
    const numeric = /^#(x[0-9a-fA-F]+|[0-9]+)$/.exec(body);
    if (numeric) {
      const code = body[1] === 'x' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      if (code > 0x10ffff || code === 0) throw new XmlParseError(`Invalid character reference &${body};`, position);
      return String.fromCodePoint(code);
    }
    throw new XmlParseError(`Unknown entity &${body};`, position);
  });
}

const NAME = /^[A-Za-z_][\w.-]*(:[A-Za-z_][\w.-]*)?/;

function splitName(qualified: string): { name: string; prefix: string | undefined } {
  const colon = qualified.indexOf(':');
  return colon === -1 ? { name: qualified, prefix: undefined } : { name: qualified.slice(colon + 1), prefix: qualified.slice(0, colon) };
}

/** Parses a whole document and returns its root element. */
export function parseXml(input: string): XmlElement {
  let i = 0;
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;

  const skipMisc = () => {
    for (;;) {
      while (i < text.length && /\s/.test(text[i]!)) i++;
      if (text.startsWith('<?', i)) {
        const end = text.indexOf('?>', i + 2);
        if (end === -1) throw new XmlParseError('Unterminated processing instruction', i);
        i = end + 2;
      } else if (text.startsWith('<!--', i)) {
        const end = text.indexOf('-->', i + 4);
        if (end === -1) throw new XmlParseError('Unterminated comment', i);
        i = end + 3;
      } else if (text.startsWith('<!DOCTYPE', i) || text.startsWith('<!ENTITY', i)) {
        throw new XmlParseError('DOCTYPE and entity declarations are not accepted', i);
      } else return;
    }
  };

  skipMisc();
  while (i < text.length) {
    if (stack.length === 0 && root) {
      skipMisc();
      if (i < text.length) throw new XmlParseError('Content after the root element', i);
      break;
    }
    const current = stack[stack.length - 1];
    if (text.startsWith('<!--', i)) {
      const end = text.indexOf('-->', i + 4);
      if (end === -1) throw new XmlParseError('Unterminated comment', i);
      i = end + 3;
    } else if (text.startsWith('<![CDATA[', i)) {
      if (!current) throw new XmlParseError('CDATA outside the root element', i);
      const end = text.indexOf(']]>', i + 9);
      if (end === -1) throw new XmlParseError('Unterminated CDATA section', i);
      current.text += text.slice(i + 9, end);
      i = end + 3;
    } else if (text.startsWith('<?', i)) {
      const end = text.indexOf('?>', i + 2);
      if (end === -1) throw new XmlParseError('Unterminated processing instruction', i);
      i = end + 2;
    } else if (text.startsWith('<!', i)) {
      throw new XmlParseError('Declarations are not accepted inside the document', i);
    } else if (text.startsWith('</', i)) {
      const match = NAME.exec(text.slice(i + 2));
      if (!match || !current) throw new XmlParseError('Unexpected closing tag', i);
      const { name, prefix } = splitName(match[0]);
      if (name !== current.name || prefix !== current.prefix) {
        throw new XmlParseError(`Closing tag </${match[0]}> does not match <${current.prefix ? `${current.prefix}:` : ''}${current.name}>`, i);
      }
      i += 2 + match[0].length;
      while (i < text.length && /\s/.test(text[i]!)) i++;
      if (text[i] !== '>') throw new XmlParseError('Malformed closing tag', i);
      i++;
      stack.pop();
    } else if (text[i] === '<') {
      const start = i;
      const match = NAME.exec(text.slice(i + 1));
      if (!match) throw new XmlParseError('Malformed start tag', i);
      const element: XmlElement = { ...splitName(match[0]), attributes: {}, children: [], text: '' };
      i += 1 + match[0].length;
      let selfClosing = false;
      for (;;) {
        const spaceStart = i;
        while (i < text.length && /\s/.test(text[i]!)) i++;
        if (text[i] === '>') {
          i++;
          break;
        }
        if (text.startsWith('/>', i)) {
          i += 2;
          selfClosing = true;
          break;
        }
        if (i === spaceStart) throw new XmlParseError('Attributes must be separated by white space', i);
        const attribute = NAME.exec(text.slice(i));
        if (!attribute) throw new XmlParseError('Malformed attribute', i);
        i += attribute[0].length;
        while (/\s/.test(text[i] ?? '')) i++;
        if (text[i] !== '=') throw new XmlParseError('Attribute without a value', i);
        i++;
        while (/\s/.test(text[i] ?? '')) i++;
        const quote = text[i];
        if (quote !== '"' && quote !== "'") throw new XmlParseError('Attribute value must be quoted', i);
        const end = text.indexOf(quote, i + 1);
        if (end === -1) throw new XmlParseError('Unterminated attribute value', i);
        const raw = text.slice(i + 1, end);
        if (raw.includes('<')) throw new XmlParseError('"<" inside an attribute value', i);
        if (attribute[0] in element.attributes) throw new XmlParseError(`Duplicate attribute ${attribute[0]}`, i);
        element.attributes[attribute[0]] = decodeEntities(raw, i);
        i = end + 1;
      }
      if (current) current.children.push(element);
      else if (root) throw new XmlParseError('A second root element', start);
      else root = element;
      if (!selfClosing) stack.push(element);
    } else {
      const end = text.indexOf('<', i);
      const raw = text.slice(i, end === -1 ? text.length : end);
      if (!current) {
        if (raw.trim() !== '') throw new XmlParseError('Text outside the root element', i);
      } else {
        if (raw.includes(']]>')) throw new XmlParseError('"]]>" in text', i);
        current.text += decodeEntities(raw, i);
      }
      i = end === -1 ? text.length : end;
    }
  }
  if (stack.length > 0) throw new XmlParseError(`Element <${stack[stack.length - 1]!.name}> is not closed`, text.length);
  if (!root) throw new XmlParseError('No root element', 0);
  return root;
}

/** The first child element with this local name. */
export function childOf(element: XmlElement | undefined, name: string): XmlElement | undefined {
  return element?.children.find((c) => c.name === name);
}

/** Every child element with this local name, in document order. */
export function childrenOf(element: XmlElement | undefined, name: string): XmlElement[] {
  return element ? element.children.filter((c) => c.name === name) : [];
}

/** The trimmed text of the element at this path of local names, or undefined when absent. */
export function textAt(element: XmlElement | undefined, ...path: string[]): string | undefined {
  let node = element;
  for (const name of path) node = childOf(node, name);
  return node?.text.trim();
}
