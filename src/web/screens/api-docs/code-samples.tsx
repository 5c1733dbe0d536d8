import { CopyIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { copyToClipboard } from './copy';
import type { Endpoint } from './model';
import { codeSample, SAMPLE_LANGUAGES, type SampleLanguage } from './samples';

/** The endpoint's integration samples, one language at a time, each with its copy button. */
export function CodeSamples({ endpoint, origin }: { endpoint: Endpoint; origin: string }) {
  const [language, setLanguage] = useState<SampleLanguage>('curl');
  const code = codeSample(endpoint, origin, language);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div role="tablist" aria-label="Code sample language" className="flex flex-wrap gap-1">
          {SAMPLE_LANGUAGES.map((l) => (
            <Button
              key={l}
              role="tab"
              aria-selected={l === language}
              size="sm"
              variant={l === language ? 'secondary' : 'ghost'}
              onClick={() => setLanguage(l)}
            >
              {l}
            </Button>
          ))}
        </div>
        <Button size="sm" variant="outline" onClick={() => copyToClipboard(code, 'snippet')}>
          <CopyIcon aria-hidden /> Copy {language} sample
        </Button>
      </div>
      <pre
        role="tabpanel"
        aria-label={`${language} sample`}
        className="overflow-x-auto rounded-md bg-muted p-3 text-xs"
      >
        <code dir="auto">{code}</code>
      </pre>
    </div>
  );
}
