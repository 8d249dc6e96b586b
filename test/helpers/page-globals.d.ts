/**
 * The browser globals that the Chromium suites' page callbacks use (`page.evaluate`,
 * `waitForFunction`). Those callbacks run in the page, where these are the DOM's own objects.
 * The tests compile against Node's types only: the DOM's whole lib would replace Node's
 * `fetch` and `Response` types in every other test. So they are declared here, as narrowly
 * as the callbacks use them. The cost: Node-side test code that names them type-checks too, and
 * fails only when it runs.
 */
interface PageElement {
  readonly textContent: string | null;
}

declare const document: {
  querySelector(selector: string): PageElement | null;
  querySelectorAll(selector: string): { readonly length: number };
};

declare const window: {
  scrollTo(x: number, y: number): void;
  readonly scrollY: number;
};

declare const location: { hash: string };
