import { httpMethods, type Operation, type SwaggerDocument } from './swagger.ts';

export const noOperationsMessage = 'No operations found for this path.';

export type PathLookup =
  | { found: true; path: string; operations: { method: 'get'; operation: Operation }[] }
  | { found: false; message: string };

/**
 * Finds the GET operations of a path (the page renders GET only). An unknown path answers
 * with the list of paths the document does have.
 */
export function lookupPath(doc: SwaggerDocument, path: string): PathLookup {
  const item = doc.paths[path];
  if (!item) {
    const tried = Object.keys(doc.paths);
    return { found: false, message: `Path not found. Tried: ${tried.join(', ')}` };
  }
  const operations = item.get ? [{ method: 'get' as const, operation: item.get }] : [];
  if (operations.length === 0) return { found: false, message: noOperationsMessage };
  return { found: true, path, operations };
}

/** Every method a path item defines, for lists outside the page (llms.txt, PDF). */
export function methodsOf(item: SwaggerDocument['paths'][string]): string[] {
  return httpMethods.filter((m) => item[m]);
}
