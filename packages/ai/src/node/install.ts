/**
 * Imported for its effect by Node scripts that evaluate (the benches, the build's scripts, the test setup):
 * installs the Node data source (`useNodeData`) before anything reads a net or a table.
 */
import { useNodeData } from './files.js';

useNodeData();
