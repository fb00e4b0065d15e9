// The live results pages: reloaded when the session changes (a result accepted, a correction,
// a move). Listens on the session's public stream, which sends only a version number; the page
// itself is fetched again, so nothing here renders results. The page is written in the reader's
// language by the server (`?lang=`, else Accept-Language): a `?lang=` in this page's address goes
// on to the site's other pages through their links (the site's files link each other plainly).
"use strict";
(function () {
  const script = document.currentScript;
  const session = script && script.dataset.session;
  if (!session) return;
  const lang = new URLSearchParams(location.search).get("lang");
  if (lang) {
    const carry = () => {
      for (const link of document.querySelectorAll("a[href]")) {
        const href = link.getAttribute("href");
        if (!href || href.startsWith("#") || /^[a-z]+:/i.test(href)) continue; // not the site's
        const url = new URL(href, location.href);
        if (url.origin !== location.origin) continue;
        url.searchParams.set("lang", lang);
        link.setAttribute("href", url.pathname + url.search + url.hash);
      }
    };
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", carry);
    else carry();
  }
  // the version the page was made from: a change made before the stream answers reloads it too
  const made = Number(script.dataset.version);
  let known = Number.isInteger(made) && script.dataset.version !== "" ? made : null;
  let backoff = 1000;
  function connect() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(`${scheme}//${location.host}/api/sessions/${encodeURIComponent(session)}/stream`);
    socket.onmessage = (message) => {
      backoff = 1000;
      let data = null;
      try { data = JSON.parse(message.data); } catch (error) { return; }
      if (typeof data.version !== "number") return;
      if (known !== null && data.version !== known) {
        location.reload();
        return;
      }
      known = data.version;
      document.documentElement.dataset.version = String(known);
    };
    socket.onclose = () => {
      setTimeout(connect, backoff);
      backoff = Math.min(backoff * 2, 30000);
    };
  }
  connect();
})();
