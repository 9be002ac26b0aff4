// GRACE organiser page: the request form, the explained shortlist, feedback.
// Every piece of server or user text goes into the DOM with textContent (never innerHTML).
"use strict";

// The API answers RFC 9457 problems whose ``type`` is machine-readable
// (urn:grace:problem:<kind>); the organiser reads these French sentences instead of the
// server's English ``detail``, which stays under « Détails techniques ».
const PROBLEMS_FR = {
  zone: "Zone non reconnue. Indiquez une commune, un code postal, un département, une " +
    "région ou « latitude,longitude » avec un rayon.",
  validation: "Certaines valeurs du formulaire ne sont pas valides.",
  "not-found": "Cette recherche ou ce membre est introuvable.",
  "store-unavailable": "La base des membres est momentanément indisponible. Réessayez dans " +
    "un instant.",
  upstream: "Un service distant n'a pas répondu. Réessayez dans un instant.",
  unavailable: "Le service est momentanément indisponible. Réessayez dans un instant.",
  config: "Le service est mal configuré : prévenez l'administrateur.",
  "too-large": "Votre demande est trop longue : raccourcissez la description.",
  timeout: "La demande a mis trop de temps à arriver au serveur. Réessayez.",
  internal: "Erreur interne du serveur. Réessayez ; si elle persiste, prévenez " +
    "l'administrateur.",
  network: "Le serveur ne répond pas. Vérifiez votre connexion et réessayez.",
};
const FIELDS_FR = {
  description: "Description de l'événement",
  extra: "Informations complémentaires",
  format: "Format",
  headcount: "Nombre d'invités",
  budget_min_eur: "Budget minimum (€)",
  budget_max_eur: "Budget maximum (€)",
  zone: "Zone",
  radius_km: "Rayon autour de la zone (km)",
  dates: "Dates de l'événement",
  codes: "Membres demandés",
};
const NOTICES_FR = {
  "empty-store": () => "Aucun lieu n'est encore enregistré : la recherche ne peut rien " +
    "proposer.",
  "codes-not-members": (n) => "Codes sans membre correspondant : " + n.codes.join(", ") +
    " ; recherche normale à la place.",
  "missing-embeddings": (n) => n.count + " lieu(x) pas encore analysé(s) : le classement " +
    "peut être incomplet.",
  "not-logged": () => "Cette recherche n'a pas pu être enregistrée : vos avis (Garder, " +
    "Corriger) ne pourront pas être pris en compte.",
  "llm-fallback": () => "L'assistant IA n'a pas répondu correctement : les lieux ont été " +
    "classés automatiquement par GRACE.",
  "explanations-replaced": (n) => n.count + " explication(s) de l'assistant IA " +
    "contredisai(en)t la fiche du lieu : remplacée(s) par une explication tirée de la fiche.",
  "topped-up": (n) => "L'assistant IA a proposé moins de 8 lieux : " + n.count +
    " lieu(x) ajouté(s) automatiquement par GRACE.",
  "zone-from-description": (n) => "Zone lue dans votre description (« " + n.text + " ») : " +
    "indiquez une zone pour la changer.",
  "off-theme": (n) => n.count + " lieu(x) proposé(s) hors du thème " +
    (n.text ? "« " + n.text + " »" : "demandé") + ", faute de mieux : la zone n'en a pas " +
    "davantage. Élargissez la zone pour en trouver d'autres.",
  "zone-not-understood": (n) => "« " + n.text + " » n'a pas été reconnu comme un lieu " +
    "(inconnu ou ambigu) : recherche dans toute la France. Indiquez la zone (commune, code " +
    "postal, département ou région).",
};
const SOURCES_FR = {
  replaced: ["explication vérifiée", "L'explication de l'assistant IA contredisait la fiche " +
    "du lieu ; celle-ci est tirée de la fiche."],
  "top-up": ["ajouté automatiquement", "L'assistant IA a proposé moins de lieux que prévu ; " +
    "celui-ci a été ajouté par le classement de GRACE."],
};
const REASONS_FR = [
  ["wrong_place", "Mauvais endroit"],
  ["wrong_theme", "Mauvais thème"],
  ["too_small", "Trop petit"],
  ["too_expensive", "Trop cher"],
  ["other", "Autre"],
];
const GENERATED_FR = { budget: "budget", availability: "disponibilités", all: "toutes les données" };
const STAGES_FR = {
  "members": "Membres",
  "stage 1: hard filters": "Étape 1 : filtres (zone, capacité, budget, dates)",
  "broad zone: closest to the centre": "Zone large : les plus proches du centre",
  "request embedding": "Vectorisation de la demande",
  "stage 2: vector ranking": "Étape 2 : classement par pertinence",
  "explicit codes": "Codes demandés",
  "found": "Trouvés",
  "total": "Total",
};
const SVG_NS = "http://www.w3.org/2000/svg";
const numberFr = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 1 });

