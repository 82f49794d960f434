// Slider Lab's service worker, written into the release site as sw.js by build/post-build.mjs:
// once a reader has opened the page, it keeps working when the network drops (a classroom's
// wifi), with what it has already fetched.
//
// - On install it caches the first load (the page, its script, module, styles and icon). The
//   script, module, styles and icon carry a hash of their content in their names: they come
//   from the cache from then on.
// - Everything else (the page itself, the panels module, a formula's language, the technique
//   sources, the workers) is asked of the network first, so that a new build shows as soon as
//   it is published and never mixes with the last one's files; each answer is kept, and given
//   when the network does not answer. The page, without a network, opens whatever lesson its
//   address carries.
// - Every build has a cache of its own (its name holds a hash of the whole site); the old ones
//   go when the new worker starts.
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

// The files whose names carry a hash of their content.
const HASHED = new Set(FIRST_LOAD.filter((path) => path !== "./").map((path) => new URL(path, self.location).href));

// The site's own page: the folder the worker was registered for, or its index.html.
const isThePage = (url) => {
  const scope = new URL(self.registration.scope);
  return url.pathname === scope.pathname || url.pathname === scope.pathname + "index.html";
};

const cacheFirst = async (request) => {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === "basic") await cache.put(request, response.clone());
  return response;
};

// The page is kept under its bare address and found whatever lesson the address carries.
const networkFirst = async (request, page) => {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok && response.type === "basic") {
      await cache.put(page ? new URL(request.url).pathname : request, response.clone());
    }
    return response;
  } catch (offline) {
    const cached = await cache.match(request, { ignoreSearch: page });
    if (cached) return cached;
    throw offline;
  }
};

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  const page = request.mode === "navigate" && isThePage(url);
  event.respondWith(HASHED.has(url.href) ? cacheFirst(request) : networkFirst(request, page));
});
