/** What one build keeps for the next (compressed outputs by content hash): under the project root, never deployed. */
export const buildCacheDir = '.build-cache';
/** Each document's own content-check results, reused while it is unchanged (content-check/result-cache.ts): the build's, validate --cache's and the studio's publish check's. */
export const contentCheckCacheFile = `${buildCacheDir}/content-check.json`;
