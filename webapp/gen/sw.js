// Service worker of {{.Name}}: keeps the app's files so it opens offline
// and from the home screen. Cache first; each build has its own cache and
// the previous ones are deleted when it takes over.
"use strict";
const CACHE = "tableops-{{.Version}}";
const FILES = {{.Files}};

self.addEventListener("install", function (e) {
	// Where the browser can route requests itself (Chromium), the app's
	// files come straight from this cache, without starting this worker
	// for them; a file not in it comes from the network.
	// The fetch handler below does the same where it cannot.
	if (e.addRoutes && self.URLPattern) {
		try {
			const scope = new URL(self.registration.scope);
			Promise.resolve(e.addRoutes([{
				condition: { requestMethod: "GET", urlPattern: new URLPattern({ pathname: scope.pathname + "*" }) },
				source: { cacheName: CACHE },
			}])).catch(function () {});
		} catch (err) { /* the fetch handler answers */ }
	}
	e.waitUntil(caches.open(CACHE).then(function (c) { return c.addAll(FILES); }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (e) {
	e.waitUntil(caches.keys().then(function (keys) {
		return Promise.all(keys.filter(function (k) { return k.indexOf("tableops-") === 0 && k !== CACHE; })
			.map(function (k) { return caches.delete(k); }));
	}).then(function () { return self.clients.claim(); }));
});

self.addEventListener("fetch", function (e) {
	const req = e.request;
	const url = new URL(req.url);
	const scope = new URL(self.registration.scope);
	// Only the app's own files: the host's game API and anything else go to the network.
	if (req.method !== "GET" || url.origin !== scope.origin || url.pathname.indexOf(scope.pathname) !== 0) return;
	let path = url.pathname.slice(scope.pathname.length);
	if (path === "") path = "./";
	if (FILES.indexOf(path) < 0) return;
	// The app's code too comes from this cache, online or not: the cache
	// keeps it uncompressed, and the browser keeps the compiled code beside
	// it, so a start reads it in a fraction of the time the browser's HTTP
	// cache takes to decompress its copy.
	e.respondWith(caches.open(CACHE).then(function (c) {
		return c.match(path).then(function (hit) {
			return hit || fetch(req).then(function (resp) {
				if (resp.ok) c.put(path, resp.clone());
				return resp;
			});
		});
	}));
});
