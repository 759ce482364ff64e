/** What bench/web.js's watchReady, run in the page, marks on its window. */
interface Window {
  __drawnAt?: number;
  __interactiveAt?: number;
}
