import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { SignInCancelled, startSignIn } from '../session/sign-in.ts';
import { useSession } from '../session/use-session.ts';
import { AiAssistantsSection } from './ai-assistants-section.tsx';
import {
  documentFingerprint,
  loadedSwaggerDocument,
  loadSwaggerDocument,
  serverRenderedMark,
} from './docs-document.ts';
import { DocsNav } from './docs-nav.tsx';
import type { BlockSettings } from './endpoint-block.tsx';
import { filterGroups, groupEndpoints } from './endpoint-index.ts';
import { KeyPromptModal } from './key-prompt-modal.tsx';
import { lookupPath } from './path-lookup.ts';
import { PdfModal, pdfUrl } from './pdf-modal.tsx';
import { downloadPostmanCollection, postmanFileName, postmanUrl } from './postman-download.ts';
import { ReferenceGroups } from './reference-groups.tsx';
import { AuthenticationSection, ErrorsSection } from './reference-sections.tsx';
import { sampleKeyOf } from './snippets.ts';
import type { SwaggerDocument } from './swagger.ts';
import './docs.css';

export const missingSpecMessage = 'Missing OpenAPI/Swagger spec...';
const swaggerUiUrl = '/swagger/ui/';

function openInNewTab(href: string): void {
  window.open(href, '_blank', 'noopener');
}

const noSubscription = () => () => {};

/**
 * The site's own origin, for live calls (Realtime links, try it). Rendered on the server (and so
 * while hydrating) it is the document's public origin; the browser's own follows right after.
 */
function useSiteOrigin(documentOrigin: string): string {
  return useSyncExternalStore(
    noSubscription,
    () => window.location.origin,
    () => documentOrigin,
  );
}

function currentHash(): string {
  try {
    return decodeURIComponent(window.location.hash.slice(1));
  } catch {
    return window.location.hash.slice(1);
  }
}

export function DocsPage() {
  // Rendered on the server, or hydrating what it rendered, the document is already in.
  const [doc, setDoc] = useState<SwaggerDocument | null | undefined>(loadedSwaggerDocument);
  // Each attempt to load the document; the retry button starts another.
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: one load per attempt, not per document
  useEffect(() => {
    if (attempt === 0 && doc) return;
    let live = true;
    loadSwaggerDocument().then((d) => live && setDoc(d));
    return () => {
      live = false;
    };
  }, [attempt]);

  if (doc === undefined) {
    return (
      <div className="docs-loading" role="status" aria-live="polite">
        <span className="docs-spinner" aria-hidden="true" />
        <span className="docs-visually-hidden">Loading the API documentation</span>
      </div>
    );
  }
  if (doc === null) {
    return (
      <div className="docs-loading">
        <p role="alert">{missingSpecMessage}</p>
        <button
          type="button"
          className="docs-button docs-button-primary"
          onClick={() => {
            setDoc(undefined);
            setAttempt((n) => n + 1);
          }}
        >
          Retry
        </button>
      </div>
    );
  }
  return <DocsReference doc={doc} />;
}

