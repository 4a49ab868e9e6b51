import type { User } from '@projectory/contracts';
import type { BootPage } from './boot-plan';

/** A page of the boot plan with its modules resolved to the built files (JavaScript and CSS). */
export interface BuiltBootPage {
  files: string[];
  requests?: BootPage['requests'];
  anyone?: BootPage['anyone'];
  follow?: BootPage['follow'];
  reveal?: BootPage['reveal'];
  fill?: BootPage['fill'];
}

/** index.html's first frame of the signed-in pages (app-frames.tsx): the shell's, and by path and role a page's own. */
export interface AppFrames {
  shell: string;
  pages: Record<string, Partial<Record<User['role'], string>>>;
}

/** Where the early answers wait for the app (api/boot-requests.ts): path and query → response. */
export const BOOT_GLOBAL = '__projectoryBoot';

/**
 * The inline script index.html runs first (vite.config.ts writes it). On every page it starts the
 * app's `entry` module once the document is parsed (on the landing page, once it is painted too).
 * For a path of the boot plan (or one with an id where the plan's path has a `:name` segment, which
 * the page's requests then hold), except `/` without the signed-in hint (the landing page, which must
 * stay light), it preloads the page's chunks and stylesheets and asks GET /api/auth/user at once,
 * and with it the page's requests for anyone (`anyone`: a public page's, a visitor's too).
 * With the signed-in hint (the role of the last session), it also picks the page's first frame,
 * which index.html's next inline script shows (`frame`); the page's stylesheets then block the first
 * paint, so that the frame appears styled rather than shifting when they arrive, and the chunks are
 * preloaded once it is painted (`painted`, which main.tsx also waits for). For the hint's role at
 * once, and for the user's role if GET /api/auth/user names another, also the page's own GET
 * requests, those built from their answers (`follow`), and the parts of the frame their answers show
 * (`reveal`) or give a text (`fill`). The responses wait in `window.__projectoryBoot.answers` for the
 * app; `sent` settles once they are all sent.
 * Plain ES2017 in a string: it runs before any bundle.
 */
