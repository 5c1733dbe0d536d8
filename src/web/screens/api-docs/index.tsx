import { CopyIcon, DownloadIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button, buttonVariants } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { SearchInput } from '../../components/ui/search-input';
import { Spinner } from '../../components/ui/spinner';
import { useRead } from '../../lib/resource-hooks';
import { openapiDocument } from '../../lib/resources';
import { copyToClipboard } from './copy';
import { EndpointCard } from './endpoint-card';
import { endpointsOf, groupByTag, type OpenApiDocument, searchEndpoints, statusTable } from './model';
import { StatusTable } from './status-table';

/** API Documentation (spec section 2), rendered from the server's OpenAPI document: nothing here is hand-written. */
export default function ApiDocsScreen() {
  const read = useRead<OpenApiDocument>(openapiDocument);
  const [query, setQuery] = useState('');
  const origin = window.location.origin;
  const baseUrl = `${origin}/api`;
  const doc = read.data;
  const endpoints = useMemo(() => (doc ? endpointsOf(doc) : []), [doc]);
  const statuses = useMemo(() => statusTable(endpoints), [endpoints]);
  const groups = useMemo(
    () => (doc ? groupByTag(doc, searchEndpoints(endpoints, query)) : []),
    [doc, endpoints, query],
  );

  return (
    <section className="flex flex-col gap-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">API Documentation</h1>
          {doc?.info?.description && (
            <p className="max-w-3xl text-muted-foreground">{doc.info.description}</p>
          )}
        </div>
        <a
          href={openapiDocument.path}
          download="nazenk-openapi.json"
          className={buttonVariants({ variant: 'outline' })}
        >
          <DownloadIcon aria-hidden /> Download OpenAPI document
        </a>
      </header>

      <Card>
        <CardHeader>
          <CardTitle>Base URL</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-wrap items-center gap-2">
          <code data-testid="base-url" className="break-all rounded bg-muted px-2 py-1 font-mono text-sm">
            {baseUrl}
          </code>
          <Button
            size="icon"
            variant="ghost"
            aria-label="Copy base URL"
            onClick={() => copyToClipboard(baseUrl, 'endpoint')}
          >
            <CopyIcon aria-hidden />
          </Button>
        </CardContent>
      </Card>

      {read.error ? (
        <p role="alert" className="py-12 text-center text-destructive">
          Error loading the API documentation
        </p>
      ) : !doc ? (
        <Spinner label="Loading API documentation..." className="py-12" />
      ) : (
        <>
          <SearchInput
            aria-label="Search endpoints"
            placeholder="Search endpoints by path, method or summary..."
            onSearch={setQuery}
            delay={150}
            className="max-w-xl"
          />
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {groups.reduce((n, g) => n + g.endpoints.length, 0)} of {endpoints.length} endpoints
          </p>
          {groups.map((group) => (
            <section key={group.name} aria-labelledby={`tag-${group.name}`} className="flex flex-col gap-2">
              <h2 id={`tag-${group.name}`} className="text-xl font-semibold capitalize">
                {group.name}
              </h2>
              {group.description && <p className="text-sm text-muted-foreground">{group.description}</p>}
              <ul className="flex flex-col gap-2">
                {group.endpoints.map((e) => (
                  <EndpointCard key={e.id} endpoint={e} origin={origin} />
                ))}
              </ul>
            </section>
          ))}
          <Card>
            <CardHeader>
              <CardTitle>Status codes</CardTitle>
            </CardHeader>
            <CardContent>
              <StatusTable rows={statuses} />
            </CardContent>
          </Card>
        </>
      )}
    </section>
  );
}
