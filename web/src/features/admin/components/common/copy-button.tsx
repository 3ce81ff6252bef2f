import { Button } from '@web/components/ui/button.tsx';
import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * Copies `text` to the clipboard and says so. Where the browser refuses (no permission, not a secure
 * page), it says to copy by hand; the text stays on screen and selectable.
 */
export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [state, setState] = useState<CopyState>('idle');

  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 2500);
    return () => clearTimeout(timer);
  }, [state]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  }

  return (
    <>
      <Button type="button" variant="outline" onClick={copy}>
        {state === 'copied' ? <Check aria-hidden /> : <Copy aria-hidden />}
        {state === 'copied' ? 'Copied' : label}
      </Button>
      <span role="status" className="sr-only">
        {state === 'copied' ? 'Copied to the clipboard' : state === 'failed' ? 'Copy it by hand' : ''}
      </span>
      {state === 'failed' ? (
        <span className="text-xs text-muted-foreground">
          The browser blocked copying; select it and copy.
        </span>
      ) : null}
    </>
  );
}
