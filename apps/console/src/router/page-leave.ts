/**
 * Whether this page is being left (a reload, another address typed, the tab closed). The browser
 * cuts the calls still in flight short then; a failure that follows is the page going away, not
 * an answer: nothing should be undone for it (the session least of all, which the next page
 * needs). `pagehide` comes before the calls are cut; `pageshow` of a page restored from the
 * back/forward cache makes it a live page again.
 */
let leaving = false;

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => {
    leaving = true;
  });
  window.addEventListener('pageshow', () => {
    leaving = false;
  });
}

export function leavingPage(): boolean {
  return leaving;
}
