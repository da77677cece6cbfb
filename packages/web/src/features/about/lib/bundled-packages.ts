import { z } from 'zod';

/**
 * One open-source package of the bundle as the build lists it in `/licenses.json`
 * (`scripts/third-party-licenses.ts` writes it from the modules rollup included).
 */
export const BundledPackage = z.object({
  name: z.string(),
  version: z.string(),
  license: z.string(),
  url: z.string().nullable(),
  licenseText: z.string().nullable(),
});
export type BundledPackage = z.infer<typeof BundledPackage>;

/** The built app's licence list, beside index.html (not part of the API: a static file of the build). */
export const licensesUrl = `${import.meta.env.BASE_URL}licenses.json`;

/** The list, or null when this is no built app (the development server has no list). */
export async function fetchBundledPackages(signal?: AbortSignal): Promise<BundledPackage[] | null> {
  const response = await fetch(licensesUrl, { signal });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`licences: ${response.status}`);
  // The SPA fallback answers unknown paths with index.html: that is no list either.
  if (!response.headers.get('content-type')?.includes('json')) return null;
  return z.array(BundledPackage).parse(await response.json());
}
