import { describe, expect, it } from 'vitest';
import { type Inline, isSafeHref, linkTarget, linkView, parseInline, parseMarkdown } from './markdown';

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
    expect(parseInline('[eBird](https://ebird.org/science)')).toMatchObject([
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

describe('links in answers show their target and open only from a confirming link', () => {
  it('a link token carries its target as host and path, whatever its text claims', () => {
    expect(parseInline('[eBird](https://ebird.org/science)')).toEqual([
      { type: 'link', text: 'eBird', href: 'https://ebird.org/science', target: 'ebird.org/science' },
    ]);
    const [lying] = parseInline('[https://ebird.org](https://evil.example/login)');
    expect(lying).toMatchObject({ type: 'link', target: 'evil.example/login' });
  });

  it('linkTarget shows look-alike hosts in punycode, a query as ?…, and cuts a long path', () => {
    const lookAlike = linkTarget('https://\u0435bird.org/x'); // Cyrillic е, not Latin e
    expect(lookAlike).toMatch(/^xn--[a-z0-9-]+\.org\/x$/);
    expect(lookAlike).not.toContain('ebird');
    expect(linkTarget('https://a.example/p?secret=1')).toBe('a.example/p?…');
    expect(linkTarget('http://a.example:8080/')).toBe('a.example:8080');
    const long = linkTarget(`https://a.example/${'x'.repeat(200)}`);
    expect(long.length).toBe(60);
    expect(long.endsWith('…')).toBe(true);
  });

  it('linkView: the label names text and target; the confirming link holds the whole address, a new tab, no opener, no referrer', () => {
    const [link] = parseInline('[the map](https://a.example/path?q=1)');
    expect(linkView(link as Extract<Inline, { type: 'link' }>)).toEqual({
      label: 'the map (a.example/path?…)',
      confirm: 'Open https://a.example/path?q=1',
      href: 'https://a.example/path?q=1',
      rel: 'noopener noreferrer nofollow',
      target: '_blank',
    });
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:x',
    'file:///etc/passwd',
    '//evil.example/x',
    'https://ebird.org@evil.example/',
    'https://user:pass@evil.example/',
  ])('never makes a link of %s: only its text stays', (href) => {
    const nodes = parseInline(`[click me](${href})`);
    expect(nodes.some((node) => node.type === 'link')).toBe(false);
    expect(JSON.stringify(nodes)).toContain('click me');
  });

  it('a bare URL in text is not linked', () => {
    expect(parseInline('see https://evil.example/x now')).toEqual([
      { type: 'text', text: 'see https://evil.example/x now' },
    ]);
  });
});

describe('parseMarkdown and the Details of an answer', () => {
  it('folds everything from a "Details:" line on into one details block, whatever lead a model writes', () => {
    for (const lead of ['Details:', '**Details**', '## Details', 'Caveats:', 'Method and caveats:']) {
      const blocks = parseMarkdown(
        `It peaks around 19 April.\n\n${lead}\n- Weeks read: all 52.\n- A caveat.`,
      );
      expect(
        blocks.map((block) => block.type),
        lead,
      ).toEqual(['paragraph', 'details']);
      const details = blocks[1] as Extract<(typeof blocks)[number], { type: 'details' }>;
      expect(details.children).toEqual([
        {
          type: 'list',
          ordered: false,
          items: [[{ type: 'text', text: 'Weeks read: all 52.' }], [{ type: 'text', text: 'A caveat.' }]],
        },
      ]);
    }
  });

  it('a sentence that merely mentions details, or a lead with nothing after it, folds nothing', () => {
    expect(parseMarkdown('Details: see the map.\n\n- one').map((block) => block.type)).toEqual([
      'paragraph',
      'list',
    ]);
    expect(parseMarkdown('Answer.\n\nDetails:').map((block) => block.type)).toEqual([
      'paragraph',
      'paragraph',
    ]);
  });
});
