import { CopyIcon } from 'lucide-react';
import { useState } from 'react';
import { Badge, type BadgeVariant } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { CodeSamples } from './code-samples';
import { copyToClipboard } from './copy';
import { ACCESS_LABELS, type Endpoint } from './model';

const METHOD_COLOURS: Record<string, BadgeVariant> = {
  GET: 'blue',
  POST: 'green',
  PUT: 'orange',
  PATCH: 'yellow',
  DELETE: 'red',
};

const json = (value: unknown) => JSON.stringify(value, null, 2);

function Example({ title, value }: { title: string; value: unknown }) {
  return (
    <div className="flex flex-col gap-1">
      <h4 className="text-sm font-medium">{title}</h4>
      <pre className="max-h-80 overflow-auto rounded-md bg-muted p-3 text-xs">
        <code dir="auto">{json(value)}</code>
      </pre>
    </div>
  );
}

/** One endpoint: its line (method, path, summary, who may call it, copy) and, opened, its details. */
export function EndpointCard({ endpoint, origin }: { endpoint: Endpoint; origin: string }) {
  const [open, setOpen] = useState(false);
  const success = endpoint.answers.find((a) => /^2/.test(a.status) && a.example !== undefined);
  return (
    <li
      className="rounded-lg border bg-card"
      data-testid="endpoint"
      data-endpoint={`${endpoint.method} ${endpoint.path}`}
    >
      <div className="flex flex-wrap items-center gap-2 p-3">
        <Badge variant={METHOD_COLOURS[endpoint.method] ?? 'grey'} className="w-16 justify-center font-mono">
          {endpoint.method}
        </Badge>
        <button
          type="button"
          className="min-w-48 flex-1 cursor-pointer text-left"
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
        >
          <code className="break-all font-mono text-sm">{endpoint.path}</code>
          <span className="block text-sm text-muted-foreground">{endpoint.summary}</span>
        </button>
        <Badge variant={endpoint.access === 'public' ? 'grey' : 'purple'}>
          {ACCESS_LABELS[endpoint.access]}
        </Badge>
        <Button
          size="icon"
          variant="ghost"
          aria-label={`Copy ${endpoint.method} ${endpoint.path}`}
          onClick={() => copyToClipboard(`${endpoint.method} ${origin}${endpoint.path}`, 'endpoint')}
        >
          <CopyIcon aria-hidden />
        </Button>
      </div>
      {open && (
        <div className="flex flex-col gap-4 border-t p-3">
          {endpoint.description && <p className="text-sm">{endpoint.description}</p>}
          {endpoint.parameters.length > 0 && (
            <div className="flex flex-col gap-1">
              <h4 className="text-sm font-medium">Parameters</h4>
              <ul className="text-sm">
                {endpoint.parameters.map((p) => (
                  <li key={`${p.in}-${p.name}`}>
                    <code className="font-mono">{p.name}</code>{' '}
                    <span className="text-muted-foreground">
                      ({p.in}
                      {p.required ? ', required' : ''}){p.description ? `: ${p.description}` : ''}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          )}
          {endpoint.body?.kind === 'json' && (
            <Example title="Request example" value={endpoint.body.example} />
          )}
          {endpoint.body?.kind === 'multipart' && (
            <p className="text-sm">
              Multipart form, file field{endpoint.body.fields.length > 1 ? 's' : ''}:{' '}
              <code className="font-mono">{endpoint.body.fields.join(', ')}</code>
            </p>
          )}
          {success && <Example title={`Response example (${success.status})`} value={success.example} />}
          <div className="flex flex-col gap-1">
            <h4 className="text-sm font-medium">Responses</h4>
            <ul className="text-sm">
              {endpoint.answers.map((a) => (
                <li key={a.status}>
                  <code className="font-mono">{a.status}</code> <span dir="auto">{a.description}</span>
                </li>
              ))}
            </ul>
          </div>
          <CodeSamples endpoint={endpoint} origin={origin} />
        </div>
      )}
    </li>
  );
}
