// The emulator's stand-in for Discord's client around an Activity: it runs the Activity
// in the iframe and relays every message its Embedded App SDK posts to the emulator
// (POST /.fakediscord/rpc/FRAME), posting back the answers; events come by long polling.
// The emulator (tests/fakediscord/activity_site.py) decides every answer.
"use strict";
(function () {
  const config = JSON.parse(document.getElementById("fakediscord-config").textContent);
  const iframe = document.getElementById("activity");
  const origin = window.location.origin;
  // What the page can read in a test: every message each way, in order.
  window.fakediscord = { frame: config.frame, received: [], sent: [] };

  function post(message) {
    window.fakediscord.sent.push(message);
    iframe.contentWindow.postMessage(message, origin);
  }

  async function relay(message) {
    const answer = await fetch("/.fakediscord/rpc/" + config.frame, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(message),
    });
    if (!answer.ok) {
      return;
    }
    for (const reply of await answer.json()) {
      post(reply);
    }
  }

  window.addEventListener("message", (event) => {
    if (event.source !== iframe.contentWindow || event.origin !== origin) {
      return;
    }
    if (!Array.isArray(event.data)) {
      return;
    }
    window.fakediscord.received.push(event.data);
    relay(event.data);
  });

  async function poll() {
    for (;;) {
      let events = [];
      try {
        const answer = await fetch("/.fakediscord/events/" + config.frame);
        if (!answer.ok) {
          return;
        }
        events = await answer.json();
      } catch (error) {
        return; // the emulator stopped
      }
      for (const event of events) {
        post(event);
      }
    }
  }

  iframe.src = config.src;
  poll();
})();
