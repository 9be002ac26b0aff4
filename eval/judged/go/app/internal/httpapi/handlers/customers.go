package handlers

import (
	"encoding/json"
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"
	"github.com/rs/zerolog"

	"github.com/acme/invoicer/internal/customer"
)

type CustomerHandler struct {
	svc *customer.Service
	log zerolog.Logger
}

func NewCustomerHandler(svc *customer.Service, log zerolog.Logger) *CustomerHandler {
	return &CustomerHandler{svc: svc, log: log}
}

func (h *CustomerHandler) Create(w http.ResponseWriter, r *http.Request) {
	var in customer.CreateInput
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
		writeError(w, http.StatusBadRequest, "invalid_json", err.Error())
		return
	}
	c, err := h.svc.Create(r.Context(), in)
	if err != nil {
		writeError(w, http.StatusUnprocessableEntity, "validation", err.Error())
		return
	}
	writeJSON(w, http.StatusCreated, c)
}

func (h *CustomerHandler) Get(w http.ResponseWriter, r *http.Request) {
	id, err := uuid.Parse(chi.URLParam(r, "customerID"))
	if err != nil {
		writeError(w, http.StatusBadRequest, "invalid_id", "invalid customer id")
		return
	}
	c, err := h.svc.Get(r.Context(), id)
	if err != nil {
		writeError(w, http.StatusNotFound, "not_found", "customer not found")
		return
	}
	writeJSON(w, http.StatusOK, c)
}

func (h *CustomerHandler) List(w http.ResponseWriter, r *http.Request) {
	items, err := h.svc.List(r.Context())
	if err != nil {
		writeError(w, http.StatusInternalServerError, "internal", "internal error")
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"items": items})
}