function el(tag, props, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (key === "text") node.textContent = value;
    else if (key === "className") node.className = value;
    else node.setAttribute(key, value);
  }
  for (const child of children) if (child) node.append(child);
  return node;
}

class ProblemError extends Error {
  constructor(status, problem) {
    super(problem && problem.detail ? problem.detail : "réponse inattendue du serveur");
    this.status = status;
    this.problem = problem || {};
  }
}

async function api(method, url, body) {
  let response;
  try {
    response = await fetch(url, {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    throw new ProblemError(0, { detail: "le serveur ne répond pas (" + err.message + ")" });
  }
  let data = null;
  try {
    data = await response.json();
  } catch (err) {
    data = null;
  }
  if (!response.ok) throw new ProblemError(response.status, data);
  return data;
}

// --- the form -----------------------------------------------------------------------------

function addDate(value) {
  const list = document.getElementById("dates");
  const index = list.children.length + 1;
  const id = "date-" + Date.now() + "-" + index;
  const input = el("input", { type: "date", id, name: "dates", "aria-label": "Date " + index });
  if (value) input.value = value;
  const remove = el("button", { type: "button", className: "secondary small",
                                "aria-label": "Retirer la date " + index, text: "Retirer" });
  const item = el("li", {}, input, remove);
  remove.addEventListener("click", () => item.remove());
  list.append(item);
  return input;
}

function numberOrNull(id) {
  const input = document.getElementById(id);
  // Typed text that is not a number leaves value "" (the browser hides it): send it as text so
  // the API refuses the field instead of the search silently dropping the filter.
  if (input.validity && input.validity.badInput) return "nombre invalide";
  const raw = input.value.trim();
  if (raw === "") return null;
  const n = Number(raw);
  return Number.isFinite(n) ? n : raw;  // a non-number is sent as is: the API names the field
}

function readForm() {
  const text = (id) => document.getElementById(id).value;
  const body = {
    description: text("description").trim(),
    extra: text("extra").trim(),
    format: text("format") || null,
    headcount: numberOrNull("headcount"),
    budget_min_eur: numberOrNull("budget_min_eur"),
    budget_max_eur: numberOrNull("budget_max_eur"),
    zone: text("zone").trim() || null,
    radius_km: numberOrNull("radius_km"),
    dates: Array.from(document.querySelectorAll("#dates input")).map((i) => i.value)
      .filter((v) => v !== ""),
    codes: text("codes").split(/[\s,;]+/).filter((c) => c !== ""),
  };
  return body;
}

function clearInvalid() {
  for (const node of document.querySelectorAll("[aria-invalid]")) node.removeAttribute("aria-invalid");
}

function problemKind(err) {
  if (!err.status) return "network";
  const type = (err.problem && err.problem.type) || "";
  return type.startsWith("urn:grace:problem:") ? type.slice("urn:grace:problem:".length) : "";
}

function invalidFields(err) {
  // Pydantic's errors name the field as "body.<name>"; a domain refusal names it in its
  // detail ("field 'budget'…"): either way the page marks the input and names its label.
  const names = [];
  for (const e of (err.problem && err.problem.errors) || []) {
    const name = String(e.field || "").split(".")[1];
    if (name && !names.includes(name)) names.push(name);
  }
  const detail = (err.problem && err.problem.detail) || "";
  for (const m of detail.matchAll(/field '([a-z_]+)'/g)) {
    const name = m[1] === "min_eur" || m[1] === "max_eur" ? "budget_" + m[1] : m[1];
    if (!names.includes(name)) names.push(name);
  }
  return names.filter((n) => n in FIELDS_FR);
}

function showError(err, zone) {
  const box = document.getElementById("error");
  box.replaceChildren();
  const kind = problemKind(err);
  let message = PROBLEMS_FR[kind] ||
    (err.status ? "Le serveur a refusé la demande (erreur " + err.status + ")." :
      PROBLEMS_FR.network);
  if (kind === "zone" && zone) message = "Zone « " + zone + " » non reconnue. " +
    PROBLEMS_FR.zone.slice("Zone non reconnue. ".length);
  if (err.local) message = err.message;
  box.append(el("p", { className: "error-title", text: message }));
  const fields = invalidFields(err);
  if (fields.length) {
    box.append(el("p", { text: "À vérifier : " + fields.map((f) => "« " + FIELDS_FR[f] + " »")
      .join(", ") + "." }));
  }
  if (!err.local && err.problem && err.problem.detail) {
    const more = el("details", { className: "tech" }, el("summary", { text: "Détails techniques" }),
                    el("p", { text: (err.problem.type || "") + " — " + err.problem.detail }));
    box.append(more);
  }
  box.hidden = false;
  for (const name of fields) {
    const input = document.getElementById(name === "dates" ? "dates-fieldset" : name);
    if (input) input.setAttribute("aria-invalid", "true");
  }
  if (kind === "zone") document.getElementById("zone").setAttribute("aria-invalid", "true");
  const first = document.querySelector("input[aria-invalid], textarea[aria-invalid], " +
                                       "select[aria-invalid]");
  box.scrollIntoView({ block: "center" });
  (first || box).focus();
}

function hideError() {
  const box = document.getElementById("error");
  box.hidden = true;
  box.replaceChildren();
  clearInvalid();
}

function announce(text) {
  document.getElementById("status").textContent = text;
}

// --- results ------------------------------------------------------------------------------

let current = null;  // the result shown: what the CSV export writes

function card(item, searchId, group, rank) {
  const meta = [item.code, item.commune + " (" + item.postal_code + ")"];
  if (item.distance_km !== null && item.distance_km !== undefined) {
    meta.push("à " + numberFr.format(item.distance_km) + " km");
  }
  const li = el("li", { className: "card", "data-code": item.code, "data-group": group });
  const head = el("div", { className: "card-head" },
                  el("span", { className: "marker " + group, "aria-hidden": "true",
                               text: String(rank) }),
                  el("h4", { text: item.name }));
  const source = SOURCES_FR[item.source];
  if (source) {
    head.append(el("span", { className: "badge source", title: source[1], text: source[0] }));
  }
  if (item.generated && item.generated.length) {
    const what = item.generated.map((g) => GENERATED_FR[g] || g).join(", ");
    head.append(el("span", { className: "badge", title: "Ces données ont été générées : " + what,
                             text: "données générées : " + what }));
  }
  li.append(head, el("p", { className: "meta", text: meta.join(" · ") }),
            el("p", { className: "explanation", text: item.explanation }));
  const status = el("p", { className: "feedback-status", role: "status" });
  const keep = el("button", { type: "button", className: "keep",
                              "aria-label": "Garder " + item.name, text: "Garder" });
  const fix = el("button", { type: "button", className: "secondary correct",
                             "aria-expanded": "false",
                             "aria-label": "Corriger " + item.name, text: "Corriger" });
  const why = correctionForm(item, searchId, status, [keep, fix]);
  keep.addEventListener("click", () => {
    closeCorrection(why, fix, false);
    sendFeedback(searchId, { code: item.code, verdict: "kept", comment: "" }, status,
                 [keep, fix]);
  });
  fix.addEventListener("click", () => {
    if (why.hidden) {
      why.hidden = false;
      fix.setAttribute("aria-expanded", "true");
      why.querySelector("input[type=radio]").focus();
    } else {
      closeCorrection(why, fix, true);
    }
  });
  li.append(el("div", { className: "actions" }, keep, fix), why, status);
  return li;
}

function closeCorrection(form, fix, focus) {
  form.hidden = true;
  fix.setAttribute("aria-expanded", "false");
  if (focus) fix.focus();
}

function correctionForm(item, searchId, status, buttons) {
  const slug = item.code.replace(/[^A-Za-z0-9_-]/g, "_");
  const form = el("form", { className: "correction", "aria-label": "Corriger " + item.name });
  form.hidden = true;
  const set = el("fieldset", {}, el("legend", { text: "Pourquoi corriger ce lieu ?" }));
  for (const [value, label] of REASONS_FR) {
    const id = "reason-" + slug + "-" + value;
    set.append(el("div", { className: "choice" },
                  el("input", { type: "radio", name: "reason-" + slug, id, value }),
                  el("label", { for: id, text: label })));
  }
  const commentId = "comment-" + slug;
  const comment = el("textarea", { id: commentId, rows: "2", maxlength: "2000" });
  const hint = el("p", { className: "form-error", role: "alert" });
  const send = el("button", { type: "submit", text: "Envoyer la correction" });
  const cancel = el("button", { type: "button", className: "secondary", text: "Annuler" });
  form.append(set, el("label", { for: commentId,
                                 text: "Précisez (obligatoire pour « Autre »)" }),
              comment, hint, el("div", { className: "actions" }, send, cancel));
  const fix = buttons[1];
  cancel.addEventListener("click", () => closeCorrection(form, fix, true));
  form.addEventListener("keydown", (event) => {
    if (event.key === "Escape") closeCorrection(form, fix, true);
  });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const chosen = form.querySelector("input[type=radio]:checked");
    hint.textContent = "";
    if (!chosen) {
      hint.textContent = "Choisissez une raison.";
      form.querySelector("input[type=radio]").focus();
      return;
    }
    if (chosen.value === "other" && !comment.value.trim()) {
      hint.textContent = "Précisez ce qui ne va pas.";
      comment.focus();
      return;
    }
    const ok = await sendFeedback(searchId, { code: item.code, verdict: "corrected",
                                              reason: chosen.value,
                                              comment: comment.value.trim() },
                                  status, [...buttons, send]);
    if (ok) closeCorrection(form, fix, true);
  });
  return form;
}