export function bootScript(
  entry: string,
  pages: Record<string, BuiltBootPage>,
  signedInRequests: string[],
  frames: AppFrames,
): string {
  // Pages share most files: each name is written once, pages refer to it by its index.
  const files = [...new Set(Object.values(pages).flatMap((page) => page.files))];
  const plan = JSON.stringify({
    entry,
    files,
    pages: Object.fromEntries(
      Object.entries(pages).map(([path, page]) => [
        path,
        {
          files: page.files.map((file) => files.indexOf(file)),
          requests: page.requests,
          anyone: page.anyone,
          follow: page.follow,
          reveal: page.reveal,
          fill: page.fill,
        },
      ]),
    ),
    signedInRequests,
    frames,
  }).replace(/</g, '\\u003c'); // markup in an inline script: no `</script>`
  return `(function (plan, signedIn) {
  var path = location.pathname.length > 1 ? location.pathname.replace(/\\/+$/, '') : '/';
  // The plan's page for the path: its own, else one whose :name segments take the path's (params,
  // written as the app's base query writes them).
  var params = {};
  var key = plan.pages[path] ? path : Object.keys(plan.pages).filter(function (pattern) {
    var parts = pattern.split('/');
    var segments = path.split('/');
    var found = {};
    var same = pattern.indexOf('/:') >= 0 && parts.length === segments.length && parts.every(function (part, i) {
      if (part.charAt(0) !== ':') return part === segments[i];
      try {
        found[part.slice(1)] = encodeURIComponent(decodeURIComponent(segments[i]));
      } catch (e) {
        return false; // not an address the router would match either
      }
      return segments[i] !== '';
    });
    if (same) params = found;
    return same;
  })[0];
  var page = key && plan.pages[key];
  // A request of the plan at this address: its :name segments replaced by the path's.
  var withParams = function (url) {
    return url.replace(/\\/:(\\w+)/g, function (segment, name) {
      return params[name] === undefined ? segment : '/' + params[name];
    });
  };
  var landing = path === '/' && !signedIn;
  // The browser's first contentful paint; a tab in the background paints nothing: at the latest after 500 ms.
  var firstPaint = function () {
    return new Promise(function (resolve) {
      setTimeout(resolve, 500);
      try {
        new PerformanceObserver(function (list, observer) {
          if (list.getEntriesByName('first-contentful-paint').length === 0) return;
          observer.disconnect();
          resolve();
        }).observe({ type: 'paint', buffered: true });
      } catch (e) {
        resolve();
      }
    });
  };
  // The entry module (index.html preloads it): once the document is parsed, as a module script in the
  // page would run; on the landing page also once the prerendered markup is on the screen, so that a
  // phone shows it before it spends time on the landing chunk and its hydration.
  var parsed = new Promise(function (resolve) {
    if (document.readyState !== 'loading') return resolve();
    document.addEventListener('DOMContentLoaded', function () {
      resolve();
    });
  });
  Promise.all([parsed, landing && firstPaint()]).then(function () {
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = plan.entry;
    document.head.appendChild(script);
  });
  if (!page || landing) return;
  var frame = signedIn ? (plan.frames.pages[key] || {})[signedIn] || plan.frames.shell : undefined;
  var link = function (file, set) {
    var element = document.createElement('link');
    set(element);
    element.crossOrigin = '';
    element.href = file;
    document.head.appendChild(element);
  };
  var files = page.files.map(function (index) {
    return plan.files[index];
  });
  var css = function (file) {
    return /\\.css$/.test(file);
  };
  files.filter(css).forEach(function (file) {
    link(file, function (element) {
      if (frame) {
        element.rel = 'stylesheet';
        element.setAttribute('blocking', 'render');
      } else {
        element.rel = 'preload';
        element.as = 'style';
      }
    });
  });
  // With a frame, the chunks are asked once it is on the screen (the browser's first contentful
  // paint): on a slow connection, the stylesheets it waits for come first. They are preloaded as
  // scripts (fetched, in the module scripts' CORS mode, for the imports to find), not as modules:
  // Chromium spends 3 to 10 ms of a phone's main thread on each modulepreload link as it is added, a
  // long task for 20 chunks.
  var painted = frame ? firstPaint() : Promise.resolve();
  painted.then(function () {
    files.filter(function (file) {
      return !css(file);
    }).forEach(function (file) {
      link(file, function (element) {
        element.rel = 'preload';
        element.as = 'script';
      });
    });
  });
  var boot = (window.${BOOT_GLOBAL} = { frame: frame, painted: painted, answers: {} });
  var get = function (url) {
    var response = fetch(url, { credentials: 'include', headers: { accept: 'application/json' } });
    response.catch(function () {});
    return (boot.answers[url] = response);
  };
  var json = function (url) {
    return (boot.answers[url] || Promise.resolve({})).then(function (response) {
      return response.ok ? response.clone().json() : null;
    });
  };
  // A role's requests, each once: with the hint, at once for the last session's role (the server
  // answers for the session's user whatever the hint says), then for the user's role if another.
  var started = {};
  var start = function (role) {
    if (started[role]) return started[role];
    var forRole = function (requests) {
      return location.search || !requests ? [] : requests[role] || [];
    };
    plan.signedInRequests.concat(forRole(page.requests).map(withParams)).forEach(function (url) {
      if (!boot.answers[url]) get(url);
    });
    forRole(page.reveal).forEach(function (reveal) {
      json(withParams(reveal.after)).then(function (answer) {
        var list = answer && answer[reveal.unless.list];
        if (!Array.isArray(list)) return;
        var item = reveal.unless.item;
        var found = list.some(function (entry) {
          return entry && Object.keys(item).every(function (key) {
            return entry[key] === item[key];
          });
        });
        var part = document.querySelector('[data-app-frame] [data-frame-part="' + reveal.part + '"]');
        if (!found && part) part.hidden = false;
      }).catch(function () {});
    });
    forRole(page.fill).forEach(function (fill) {
      json(withParams(fill.after)).then(function (answer) {
        var text = fill.field.split('.').reduce(function (value, name) {
          return value && typeof value === 'object' ? value[name] : undefined;
        }, answer);
        var part = document.querySelector('[data-app-frame] [data-frame-part="' + fill.part + '"]');
        var target = part && part.querySelector('[data-frame-text]');
        if (typeof text !== 'string' || !text || !target) return;
        target.textContent = text;
        part.hidden = false;
      }).catch(function () {});
    });
    return (started[role] = Promise.all(forRole(page.follow).map(function (follow) {
      return json(withParams(follow.after)).then(function (answer) {
        var items = answer && Array.isArray(answer.items) ? answer.items : [];
        if (items.length === 0) return;
        var ids = items.map(function (item) { return item.id; }).join(',');
        get(follow.path + '?' + new URLSearchParams([[follow.param, ids]]));
      }).catch(function () {});
    })));
  };
  get('/api/auth/user');
  // The page's requests for anyone, a visitor too: at once, whatever the session.
  (location.search || !page.anyone ? [] : page.anyone).map(withParams).forEach(function (url) {
    if (!boot.answers[url]) get(url);
  });
  if (signedIn) start(signedIn);
  boot.sent = json('/api/auth/user').then(function (user) {
    if (user && typeof user.role === 'string') return start(user.role);
  }).catch(function () {});
})(${plan}, typeof signedIn !== 'undefined' && signedIn);`;
}
