import { startTransition, useEffect, useRef, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { forgetServerGroups, groupsMark, serverGroupsMarkup } from './docs-document.ts';
import { type BlockSettings, EndpointBlock, EndpointBody, endpointBlockSelector } from './endpoint-block.tsx';
import type { Endpoint, EndpointGroup } from './endpoint-index.ts';

/**
 * The endpoint groups of the reference, each endpoint a block (decision 0854).
 *
 * Rendered on the server, or in the browser when there is no server markup to hydrate, they are
 * part of the page's tree. When the page hydrates the reference the server rendered, the page's
 * tree takes the groups' HTML as the server sent it (`dangerouslySetInnerHTML` with the same
 * string, which React neither walks nor touches), and each endpoint block's section becomes a
 * React root of its own that hydrates its content: about 40 small hydrations, which React's
 * scheduler runs as separate tasks with the browser free in between, instead of one task over
 * some 2,600 elements that kept the page from answering input.
 */
export function ReferenceGroups({
  groups,
  settings,
  serverSettings,
}: {
  groups: EndpointGroup[];
  /** What the blocks show now (the signed-in key, this site's origin). */
  settings: BlockSettings;
  /** What the server rendered the blocks with: the sample key, the document's origin. */
  serverSettings: BlockSettings;
}) {
  // The server's HTML, once: the page reached again later renders the groups in its own tree.
  const [serverHtml] = useState(serverGroupsMarkup);
  if (serverHtml !== null)
    return (
      <HydratedGroups html={serverHtml} groups={groups} settings={settings} serverSettings={serverSettings} />
    );
  return (
    <div {...{ [groupsMark]: '' }}>
      {groups.map((g) => (
        <div key={g.name} className="docs-group">
          <h2 className="docs-group-title">{g.name}</h2>
          {g.endpoints.map((e) => (
            <EndpointBlock key={e.id} endpoint={e} settings={settings} />
          ))}
        </div>
      ))}
    </div>
  );
}

/** The blocks' settings for their own roots: the server's while hydrating, the page's after. */
interface SettingsStore {
  subscribe: (onChange: () => void) => () => void;
  get: () => BlockSettings;
  server: BlockSettings;
  set: (settings: BlockSettings) => void;
}

function settingsStore(initial: BlockSettings, server: BlockSettings): SettingsStore {
  let current = initial;
  const listeners = new Set<() => void>();
  return {
    subscribe: (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    get: () => current,
    server,
    set: (settings) => {
      if (settings === current) return;
      current = settings;
      for (const onChange of listeners) onChange();
    },
  };
}

/**
 * A block's content in its own root. It hydrates with the server's settings; the page's follow
 * (the signed-in key, this site's origin) as a transition, so that the blocks re-render each in
 * its own short task rather than all at once, as a synchronous store update would.
 */
function BlockContent({ endpoint, store }: { endpoint: Endpoint; store: SettingsStore }) {
  const [settings, setSettings] = useState(store.server);
  useEffect(() => {
    const follow = () => startTransition(() => setSettings(store.get()));
    follow();
    return store.subscribe(follow);
  }, [store]);
  return <EndpointBody endpoint={endpoint} settings={settings} />;
}

function HydratedGroups({
  html,
  groups,
  settings,
  serverSettings,
}: {
  html: string;
  groups: EndpointGroup[];
  settings: BlockSettings;
  serverSettings: BlockSettings;
}) {
  const container = useRef<HTMLDivElement>(null);
  const [store] = useState(() => settingsStore(settings, serverSettings));
  useEffect(() => store.set(settings), [store, settings]);
  // One root per block. They unmount after the page's commit that removes the groups (a root
  // cannot unmount while React renders); a remount in between (Strict Mode) keeps them.
  const islands = useRef<{ roots: Root[]; unmount?: ReturnType<typeof setTimeout> } | null>(null);
  useEffect(() => {
    forgetServerGroups();
    let live = islands.current;
    if (live?.unmount !== undefined) {
      clearTimeout(live.unmount);
      live.unmount = undefined;
    } else {
      const byId = new Map(groups.flatMap((g) => g.endpoints.map((e) => [e.id, e] as const)));
      const roots: Root[] = [];
      for (const section of container.current!.querySelectorAll<HTMLElement>(endpointBlockSelector)) {
        const endpoint = byId.get(section.id);
        if (endpoint) roots.push(hydrateRoot(section, <BlockContent endpoint={endpoint} store={store} />));
      }
      live = islands.current = { roots };
    }
    const current = live;
    return () => {
      current.unmount = setTimeout(() => {
        for (const root of current.roots) root.unmount();
        if (islands.current === current) islands.current = null;
      });
    };
  }, [groups, store]);
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the markup is the page's own, read from the DOM as the server rendered it
    <div ref={container} {...{ [groupsMark]: '' }} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
