// GRACE organiser page: the request form, the explained shortlist, feedback.
// Every piece of server or user text goes into the DOM with textContent (never innerHTML).
"use strict";

const TITLES_FR = {
  404: "Introuvable",
  413: "Demande trop volumineuse",
  422: "Demande invalide",
  500: "Erreur interne du serveur",
  503: "Base des membres indisponible",
};
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

function showError(err) {
  const box = document.getElementById("error");
  box.replaceChildren();
  const title = TITLES_FR[err.status] || (err.status ? "Erreur " + err.status : "Erreur réseau");
  box.append(el("strong", { text: title + " : " }), el("span", { text: err.message }));
  box.hidden = false;
  for (const e of (err.problem && err.problem.errors) || []) {
    const name = String(e.field || "").split(".")[1];
    const input = name && document.getElementById(name === "dates" ? "dates-fieldset" : name);
    if (input) input.setAttribute("aria-invalid", "true");
  }
  if (err.problem && err.problem.type === "urn:grace:problem:zone") {
    document.getElementById("zone").setAttribute("aria-invalid", "true");
  }
}

function hideError() {
  const box = document.getElementById("error");
  box.hidden = true;
  box.replaceChildren();
  clearInvalid();
}

// --- results ------------------------------------------------------------------------------

function card(item, searchId, group) {
  const meta = [item.code, item.commune + " (" + item.postal_code + ")"];
  if (item.distance_km !== null && item.distance_km !== undefined) {
    meta.push("à " + numberFr.format(item.distance_km) + " km");
  }
  const li = el("li", { className: "card", "data-code": item.code, "data-group": group });
  const head = el("div", { className: "card-head" }, el("h4", { text: item.name }));
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
                             "aria-label": "Corriger " + item.name, text: "Corriger" });
  for (const [button, verdict] of [[keep, "kept"], [fix, "corrected"]]) {
    button.addEventListener("click", () => sendFeedback(searchId, item.code, verdict, status,
                                                         [keep, fix]));
  }
  li.append(el("div", { className: "actions" }, keep, fix), status);
  return li;
}

async function sendFeedback(searchId, code, verdict, status, buttons) {
  for (const b of buttons) b.disabled = true;
  status.textContent = "Envoi…";
  status.className = "feedback-status";
  try {
    await api("POST", "/api/searches/" + encodeURIComponent(searchId) + "/feedback",
              { code, verdict, comment: "" });
    status.textContent = verdict === "kept" ? "Gardé — avis enregistré" :
      "À corriger — avis enregistré";
    status.className = "feedback-status recorded";
  } catch (err) {
    status.textContent = "Avis non enregistré : " + err.message;
    status.className = "feedback-status failed";
  } finally {
    for (const b of buttons) b.disabled = false;
  }
}

function fillGroup(id, items, searchId) {
  const list = document.getElementById(id);
  list.replaceChildren(...items.map((item) => card(item, searchId, id)));
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
        details.replaceChildren(el("li", { text: "Indisponible : " + err.message }));
      }
    });
    item.append(" ", more, details);
    list.append(item);
  }
  document.getElementById("similar-section").hidden = similar.length === 0;
}

function showResult(r) {
  fillGroup("recommended", r.recommended, r.search_id);
  fillGroup("compatible", r.compatible, r.search_id);
  const mode = r.mode === "explicit" ? "membres demandés par code" : "recherche complète";
  document.getElementById("summary").textContent =
    "Zone : " + (r.zone || "partout") + " · " + mode + " · " +
    (r.recommended.length + r.compatible.length) + " suggestion(s).";
  const ranker = r.ranker === "deterministic" ? "classement déterministe (sans LLM)"
    : r.ranker === "explicit" ? "membres servis directement (codes demandés)" : r.ranker;
  let cost = "";
  if (r.cost_eur > 0) cost = " · coût " + r.cost_eur.toFixed(4).replace(".", ",") + " €";
  document.getElementById("ranker").textContent = "Classement : " + ranker + cost;
  const fallback = document.getElementById("fallback");
  fallback.hidden = !r.fallback;
  fallback.textContent = r.fallback ? "Repli sur le classement déterministe : " + r.fallback : "";
  const warnings = document.getElementById("warnings");
  warnings.replaceChildren(...(r.warnings || []).map((w) => el("li", { text: w })));
  warnings.hidden = !(r.warnings || []).length;
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
  document.getElementById("results").hidden = false;
}

async function onSubmit(event) {
  event.preventDefault();
  hideError();
  const description = document.getElementById("description");
  if (!description.value.trim()) {
    description.setAttribute("aria-invalid", "true");
    showError(new ProblemError(422, { detail: "la description est obligatoire" }));
    description.focus();
    return;
  }
  const submit = document.getElementById("submit");
  submit.disabled = true;
  submit.textContent = "Recherche…";
  document.getElementById("results").setAttribute("aria-busy", "true");
  try {
    showResult(await api("POST", "/api/searches", readForm()));
  } catch (err) {
    document.getElementById("results").hidden = true;
    showError(err);
  } finally {
    submit.disabled = false;
    submit.textContent = "Rechercher";
    document.getElementById("results").removeAttribute("aria-busy");
  }
}

document.addEventListener("DOMContentLoaded", () => {
  addDate();
  document.getElementById("add-date").addEventListener("click", () => addDate().focus());
  document.getElementById("request-form").addEventListener("submit", onSubmit);
});
