// Talking to the server: the local one only; every change is a POST carrying the X-Dobble header.

import { state } from "./state.js";
import { gettext } from "./words.js";

export async function api(path, { method = "GET", body = null, json = null } = {}) {
  const headers = { "X-Dobble-Lang": state.words.lang };  // the server answers in it
  if (method !== "GET") headers["X-Dobble"] = "1";
  if (json !== null) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(json);
  }
  let response;
  try {
    response = await fetch(path, { method, headers, body, credentials: "same-origin" });
  } catch {
    // no answer at all: the server is gone (stopped, or its terminal closed), not the network
    throw new Error(gettext("The deck maker has stopped; start it again, then reload this page."));
  }
  let data = null;
  try { data = await response.json(); } catch { data = null; }
  if (!response.ok) {
    const error = new Error((data && data.error) || gettext("The server answered {status}.", { status: response.status }));
    error.status = response.status;
    throw error;
  }
  return data;
}

export const sessionPath = (rest) => `/api/s/${state.sid}/${rest}`;
