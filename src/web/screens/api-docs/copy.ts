import { toast } from 'sonner';

/** Copies `text` and says so; a refused clipboard (permissions, insecure page) is reported too. */
export async function copyToClipboard(text: string, what: 'endpoint' | 'snippet'): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    if (what === 'snippet')
      toast.success('Copied to clipboard', { description: 'Code snippet copied successfully' });
    else toast.success('Copied to clipboard');
  } catch {
    toast.error('Could not copy to the clipboard');
  }
}