async function sendFeedback(searchId, body, status, buttons) {
  for (const b of buttons) b.disabled = true;
  status.textContent = "Envoi…";
  status.className = "feedback-status";
  try {
    await api("POST", "/api/searches/" + encodeURIComponent(searchId) + "/feedback", body);
    const reason = REASONS_FR.find(([v]) => v === body.reason);
    status.textContent = body.verdict === "kept" ? "Gardé — avis enregistré" :
      "À corriger (" + (reason ? reason[1].toLowerCase() : "sans raison") +
      ") — avis enregistré";
    status.className = "feedback-status recorded";
    return true;
  } catch (err) {
    const kind = problemKind(err);
    status.textContent = "Avis non enregistré : " +
      (PROBLEMS_FR[kind] || "erreur " + err.status + ".");
    status.className = "feedback-status failed";
    return false;
  } finally {
    for (const b of buttons) b.disabled = false;
  }
}

function fillGroup(id, items, searchId, first) {
  const list = document.getElementById(id);
  list.replaceChildren(...items.map((item, i) => card(item, searchId, id, first + i)));
  list.setAttribute("start", String(first));
  document.getElementById(id + "-empty").hidden = items.length > 0;
}

function showSimilar(similar) {
  const list = document.getElementById("similar");
  list.replaceChildren();
  for (const s of similar) {
    const when = new Date(s.at).toLocaleString("fr-FR");
    const kept = s.kept.length ? " — gardés : " + s.kept.join(", ") : "";
    const item = el("li", {}, el("span", {
      text: "« " + s.description + " » (" + when + ", similarité " +
        numberFr.format(s.similarity * 100) + " %)" + kept }));
    const more = el("button", { type: "button", className: "secondary small",
                                text: "Voir ses suggestions" });
    const details = el("ul", { className: "past" });
    more.addEventListener("click", async () => {
      more.disabled = true;
      try {
        const past = await api("GET", "/api/searches/" + encodeURIComponent(s.search_id));
        details.replaceChildren(...past.suggestions.map((p) => el("li", {
          text: (p.group === "recommended" ? "Recommandé" : "Compatible") + " " + p.code +
            " : " + p.explanation })));
      } catch (err) {
        details.replaceChildren(el("li", {
          text: "Indisponible : " + (PROBLEMS_FR[problemKind(err)] || "erreur " + err.status) }));
      }
    });
    item.append(" ", more, details);
    list.append(item);
  }
  document.getElementById("similar-section").hidden = similar.length === 0;
}

