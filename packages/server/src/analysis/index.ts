/** Analysis as a job (issue 41 item 4): the queue, the socket command, the HTTP read. */
export { workerAnalyser, type Analyser } from './analyser.js';
export { bullQueue } from './bull-queue.js';
export { AnalysisModule } from './module.js';
export { analysisRoutes } from './routes.js';
