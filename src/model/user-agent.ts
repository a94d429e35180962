import { VERSION } from '../platform/version.js';

/** The `User-Agent` every model request carries, so server-side logs can tell our traffic apart. */
export function modelUserAgent(): string {
  return `GeminiAgent/${VERSION} (${process.platform}; ${process.arch})`;
}
