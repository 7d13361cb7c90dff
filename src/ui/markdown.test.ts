import { describe, expect, it } from 'vitest';
import { isSafeHref, parseInline, parseMarkdown } from './markdown';

describe('parseMarkdown', () => {
  it('parseMarkdown splits paragraphs, headings, lists and code blocks', () => {
    const blocks = parseMarkdown(
      '## Peak\nIt peaks in **April**.\nSecond line.\n\n- one\n- `two`\n\n1. first\n2) second\n\n```\nSELECT 1\n```',
    );
    expect(blocks.map((block) => block.type)).toEqual(['heading', 'paragraph', 'list', 'list', 'code-block']);
    expect(blocks[1]).toEqual({
      type: 'paragraph',
      children: [
        { type: 'text', text: 'It peaks in ' },
        { type: 'strong', children: [{ type: 'text', text: 'April' }] },
        { type: 'text', text: '. Second line.' },
      ],
    });
    expect(blocks[2]).toEqual({
      type: 'list',
      ordered: false,
      items: [[{ type: 'text', text: 'one' }], [{ type: 'code', text: 'two' }]],
    });
    expect(blocks[3]).toMatchObject({ type: 'list', ordered: true });
    expect(blocks[4]).toEqual({ type: 'code-block', text: 'SELECT 1' });
  });

  it('parseMarkdown keeps raw HTML as text (there is no HTML node type)', () => {
    const blocks = parseMarkdown('<img src=x onerror=alert(1)> <script>alert(1)</script>');
    expect(blocks).toEqual([
      {
        type: 'paragraph',
        children: [{ type: 'text', text: '<img src=x onerror=alert(1)> <script>alert(1)</script>' }],
      },
    ]);
  });
});

describe('parseInline', () => {
  it('parseInline renders an image as its source text, never as an image or a link', () => {
    const inline = parseInline('see ![map](https://tracker.example/pixel.png) here');
    expect(inline).toEqual([{ type: 'text', text: 'see ![map](https://tracker.example/pixel.png) here' }]);
  });

  it('parseInline makes links only for http(s) URLs', () => {
    expect(parseInline('[eBird](https://ebird.org/science)')).toEqual([
      { type: 'link', text: 'eBird', href: 'https://ebird.org/science' },
    ]);
    expect(parseInline('[click](javascript:alert(1))').some((node) => node.type === 'link')).toBe(false);
    expect(parseInline('[data](data:text/html,hi)').some((node) => node.type === 'link')).toBe(false);
    expect(parseInline('[rel](/etc/passwd)')).toEqual([{ type: 'text', text: 'rel' }]);
  });

  it('parseInline reads bold, italics and code spans, and leaves code untouched', () => {
    expect(parseInline('**0.6543** and *week 16* and `**x**`')).toEqual([
      { type: 'strong', children: [{ type: 'text', text: '0.6543' }] },
      { type: 'text', text: ' and ' },
      { type: 'emphasis', children: [{ type: 'text', text: 'week 16' }] },
      { type: 'text', text: ' and ' },
      { type: 'code', text: '**x**' },
    ]);
  });
});

describe('isSafeHref', () => {
  it('isSafeHref accepts http and https only', () => {
    expect(['https://a.org', 'http://a.org/x?y=1'].map(isSafeHref)).toEqual([true, true]);
    expect(
      ['javascript:alert(1)', 'data:text/html,x', 'vbscript:x', '//a.org', 'file:///etc/passwd'].map(
        isSafeHref,
      ),
    ).toEqual([false, false, false, false, false]);
  });
});
