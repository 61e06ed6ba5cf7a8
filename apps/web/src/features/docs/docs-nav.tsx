import { useEffect, useRef } from 'react';
import type { EndpointGroup } from './endpoint-index.ts';
import { useBodyScrollLock } from './use-body-scroll-lock.ts';

export const fixedSections = [
  { id: 'reference', label: 'Reference' },
  { id: 'authentication', label: 'Authentication' },
  { id: 'errors', label: 'Errors' },
  { id: 'ai-assistants', label: 'AI assistants' },
];

export function hrefFor(id: string): string {
  return `#${id}`;
}

/**
 * The navigation: a left panel on desktop, a slide-in drawer under 768 px (closed by its
 * button, the scrim or Escape).
 */
export function DocsNav({
  groups,
  query,
  onQuery,
  openGroups,
  onToggleGroup,
  selected,
  drawerOpen,
  onCloseDrawer,
}: {
  groups: EndpointGroup[];
  query: string;
  onQuery: (q: string) => void;
  openGroups: Set<string>;
  onToggleGroup: (name: string) => void;
  selected: string;
  drawerOpen: boolean;
  onCloseDrawer: () => void;
}) {
  const closeButton = useRef<HTMLButtonElement>(null);
  useBodyScrollLock(drawerOpen);
  useEffect(() => {
    if (!drawerOpen) return;
    // Focus moves into the drawer, and back to what opened it when the drawer closes.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeButton.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onCloseDrawer();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      opener?.focus({ preventScroll: true });
    };
  }, [drawerOpen, onCloseDrawer]);

  const link = (id: string, label: string, method?: string) => (
    <a
      href={hrefFor(id)}
      className={selected === id ? 'docs-nav-link is-selected' : 'docs-nav-link'}
      aria-current={selected === id ? 'location' : undefined}
      onClick={onCloseDrawer}
    >
      {method && <span className="docs-method">{method}</span>}
      <span>{label}</span>
    </a>
  );

  return (
    <>
      {drawerOpen && (
        <button
          type="button"
          className="docs-scrim"
          aria-label="Close navigation"
          tabIndex={-1}
          onClick={onCloseDrawer}
        />
      )}
      <nav
        id="docs-nav"
        className={drawerOpen ? 'docs-nav is-open' : 'docs-nav'}
        aria-label="API reference"
        data-testid="docs-nav"
      >
        <div className="docs-nav-head">
          <input
            type="search"
            className="docs-search"
            placeholder="Search endpoints..."
            aria-label="Search endpoints"
            value={query}
            onChange={(e) => onQuery(e.target.value)}
          />
          <button
            ref={closeButton}
            type="button"
            className="docs-icon-button docs-drawer-close"
            aria-label="Close menu"
            onClick={onCloseDrawer}
          >
            ×
          </button>
        </div>
        <ul className="docs-nav-list">
          {fixedSections.map((s) => (
            <li key={s.id}>{link(s.id, s.label)}</li>
          ))}
        </ul>
        {groups.map((g) => {
          const open = openGroups.has(g.name);
          const listId = `nav-group-${g.name.replace(/\W+/g, '-').toLowerCase()}`;
          return (
            <div key={g.name} className="docs-nav-group">
              <button
                type="button"
                className="docs-group-toggle"
                aria-expanded={open}
                aria-controls={listId}
                onClick={() => onToggleGroup(g.name)}
              >
                {g.name}
                <span aria-hidden="true">{open ? '−' : '+'}</span>
              </button>
              {open && (
                <ul id={listId} className="docs-nav-list">
                  {g.endpoints.map((e) => (
                    <li key={e.id}>{link(e.id, e.label, e.method)}</li>
                  ))}
                </ul>
              )}
            </div>
          );
        })}
        {groups.length === 0 && <p className="docs-muted docs-nav-empty">No endpoints match “{query}”.</p>}
      </nav>
    </>
  );
}
