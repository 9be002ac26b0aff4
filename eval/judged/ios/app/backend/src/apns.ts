import apn from "@parse/node-apn";

const provider = new apn.Provider({
  token: {
    key: process.env.APNS_KEY_PATH ?? "",
    keyId: process.env.APNS_KEY_ID ?? "",
    teamId: process.env.APNS_TEAM_ID ?? "",
  },
  production: process.env.APNS_PRODUCTION === "true",
});

export async function sendReminder(token: string, title: string, body: string) {
  const note = new apn.Notification();
  note.alert = { title, body };
  note.sound = "default";
  note.topic = process.env.APNS_TOPIC ?? "app.streakly.ios";
  const result = await provider.send(note, token);
  return { sent: result.sent.length, failed: result.failed };
}
