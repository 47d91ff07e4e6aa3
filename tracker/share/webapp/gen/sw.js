// Service worker of {{.Name}}: keeps the app's files so it opens offline
// and from the home screen. Cache first; each build has its own cache and
// the previous ones are deleted when it takes over.
"use strict";
const CACHE = "tableops-{{.Version}}";
const FILES = {{.Files}};
const HASHED = /\.[0-9a-f]{8,}\./;

self.addEventListener("install", function (e) {
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
	// The app's code (the files with a content hash in their names, which
	// the server lets the browser keep for good) is left to the browser's
	// own HTTP cache while online: it keeps the code compressed and reads
	// it without passing tens of megabytes through this worker on every
	// start. Offline, or when the page asks again after a failure
	// ("?cached"), this worker's copy answers.
	if (HASHED.test(path) && self.navigator.onLine && url.search !== "?cached") return;
	e.respondWith(caches.open(CACHE).then(function (c) {
		return c.match(path).then(function (hit) {
			return hit || fetch(req).then(function (resp) {
				if (resp.ok) c.put(path, resp.clone());
				return resp;
			});
		});
	}));
});
