import type { AppDeps } from '@bff/app-deps.ts';
import { docsEndpoints } from '@engine/endpoints/docs-endpoints.ts';
import { ALL_ENDPOINTS } from '@engine/endpoints/index.ts';
import { buildOpenApiDocument } from '@engine/endpoints/openapi.ts';
import packageJson from '../../../../package.json' with { type: 'json' };
import { renderReferencePage } from './reference-page.ts';

/** The API reference, built once from the declarations: the same data the routes are mounted from. */
export function apiDocsModule({ routes }: AppDeps) {
  const document = buildOpenApiDocument(ALL_ENDPOINTS, packageJson.version);
  const page = renderReferencePage(ALL_ENDPOINTS);
  return routes()
    .on(docsEndpoints.openApiDocument, () => document)
    .on(docsEndpoints.apiReferencePage, ({ set }) => {
      set.headers['content-type'] = 'text/html; charset=utf-8';
      return page;
    }).app;
}
