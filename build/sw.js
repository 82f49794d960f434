// Slider Lab's service worker, written into the release site as sw.js by build/post-build.mjs:
// once a reader has opened the page, it keeps working when the network drops (a classroom's
// wifi), with what it has already fetched.
//
// - On install it caches the first load (the page, its script, module, styles and icon).
// - Everything else of the site's own (the panels module, a formula's language, the technique
//   sources, the workers) is cached the first time the page fetches it, and served from the
//   cache after that: a file's name does not change between builds, but every build has a cache
//   of its own (its name holds a hash of the whole site), and the old ones go when it starts.
// - Opening the page asks the network first, so a new build shows as soon as it is published;
//   without a network the cached page opens, whatever lesson its address carries.
// Requests to other origins, and anything but GET, pass by untouched.
const CACHE = "slider-lab-__VERSION__";
const FIRST_LOAD = __FIRST_LOAD__;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(FIRST_LOAD))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith("slider-lab-") && name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

// The site's own page: the folder the worker was registered for, or its index.html.
const isThePage = (url) => {
  const scope = new URL(self.registration.scope);
  return url.pathname === scope.pathname || url.pathname === scope.pathname + "index.html";
};

const fromCacheOrNetwork = async (request) => {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === "basic") await cache.put(request, response.clone());
  return response;
};

const networkThenCache = async (request) => {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok && response.type === "basic") await cache.put(new URL(request.url).pathname, response.clone());
    return response;
  } catch (offline) {
    const cached = await cache.match(request, { ignoreSearch: true });
    if (cached) return cached;
    throw offline;
  }
};

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  event.respondWith(request.mode === "navigate" && isThePage(url) ? networkThenCache(request) : fromCacheOrNetwork(request));
});
