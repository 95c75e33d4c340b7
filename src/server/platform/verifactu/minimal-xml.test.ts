import { describe, expect, it } from 'vitest';
import { childOf, childrenOf, escapeXml, parseXml, textAt, XmlParseError } from './minimal-xml';

describe('escapeXml', () => {
  it('escapes the five special characters', () => {
    expect(escapeXml(`Tom & Jerry's <"shop">`)).toBe('Tom &amp; Jerry&apos;s &lt;&quot;shop&quot;&gt;');
  });

  it('drops control characters XML cannot carry, keeps tabs, newlines and any Unicode', () => {
    expect(escapeXml('a\u0000b\u0007c\td\ne — Ñ 🎁')).toBe('abc\td\ne — Ñ 🎁');
  });

  it('round-trips any text through the parser (random strings, fixed seed)', () => {
    let seed = 25;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const alphabet = ['a', 'Z', '0', ' ', '&', '<', '>', '"', "'", ';', '#', ']', ']]>', '&amp;', '&#38;', 'ñ', '€', '🎁', '\t', '\n', '<!--', '<![CDATA['];
    for (let n = 0; n < 300; n++) {
      const value = Array.from({ length: 1 + Math.floor(random() * 30) }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
      const parsed = parseXml(`<r a="${escapeXml(value)}"><c>${escapeXml(value)}</c></r>`);
      expect(childOf(parsed, 'c')!.text).toBe(value);
      // Attribute values are normalised by XML parsers elsewhere; ours keeps them as written.
      expect(parsed.attributes.a).toBe(value);
    }
  });

  it('round-trips through the parser', () => {
    const value = `Sociedad "Ñ" & <hijos> 'SL' ]]> fin`;
    expect(parseXml(`<a x="${escapeXml(value)}">${escapeXml(value)}</a>`)).toMatchObject({ text: value, attributes: { x: value } });
  });
});

describe('parseXml', () => {
  it('reads a SOAP answer with prefixes, declarations, comments and white space', () => {
    const root = parseXml(`<?xml version="1.0" encoding="UTF-8"?>
      <!-- answer -->
      <env:Envelope xmlns:env="http://schemas.xmlsoap.org/soap/envelope/">
        <env:Header/>
        <env:Body Id="Body">
          <tikR:Respuesta xmlns:tikR="urn:r"><tikR:Estado>Correcto</tikR:Estado>
            <tikR:Linea><tikR:N>1</tikR:N></tikR:Linea><tikR:Linea><tikR:N>2</tikR:N></tikR:Linea>
          </tikR:Respuesta>
        </env:Body>
      </env:Envelope>`);
    expect(root.name).toBe('Envelope');
    expect(root.prefix).toBe('env');
    const body = childOf(root, 'Body');
    expect(body?.attributes).toEqual({ Id: 'Body' });
    const answer = childOf(body, 'Respuesta');
    expect(textAt(answer, 'Estado')).toBe('Correcto');
    expect(childrenOf(answer, 'Linea').map((l) => textAt(l, 'N'))).toEqual(['1', '2']);
    expect(textAt(answer, 'Missing')).toBeUndefined();
  });

  it('decodes entities, character references and CDATA', () => {
    const root = parseXml(`<d>a &amp; b &lt;c&gt; &#233;&#x1F381; <![CDATA[<raw & text>]]></d>`);
    expect(root.text).toBe('a & b <c> é🎁 <raw & text>');
  });

  it.each([
    ['a DOCTYPE (entity expansion)', '<!DOCTYPE d [<!ENTITY x "y">]><d>&x;</d>'],
    ['an unknown entity', '<d>&nbsp;</d>'],
    ['a bare ampersand', '<d>a & b</d>'],
    ['mismatched tags', '<a><b></a></b>'],
    ['an unclosed element', '<a><b></b>'],
    ['two roots', '<a/><b/>'],
    ['text after the root', '<a/>tail'],
    ['an unquoted attribute', '<a x=1/>'],
    ['a duplicate attribute', '<a x="1" x="2"/>'],
    ['an empty document', '   '],
    ['a prefix mismatch', '<p:a></q:a>'],
  ])('refuses %s', (_label, input) => {
    expect(() => parseXml(input)).toThrow(XmlParseError);
  });
});