function DocsReference({ doc }: { doc: SwaggerDocument }) {
  const { profile, signedIn } = useSession();
  const groups = useMemo(() => groupEndpoints(doc), [doc]);
  const fingerprint = useMemo(() => documentFingerprint(doc), [doc]);
  const [query, setQuery] = useState('');
  const shown = useMemo(() => filterGroups(groups, query), [groups, query]);
  const [openGroups, setOpenGroups] = useState(() => new Set(groups.slice(0, 1).map((g) => g.name)));
  // The hash is read after hydration (the server has none): the effect below selects it.
  const [selected, setSelected] = useState('');
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [pdfOpen, setPdfOpen] = useState(false);
  const [pendingLink, setPendingLink] = useState<string | null>(null);

  const basePath = doc.basePath ?? '';
  const documentOrigin = doc.host ? `${doc.schemes?.[0] ?? 'https'}://${doc.host}` : '';
  const siteOrigin = useSiteOrigin(documentOrigin);
  const sampleBaseUrl = `${documentOrigin || siteOrigin}${basePath}`;
  const apiKey = signedIn && profile?.key ? profile.key : sampleKeyOf(doc);
  const plan = signedIn && profile ? profile.plan : 'B';
  const settings = useMemo(
    (): BlockSettings => ({
      basePath,
      sampleBaseUrl,
      origin: `${siteOrigin}${basePath}`,
      apiKey,
      plan,
      definitions: doc.definitions ?? {},
    }),
    [basePath, sampleBaseUrl, siteOrigin, apiKey, plan, doc],
  );
  // As the server rendered the blocks: signed out, with the document's origin.
  const serverSettings = useMemo(
    (): BlockSettings => ({
      basePath,
      sampleBaseUrl: `${documentOrigin}${basePath}`,
      origin: `${documentOrigin}${basePath}`,
      apiKey: sampleKeyOf(doc),
      plan: 'B',
      definitions: doc.definitions ?? {},
    }),
    [basePath, documentOrigin, doc],
  );
  const notice = selected.startsWith('/') ? lookupPath(doc, selected) : null;

  // A deep link (or a later hash change) selects the item, opens its group and scrolls to it.
  useEffect(() => {
    const go = () => {
      const id = currentHash();
      setSelected(id);
      const group = groups.find((g) => g.endpoints.some((e) => e.id === id));
      if (group) setOpenGroups((s) => (s.has(group.name) ? s : new Set(s).add(group.name)));
      if (id) document.getElementById(id)?.scrollIntoView();
    };
    go();
    window.addEventListener('hashchange', go);
    return () => window.removeEventListener('hashchange', go);
  }, [groups]);

  const onQuery = useCallback(
    (q: string) => {
      setQuery(q);
      const first = filterGroups(groups, q)[0];
      if (q.trim() && first) setOpenGroups((s) => (s.has(first.name) ? s : new Set(s).add(first.name)));
    },
    [groups],
  );
  const toggleGroup = useCallback((name: string) => {
    setOpenGroups((s) => {
      const next = new Set(s);
      if (!next.delete(name)) next.add(name);
      return next;
    });
  }, []);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const closePdf = useCallback(() => setPdfOpen(false), []);
  const closePrompt = useCallback(() => setPendingLink(null), []);

  // The pending tool: the Swagger UI opens in a tab, the Postman collection downloads with a key.
  const openTool = (href: string, key: string) => {
    if (href !== postmanUrl) return openInNewTab(href);
    downloadPostmanCollection(key).catch((err: Error) => console.warn(err.message));
  };
  const toolLink = (href: string, label: string) => (
    <a
      className="docs-button"
      href={href}
      {...(href === postmanUrl ? { download: postmanFileName } : { target: '_blank', rel: 'noopener' })}
      onClick={(e) => {
        if (signedIn && href !== postmanUrl) return;
        e.preventDefault();
        if (signedIn) openTool(href, apiKey);
        else setPendingLink(href);
      }}
    >
      {label}
    </a>
  );

  return (
    <div className="docs" {...{ [serverRenderedMark]: fingerprint }}>
      <DocsNav
        groups={shown}
        query={query}
        onQuery={onQuery}
        openGroups={openGroups}
        onToggleGroup={toggleGroup}
        selected={selected}
        drawerOpen={drawerOpen}
        onCloseDrawer={closeDrawer}
      />
      <div className="docs-content">
        <div className="docs-menu-bar">
          <button
            type="button"
            className="docs-button docs-menu-button"
            aria-controls="docs-nav"
            aria-expanded={drawerOpen}
            onClick={() => setDrawerOpen(true)}
          >
            ☰ Endpoints
          </button>
        </div>
        {notice && !notice.found && (
          <p role="alert" className="docs-notice">
            {notice.message}
          </p>
        )}
        <section id="reference" className="docs-section" aria-labelledby="reference-title">
          <h1 id="reference-title">
            API Reference <span className="docs-badge">v1.0</span>
          </h1>
          <p>
            {withInlineCode(
              doc.info.description ??
                'Financial data for companies listed on the NSE and BSE as JSON over HTTPS: company profiles, statements, ratios, prices, peers, shareholdings, corporate actions, commodities and exchange holidays.',
            )}
          </p>
          <p>
            Base URL <code>{sampleBaseUrl}</code>
          </p>
          <div className="docs-tools">
            {toolLink(postmanUrl, 'Postman collection')}
            {toolLink(swaggerUiUrl, 'Swagger UI')}
            {/* A link to the PDF: before the page hydrates a click opens the PDF in a tab
                instead of being lost; after, a plain click opens the modal. */}
            <a
              className="docs-button"
              href={pdfUrl}
              target="_blank"
              rel="noopener"
              onClick={(e) => {
                // A click asking for a tab or a window opens the PDF there, as a link does.
                if (e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey) return;
                e.preventDefault();
                setPdfOpen(true);
              }}
            >
              PDF field reference
            </a>
          </div>
        </section>
        <AuthenticationSection signedIn={signedIn} apiKey={apiKey} baseUrl={sampleBaseUrl} />
        <ErrorsSection />
        <AiAssistantsSection
          siteUrl={sampleBaseUrl.slice(0, sampleBaseUrl.length - basePath.length)}
          apiKey={apiKey}
        />
        <ReferenceGroups groups={groups} settings={settings} serverSettings={serverSettings} />
      </div>
      {pdfOpen && <PdfModal onClose={closePdf} />}
      {pendingLink && (
        <KeyPromptModal
          href={pendingLink}
          onClose={closePrompt}
          onContinue={() => {
            openTool(pendingLink, apiKey);
            setPendingLink(null);
          }}
          onLogin={() => {
            // The sign-in dialog takes over; the link opens once the profile is stored.
            setPendingLink(null);
            startSignIn().then(
              (signedInProfile) => openTool(pendingLink, signedInProfile.key),
              (err: Error) => {
                if (!(err instanceof SignInCancelled)) console.warn('sign-in failed', err);
              },
            );
          }}
        />
      )}
    </div>
  );
}

/** The document's descriptions mark code with backticks (Markdown): shown as code, not as backticks. */
function withInlineCode(text: string) {
  // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
  return text.split('`').map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part));
}
