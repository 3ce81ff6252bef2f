import { describeBytes } from '@engine/endpoints/body-limits.ts';
import { bodyLimitOf, type EndpointSpec, endpointKey, possibleErrors } from '@engine/endpoints/endpoint.ts';
import { describeAccess, describeScope } from '@engine/endpoints/openapi.ts';
import { ERROR_CATALOGUE } from '@engine/errors/error-catalogue.ts';
import { z } from 'zod';

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function schemaBlock(title: string, schema: z.ZodType | undefined, io: 'input' | 'output'): string {
  if (!schema) return '';
  const json = JSON.stringify(z.toJSONSchema(schema, { io, unrepresentable: 'any' }), null, 2);
  return `<details><summary>${title}</summary><pre>${escapeHtml(json)}</pre></details>`;
}

function endpointSection(endpoint: EndpointSpec): string {
  const errors = possibleErrors(endpoint)
    .map((code) => `<code>${ERROR_CATALOGUE[code].status} ${code}</code>`)
    .join(' ');
  const answer =
    typeof endpoint.response === 'string'
      ? `<p>Answers: ${escapeHtml(endpoint.response)}</p>`
      : schemaBlock('Response body', endpoint.response, 'output');
  const bodyRule = endpoint.body
    ? `<p><b>Body:</b> JSON, at most ${describeBytes(bodyLimitOf(endpoint))}.</p>`
    : '';
  return `<section id="${escapeHtml(endpointKey(endpoint).replace(/[^A-Za-z0-9]+/g, '-'))}">
<h2><span class="method">${endpoint.method}</span> <code>${escapeHtml(endpoint.path)}</code></h2>
<p>${escapeHtml(endpoint.summary)}</p>
<p><b>Who:</b> ${escapeHtml(describeAccess(endpoint.access))}. <b>Scope:</b> ${escapeHtml(describeScope(endpoint.scope))}.</p>
${schemaBlock('Path parameters', endpoint.params, 'input')}${schemaBlock('Query', endpoint.query, 'input')}${schemaBlock('Headers', endpoint.headers, 'input')}${bodyRule}${schemaBlock('Request body', endpoint.body, 'input')}${answer}
<p><b>Errors:</b> ${errors}</p>
</section>`;
}

/** The developer reference as one static page (no script: the CSP allows none inline). */
export function renderReferencePage(endpoints: readonly EndpointSpec[]): string {
  const sorted = [...endpoints].sort(
    (a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method),
  );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Parstock API reference</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1f2937}
section{border-top:1px solid #e5e7eb;padding:.5rem 0}h2{font-size:1.05rem;margin:.5rem 0}
.method{display:inline-block;min-width:4.5rem;font-weight:700}pre{background:#f3f4f6;padding:.75rem;overflow:auto;font-size:12px}
code{font-size:13px}summary{cursor:pointer}
</style></head><body>
<h1>Parstock API reference</h1>
<p>Generated from the endpoint declarations in <code>engine/src/endpoints</code>; the machine-readable form is
<a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1). Errors answer <code>{ code, message, details? }</code>.
The rules no schema can say are in <code>bff/API.md</code>.</p>
${sorted.map(endpointSection).join('\n')}
</body></html>`;
}
