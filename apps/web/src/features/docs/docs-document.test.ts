import { afterEach, describe, expect, it } from 'vitest';
import {
  canHydrateRenderedDocs,
  documentFingerprint,
  forgetServerGroups,
  groupsMark,
  primeSwaggerDocument,
  serverGroupsMarkup,
  serverRenderedMark,
} from './docs-document.ts';
import type { SwaggerDocument } from './swagger.ts';

const doc: SwaggerDocument = { swagger: '2.0', info: {}, paths: { '/quote': { get: { summary: 'Quote' } } } };
const newer: SwaggerDocument = { ...doc, paths: { '/quote': { get: { summary: 'Quote, now' } } } };

function renderedFrom(d: SwaggerDocument): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = `<div ${serverRenderedMark}="${documentFingerprint(d)}"></div>`;
  return root;
}

describe('hydrating the server-rendered docs reference', () => {
  afterEach(() => primeSwaggerDocument(doc));

  it('fingerprints documents by content', () => {
    expect(documentFingerprint(structuredClone(doc))).toBe(documentFingerprint(doc));
    expect(documentFingerprint(newer)).not.toBe(documentFingerprint(doc));
  });

  it('hydrates markup rendered from the document the browser has, and no other', () => {
    primeSwaggerDocument(doc);
    expect(canHydrateRenderedDocs(renderedFrom(doc))).toBe(true);
    expect(canHydrateRenderedDocs(renderedFrom(newer))).toBe(false);
  });

  it('keeps the endpoint groups as the server sent them only for markup it will hydrate', () => {
    primeSwaggerDocument(doc);
    const groups = '<div class="docs-group"><section id="/quote">Quote</section></div>';
    const rendered = (d: SwaggerDocument) => {
      const root = renderedFrom(d);
      root.firstElementChild!.innerHTML = `<div ${groupsMark}="">${groups}</div>`;
      return root;
    };
    canHydrateRenderedDocs(rendered(newer));
    expect(serverGroupsMarkup()).toBeNull();
    canHydrateRenderedDocs(rendered(doc));
    expect(serverGroupsMarkup()).toBe(groups);
    forgetServerGroups();
    expect(serverGroupsMarkup()).toBeNull();
  });

  it('leaves other pages alone', () => {
    expect(canHydrateRenderedDocs(document.createElement('div'))).toBe(true);
  });
});