// --- the map: France from the département centres, the shortlist on top ------------------

let departements = null;

async function departementCentres() {
  if (departements === null) departements = await api("GET", "/api/map/departements");
  return departements;
}

function svg(tag, attrs, text) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

async function drawMap(items) {
  const map = document.getElementById("map");
  const off = document.getElementById("map-off");
  map.replaceChildren();
  let deps;
  try {
    deps = await departementCentres();
  } catch (err) {
    off.textContent = "Carte indisponible.";
    off.hidden = false;
    return;
  }
  // Equirectangular projection, x scaled by cos(latitude) at the frame's middle. The frame is
  // the shortlist's extent padded by a degree (at least 3° of latitude), inside metropolitan
  // France (overseas départements are 97x); without a located member, all of it.
  const metro = deps.filter((d) => !d.code.startsWith("97"));
  const france = [Math.min(...metro.map((d) => d.lat)) - 0.7,
                  Math.max(...metro.map((d) => d.lat)) + 0.7,
                  Math.min(...metro.map((d) => d.lon)) - 0.9,
                  Math.max(...metro.map((d) => d.lon)) + 0.9];
  const inFrance = (lat, lon) => lat >= france[0] && lat <= france[1] &&
    lon >= france[2] && lon <= france[3];
  const located = items.filter((it) => it.latitude !== null && it.latitude !== undefined &&
    it.longitude !== null && it.longitude !== undefined && inFrance(it.latitude, it.longitude));
  let [y0, y1, x0, x1] = france;
  if (located.length) {
    y0 = Math.min(...located.map((it) => it.latitude)) - 1;
    y1 = Math.max(...located.map((it) => it.latitude)) + 1;
    x0 = Math.min(...located.map((it) => it.longitude)) - 1.3;
    x1 = Math.max(...located.map((it) => it.longitude)) + 1.3;
    const grow = Math.max(0, 3 - (y1 - y0)) / 2;
    [y0, y1] = [y0 - grow, y1 + grow];
  }
  const k = Math.cos((y0 + y1) / 2 * Math.PI / 180);
  const width = 400;
  const scale = width / ((x1 - x0) * k);
  const height = Math.max(120, Math.round((y1 - y0) * scale));
  const inside = (lat, lon) => lat >= y0 && lat <= y1 && lon >= x0 && lon <= x1;
  const project = (lat, lon) => [(lon - x0) * k * scale, (y1 - lat) * scale];
  const zoomed = x1 - x0 < 10;
  map.setAttribute("viewBox", "0 0 " + width + " " + height);
  map.append(svg("title", {}, "Carte des lieux proposés"));
  // The land: a disc of 0.6° around each département centre (their union draws France).
  const land = svg("g", { class: "land" });
  const radius = (0.6 * scale).toFixed(1);
  for (const d of metro) {
    const [x, y] = project(d.lat, d.lon);
    land.append(svg("circle", { cx: x.toFixed(1), cy: y.toFixed(1), r: radius }));
  }
  map.append(land);
  const base = svg("g", { class: "deps" });
  for (const d of metro) {
    const [x, y] = project(d.lat, d.lon);
    const dot = svg("circle", { cx: x.toFixed(1), cy: y.toFixed(1), r: 2.2 });
    dot.append(svg("title", {}, d.name + " (" + d.code + ")"));
    base.append(dot);
    if (zoomed && inside(d.lat, d.lon)) {
      base.append(svg("text", { x: (x + 4).toFixed(1), y: (y - 4).toFixed(1) }, d.name));
    }
  }
  map.append(base);
  const pins = svg("g", { class: "pins" });
  const outside = [];
  items.forEach((item, i) => {
    if (item.latitude === null || item.latitude === undefined ||
        item.longitude === null || item.longitude === undefined) {
      outside.push(item.name + " (sans coordonnées)");
      return;
    }
    if (!located.includes(item)) {
      outside.push(item.name + " (" + item.commune + ", hors carte)");
      return;
    }
    const [x, y] = project(item.latitude, item.longitude);
    const pin = svg("g", { class: "pin " + item.group, "data-code": item.code,
                           transform: "translate(" + x.toFixed(1) + " " + y.toFixed(1) + ")" });
    pin.append(svg("title", {}, (i + 1) + ". " + item.name + " — " + item.commune),
               svg("circle", { r: 9 }),
               svg("text", { "text-anchor": "middle", dy: "0.35em" }, String(i + 1)));
    pins.append(pin);
  });
  map.append(pins);
  off.textContent = outside.length ? "Hors de la carte : " + outside.join(" ; ") + "." : "";
  off.hidden = outside.length === 0;
}

