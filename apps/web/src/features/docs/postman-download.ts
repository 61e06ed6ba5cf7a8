export const postmanUrl = '/swagger/postman.json';
export const postmanFileName = 'bahi-api.postman_collection.json';

interface Collection {
  variable?: { key: string; value?: unknown; type?: string }[];
}

/** The served collection with `apiKey` set to `key`: every request sends it through the collection's auth. */
export function collectionWithKey<T extends Collection>(
  collection: T,
  key: string,
): T & Required<Collection> {
  const variables = (collection.variable ?? []).filter((v) => v.key !== 'apiKey');
  return { ...collection, variable: [...variables, { key: 'apiKey', value: key, type: 'string' }] };
}

/**
 * Fetches the Postman collection, puts `key` in it and saves it as a file (an object URL on an
 * anchor with `download`), instead of opening raw JSON in a tab.
 */
export async function downloadPostmanCollection(key: string): Promise<void> {
  const res = await fetch(postmanUrl, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`the Postman collection could not be had (HTTP ${res.status})`);
  const collection = collectionWithKey((await res.json()) as Collection, key);
  const url = URL.createObjectURL(
    new Blob([JSON.stringify(collection, null, 2)], { type: 'application/json' }),
  );
  const a = document.createElement('a');
  a.href = url;
  a.download = postmanFileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
