import type { Plugin } from 'vite';

/** Where the page may connect besides its own origin: the Gemini API. */
export const GEMINI_ORIGIN = 'https://generativelanguage.googleapis.com';
/**
 * OpenAI-compatible servers allowed when the site owner names none (PERCH_CONNECT_SRC unset or
 * empty): a model on the visitor's own machine (Ollama :11434, LM Studio :1234, llama.cpp).
 */
export const DEFAULT_CONNECT_SRC = ['http://localhost:*', 'http://127.0.0.1:*'];
/** The placeholder index.html carries in its CSP meta tag. */
export const CSP_PLACEHOLDER = '%PERCH_CSP%';

/**
 * The page's Content-Security-Policy. GitHub Pages cannot send headers, so it travels in a meta
 * tag (which cannot carry frame-ancestors, report-uri or sandbox).
 * - script-src: our origin only. 'wasm-unsafe-eval' lets DuckDB-WASM compile its wasm; no
 *   'unsafe-eval' (apache-arrow's vectorFromArray uses `new Function` — the engine avoids it).
 * - style-src 'unsafe-inline': Observable Plot writes a <style> element into every chart.
 * - img-src 'self' data: blob:: a markdown image pointing elsewhere can never load.
 * - connect-src: our origin, Gemini, and the OpenAI-compatible base URLs the owner allows.
 */
export function contentSecurityPolicy(connectSources: readonly string[]): string {
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", "'wasm-unsafe-eval'"],
    ['worker-src', "'self'"],
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:', 'blob:'],
    ['font-src', "'self'"],
    ['connect-src', "'self'", GEMINI_ORIGIN, ...connectSources],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'none'"],
  ];
  return directives.map((directive) => directive.join(' ')).join('; ');
}

/**
 * Reads PERCH_CONNECT_SRC: space- or comma-separated origins such as `https://api.openai.com
 * http://localhost:*`. Keywords, wildcards and paths are refused: each entry must be one origin.
 */
export function parseConnectSources(value: string | undefined): string[] {
  const entries = (value ?? '').split(/[\s,]+/).filter(Boolean);
  if (entries.length === 0) return [...DEFAULT_CONNECT_SRC];
  for (const entry of entries) {
    if (!/^https?:\/\/(\*\.)?[a-z0-9.-]+(:(\d+|\*))?$/i.test(entry)) {
      throw new Error(
        `csp_bad_source: PERCH_CONNECT_SRC entry '${entry}' is not an origin. Use forms like https://api.openai.com or http://localhost:*.`,
      );
    }
  }
  return entries;
}

/** Fills the CSP meta tag of index.html with the policy for `connectSources`, in dev and build. */
export function cspPlugin(
  connectSources: readonly string[] = parseConnectSources(process.env.PERCH_CONNECT_SRC),
): Plugin {
  const policy = contentSecurityPolicy(connectSources);
  return {
    name: 'perch-csp',
    transformIndexHtml: {
      order: 'pre',
      handler(html, context) {
        // Other pages (the bench and test harnesses) carry no placeholder and are left as they are.
        if (!html.includes(CSP_PLACEHOLDER)) {
          if (context.path !== '/index.html') return html;
          throw new Error(
            `csp_missing: index.html has no ${CSP_PLACEHOLDER} meta tag. Restore <meta http-equiv="Content-Security-Policy" content="${CSP_PLACEHOLDER}">.`,
          );
        }
        return html.replace(CSP_PLACEHOLDER, policy);
      },
    },
  };
}
