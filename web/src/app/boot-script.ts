import type { BootPage } from './boot-plan';

/** A page of the boot plan with its modules resolved to the built files (JavaScript and CSS). */
export interface BuiltBootPage {
  files: string[];
  requests?: BootPage['requests'];
  follow?: BootPage['follow'];
}

/** Where the early answers wait for the app (api/boot-requests.ts): path and query → response. */
export const BOOT_GLOBAL = '__projectoryBoot';

/**
 * The inline script index.html runs first (vite.config.ts writes it): for a path of the boot plan,
 * except `/` without the signed-in hint (the landing page, which must stay light), it preloads the
 * page's chunks and stylesheets and asks GET /api/auth/user at once; once the user's role is known,
 * also the page's own GET requests, and those built from their answers (`follow`). The responses wait in
 * `window.__projectoryBoot` for the app, whose `sent` settles once they are all sent.
 * Plain ES2017 in a string: it runs before any bundle.
 */
export function bootScript(pages: Record<string, BuiltBootPage>, signedInRequests: string[]): string {
  // Pages share most files: each name is written once, pages refer to it by its index.
  const files = [...new Set(Object.values(pages).flatMap((page) => page.files))];
  const plan = JSON.stringify({
    files,
    pages: Object.fromEntries(
      Object.entries(pages).map(([path, page]) => [
        path,
        { files: page.files.map((file) => files.indexOf(file)), requests: page.requests, follow: page.follow },
      ]),
    ),
    signedInRequests,
  });
  return `(function (plan, signedIn) {
  var path = location.pathname.length > 1 ? location.pathname.replace(/\\/+$/, '') : '/';
  var page = plan.pages[path];
  if (!page || (path === '/' && !signedIn)) return;
  page.files.forEach(function (index) {
    var file = plan.files[index];
    var link = document.createElement('link');
    if (/\\.css$/.test(file)) {
      link.rel = 'preload';
      link.as = 'style';
    } else {
      link.rel = 'modulepreload';
    }
    link.crossOrigin = '';
    link.href = file;
    document.head.appendChild(link);
  });
  var boot = (window.${BOOT_GLOBAL} = {});
  var get = function (url) {
    var response = fetch(url, { credentials: 'include', headers: { accept: 'application/json' } });
    response.catch(function () {});
    return (boot[url] = response);
  };
  boot.sent = get('/api/auth/user').then(function (response) {
    return response.ok ? response.clone().json() : null;
  }).then(function (user) {
    if (!user || typeof user.role !== 'string') return;
    var forRole = function (requests) {
      return location.search || !requests ? [] : requests[user.role] || [];
    };
    plan.signedInRequests.concat(forRole(page.requests)).forEach(get);
    return Promise.all(forRole(page.follow).map(function (follow) {
      return boot[follow.after].then(function (response) {
        return response.ok ? response.clone().json() : null;
      }).then(function (answer) {
        var items = answer && Array.isArray(answer.items) ? answer.items : [];
        if (items.length === 0) return;
        var ids = items.map(function (item) { return item.id; }).join(',');
        get(follow.path + '?' + new URLSearchParams([[follow.param, ids]]));
      }).catch(function () {});
    }));
  }).catch(function () {});
})(${plan}, typeof signedIn !== 'undefined' && signedIn);`;
}
