// A test Activity using Discord's Embedded App SDK itself (bundled by esbuild for the
// test, tests/emulator/activity_app.py): ready(), authorize, the code exchange at this
// Activity's server, authenticate, the participants, an event subscription, and the
// server's websocket, all against the emulator's parent page.
import { DiscordSDK } from "@discord/embedded-app-sdk";

const sdk = new DiscordSDK(window.CLIENT_ID);
const body = document.body;

function socket(accessToken) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket("ws://" + location.host + "/api/ws");
    ws.onopen = () => ws.send(JSON.stringify({ access_token: accessToken }));
    ws.onmessage = (event) => { resolve(JSON.parse(event.data)); ws.close(); };
    ws.onerror = () => reject(new Error("websocket failed"));
  });
}

async function main() {
  await sdk.ready();
  console.log("ready in instance " + sdk.instanceId);
  const { code } = await sdk.commands.authorize({
    client_id: window.CLIENT_ID,
    response_type: "code",
    state: "",
    prompt: "none",
    scope: ["identify", "guilds"],
  });
  const answer = await fetch("/.proxy/api/token", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ code }),
  });
  const { access_token } = await answer.json();
  const auth = await sdk.commands.authenticate({ access_token });
  document.getElementById("user").textContent = auth.user.username;
  const { participants } = await sdk.commands.getInstanceConnectedParticipants();
  document.getElementById("participants").textContent =
    participants.map((p) => p.username).join(" ");
  await sdk.subscribe("ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE", (event) => {
    document.getElementById("participants").textContent =
      event.participants.map((p) => p.username).join(" ");
    body.dataset.updates = String(Number(body.dataset.updates || "0") + 1);
  });
  const fromServer = await socket(access_token);
  document.getElementById("socket").textContent = fromServer.user;
  body.dataset.state = "authenticated";
}

main().catch((error) => {
  body.dataset.state = "failed";
  body.dataset.error = String(error && (error.message || JSON.stringify(error)));
});