// --- CSV export ---------------------------------------------------------------------------

function csvCell(value) {
  let text = value === null || value === undefined ? "" : String(value);
  // A cell starting with = + - @ (or a tab / CR) is a formula to a spreadsheet: neutralise it.
  if (/^[=+\-@\t\r]/.test(text)) text = "'" + text;
  return '"' + text.replace(/"/g, '""') + '"';
}

function shortlistCsv(result) {
  const header = ["Rang", "Groupe", "Code", "Nom", "Commune", "Code postal", "Distance (km)",
                  "Explication", "Origine de l'explication"];
  const origin = { llm: "assistant IA", replaced: "fiche (IA corrigée)",
                   "top-up": "GRACE (ajout)", deterministic: "GRACE", explicit: "demandé" };
  const rows = [header];
  shortlist(result).forEach((s, i) => rows.push([
    i + 1, s.group === "recommended" ? "Recommandé" : "Compatible", s.code, s.name, s.commune,
    s.postal_code, s.distance_km === null || s.distance_km === undefined ? "" :
      numberFr.format(s.distance_km), s.explanation, origin[s.source] || s.source || ""]));
  // Semicolons and a BOM: what a French spreadsheet opens as columns, accents intact.
  return "\ufeff" + rows.map((r) => r.map(csvCell).join(";")).join("\r\n") + "\r\n";
}

function exportCsv() {
  if (!current) return;
  const blob = new Blob([shortlistCsv(current)], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const link = el("a", { href: url, download: "grace-lieux-" +
    new Date().toISOString().slice(0, 10) + ".csv" });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
  announce("Liste exportée : " + shortlist(current).length + " lieu(x).");
}

function shortlist(r) {
  return r.recommended.map((s) => ({ ...s, group: "recommended" }))
    .concat(r.compatible.map((s) => ({ ...s, group: "compatible" })));
}

// --- showing a result ---------------------------------------------------------------------

function showResult(r) {
  current = r;
  fillGroup("recommended", r.recommended, r.search_id, 1);
  fillGroup("compatible", r.compatible, r.search_id, r.recommended.length + 1);
  const count = r.recommended.length + r.compatible.length;
  const mode = r.mode === "explicit" ? "lieux demandés par code" : "recherche complète";
  document.getElementById("summary").textContent =
    "Zone : " + (r.zone || "partout") + zoneNote(r) + " · " + mode + " · " + count +
    " lieu(x) proposé(s) · " +
    (r.ranker.startsWith("claude:") ? "classés par l'assistant IA, vérifiés par GRACE" :
      r.ranker === "explicit" ? "servis directement" : "classés automatiquement par GRACE") + ".";
  const notices = (r.notices || []).filter((n) => NOTICES_FR[n.type]);
  const list = document.getElementById("notices");
  list.replaceChildren(...notices.map((n) => el("li", { "data-type": n.type,
                                                         text: NOTICES_FR[n.type](n) })));
  list.hidden = notices.length === 0;
  const narrowed = document.getElementById("narrowed");
  narrowed.hidden = !r.narrowed;
  narrowed.textContent = r.narrowed || "";

  document.getElementById("unknown-section").hidden = r.unknown_codes.length === 0;
  document.getElementById("unknown-codes").textContent =
    "Ces codes ne correspondent à aucun membre : " + r.unknown_codes.join(", ");

  const rejected = document.getElementById("rejected");
  rejected.replaceChildren(...r.rejected.map((x) => el("li", {
    text: x.name + " (" + x.code + ") : " + x.reason })));
  document.getElementById("rejected-section").hidden = r.rejected.length === 0;

  showSimilar(r.similar_requests);
  showTechnical(r);
  document.getElementById("export-csv").disabled = count === 0;
  document.getElementById("results").hidden = false;
  drawMap(shortlist(r));

  const title = document.getElementById("results-title");
  title.scrollIntoView({ block: "start" });
  title.focus({ preventScroll: true });
  announce(count === 0 ? "Aucun lieu trouvé pour cette demande." :
    count + " lieu(x) proposé(s) : " + r.recommended.length + " recommandé(s), " +
    r.compatible.length + " compatible(s)." +
    (notices.length ? " " + notices.length + " remarque(s) à lire." : ""));
}

function zoneNote(r) {
  if (r.zone_source !== "description") return "";
  return " (lue dans la description : « " + r.zone_words + " »)";
}

function showTechnical(r) {
  let cost = "";
  if (r.cost_eur > 0) cost = " · coût " + r.cost_eur.toFixed(4).replace(".", ",") + " €";
  const attempts = r.attempts && r.attempts.length ? " · essais : " + r.attempts.join(", ") : "";
  document.getElementById("ranker").textContent = "Classement : " + r.ranker + cost + attempts;
  const fallback = document.getElementById("fallback");
  fallback.hidden = !r.fallback;
  fallback.textContent = r.fallback ? "Repli : " + r.fallback : "";
  const warnings = document.getElementById("warnings");
  warnings.replaceChildren(...(r.warnings || []).map((w) => el("li", { text: w })));
  warnings.hidden = !(r.warnings || []).length;
  const body = document.querySelector("#funnel tbody");
  body.replaceChildren(...r.funnel.map((s) => {
    let stage = STAGES_FR[s.stage] || s.stage;
    if (s.stage.startsWith("stage 3: ")) {
      const who = s.stage.slice(9);
      stage = "Étape 3 : " + (who === "deterministic" ? "classement déterministe" : who);
    }
    return el("tr", {}, el("th", { scope: "row", text: stage }),
              el("td", { text: String(s.kept) }), el("td", { text: numberFr.format(s.ms) }));
  }));
}

async function onSubmit(event) {
  event.preventDefault();
  hideError();
  const description = document.getElementById("description");
  if (!description.value.trim()) {
    description.setAttribute("aria-invalid", "true");
    const err = new ProblemError(422, {});
    err.local = true;
    err.message = "La description de l'événement est obligatoire.";
    showError(err);
    return;
  }
  const submit = document.getElementById("submit");
  const results = document.getElementById("results");
  submit.disabled = true;
  submit.textContent = "Recherche…";
  results.setAttribute("aria-busy", "true");
  announce("Recherche en cours…");
  const body = readForm();
  try {
    showResult(await api("POST", "/api/searches", body));
  } catch (err) {
    results.hidden = true;
    announce("");
    showError(err, body.zone);
  } finally {
    submit.disabled = false;
    submit.textContent = "Rechercher";
    results.removeAttribute("aria-busy");
  }
}

document.addEventListener("DOMContentLoaded", () => {
  addDate();
  document.getElementById("add-date").addEventListener("click", () => addDate().focus());
  document.getElementById("request-form").addEventListener("submit", onSubmit);
  document.getElementById("export-csv").addEventListener("click", exportCsv);
});
