#!/usr/bin/env node
// The installed `nardy` command. A checked-in shim, so npm can link it on a fresh clone before dist/ is built.
import '../dist/main.js';
