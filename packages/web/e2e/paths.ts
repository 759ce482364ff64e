/// <reference types="node" />
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const REPO = fileURLToPath(new URL('../../..', import.meta.url));
/** Screenshots and the server's log (test-results/ is not committed). */
export const ARTIFACTS = join(REPO, 'test-results', 'web-e2e');
/** Debian's Chromium (`apt-get install chromium`); the suite never downloads a browser. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
