package handlers

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"
	"github.com/rs/zerolog"

	"github.com/acme/invoicer/internal/invoice"
)

type InvoiceService interface {
	Create(ctx context.Context, in invoice.CreateInput) (invoice.Invoice, error)
	Get(ctx context.Context, id uuid.UUID) (invoice.Invoice, error)
	List(ctx context.Context, customerID uuid.UUID, limit int32) ([]invoice.Invoice, error)
	Issue(ctx context.Context, id uuid.UUID) (invoice.Invoice, error)
}

type InvoiceHandler struct {
	svc InvoiceService
	log zerolog.Logger
}

func NewInvoiceHandler(svc InvoiceService, log zerolog.Logger) *InvoiceHandler {
	return &InvoiceHandler{svc: svc, log: log}
}

func (h *InvoiceHandler) Create(w http.ResponseWriter, r *http.Request) {
	var in invoice.CreateInput
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
		writeError(w, http.StatusBadRequest, "invalid_json", err.Error())
		return
	}
	inv, err := h.svc.Create(r.Context(), in)
	if errors.Is(err, invoice.ErrValidation) {
		writeError(w, http.StatusUnprocessableEntity, "validation", err.Error())
		return
	}
	if err != nil {
		h.log.Error().Err(err).Msg("create invoice")
		writeError(w, http.StatusInternalServerError, "internal", "internal error")
		return
	}
	writeJSON(w, http.StatusCreated, inv)
}

func (h *InvoiceHandler) Get(w http.ResponseWriter, r *http.Request) {
	id, err := uuid.Parse(chi.URLParam(r, "invoiceID"))
	if err != nil {
		writeError(w, http.StatusBadRequest, "invalid_id", "invalid invoice id")
		return
	}
	inv, err := h.svc.Get(r.Context(), id)
	if errors.Is(err, invoice.ErrNotFound) {
		writeError(w, http.StatusNotFound, "not_found", "invoice not found")
		return
	}
	if err != nil {
		writeError(w, http.StatusInternalServerError, "internal", "internal error")
		return
	}
	writeJSON(w, http.StatusOK, inv)
}

func (h *InvoiceHandler) List(w http.ResponseWriter, r *http.Request) {
	cid, _ := uuid.Parse(r.URL.Query().Get("customer_id"))
	items, err := h.svc.List(r.Context(), cid, 50)
	if err != nil {
		writeError(w, http.StatusInternalServerError, "internal", "internal error")
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"items": items})
}

func (h *InvoiceHandler) Issue(w http.ResponseWriter, r *http.Request) {
	id, err := uuid.Parse(chi.URLParam(r, "invoiceID"))
	if err != nil {
		writeError(w, http.StatusBadRequest, "invalid_id", "invalid invoice id")
		return
	}
	inv, err := h.svc.Issue(r.Context(), id)
	if err != nil {
		writeError(w, http.StatusConflict, "cannot_issue", err.Error())
		return
	}
	writeJSON(w, http.StatusOK, inv)
}
