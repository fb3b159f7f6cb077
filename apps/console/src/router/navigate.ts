// Navigation for code outside React (request layer, stores). The router binds itself once it is
// created; before that a full page load does the job.
let navigateImpl: (to: string, replace?: boolean) => void = (to, replace) => {
  if (replace) window.location.replace(to);
  else window.location.assign(to);
};

export function bindNavigate(fn: (to: string, replace?: boolean) => void): void {
  navigateImpl = fn;
}

export function navigateTo(to: string, replace = false): void {
  navigateImpl(to, replace);
}
