import { useEffect, useState } from 'react';
import { type CodeTabId as LanguageId, codeTabs as languages } from './code-tabs.ts';
import { CopyButton } from './copy-button.tsx';
import { ScrollPre } from './scroll-pre.tsx';

const storageKey = 'bahi.docs.language';

function savedLanguage(): LanguageId | null {
  const saved = sessionStorage.getItem(storageKey);
  return languages.some((l) => l.id === saved) ? (saved as LanguageId) : null;
}

/**
 * Language tabs (cURL, Go, Java, Node.js and its client, Python and its client) over the generated
 * samples. `idBase` prefixes the ids of the tabs and the panel: unique on the page, and the same
 * whichever React root renders the panel (useId would differ between the page's root, where the
 * server rendered it, and an endpoint block's own root, which hydrates it).
 */
export function CodePanel({
  idBase: base,
  sampleOf,
}: {
  idBase: string;
  /** The sample of a tab, made when the tab shows. */
  sampleOf: (tab: LanguageId) => string;
}) {
  // cURL first, as the server renders it; the language chosen earlier in this tab after hydration.
  const [active, setActive] = useState<LanguageId>('curl');
  useEffect(() => {
    const saved = savedLanguage();
    if (saved) setActive(saved);
  }, []);
  const code = sampleOf(active);
  const choose = (id: LanguageId) => {
    setActive(id);
    sessionStorage.setItem(storageKey, id);
  };
  return (
    <div className="docs-code">
      <div className="docs-code-head">
        <div role="tablist" aria-label="Language" className="docs-tabs">
          {languages.map((l, i) => (
            <button
              key={l.id}
              type="button"
              role="tab"
              id={`${base}-${l.id}`}
              aria-selected={l.id === active}
              aria-controls={`${base}-panel`}
              tabIndex={l.id === active ? 0 : -1}
              onClick={() => choose(l.id)}
              onKeyDown={(e) => {
                const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
                if (!step) return;
                const next = languages[(i + step + languages.length) % languages.length]!;
                choose(next.id);
                document.getElementById(`${base}-${next.id}`)?.focus();
              }}
            >
              {l.label}
            </button>
          ))}
        </div>
        <CopyButton text={code} />
      </div>
      <ScrollPre id={`${base}-panel`} role="tabpanel" aria-labelledby={`${base}-${active}`}>
        <code>{code}</code>
      </ScrollPre>
    </div>
  );
}
