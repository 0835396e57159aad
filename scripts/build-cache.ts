/** What one build keeps for the next (compressed outputs by content hash): under the project root, never deployed. */
export const buildCacheDir = '.build-cache';
