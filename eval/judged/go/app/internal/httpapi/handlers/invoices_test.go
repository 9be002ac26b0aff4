package handlers

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/rs/zerolog"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/acme/invoicer/internal/invoice"
)

type fakeInvoices struct {
	created invoice.CreateInput
	err     error
}

func (f *fakeInvoices) Create(_ context.Context, in invoice.CreateInput) (invoice.Invoice, error) {
	f.created = in
	return invoice.Invoice{ID: uuid.New(), Number: "INV-2024-0001"}, f.err
}
func (f *fakeInvoices) Get(context.Context, uuid.UUID) (invoice.Invoice, error) {
	return invoice.Invoice{}, invoice.ErrNotFound
}
func (f *fakeInvoices) List(context.Context, uuid.UUID, int32) ([]invoice.Invoice, error) {
	return nil, nil
}
func (f *fakeInvoices) Issue(context.Context, uuid.UUID) (invoice.Invoice, error) {
	return invoice.Invoice{}, nil
}

func TestCreateInvoice_InvalidJSON(t *testing.T) {
	h := NewInvoiceHandler(&fakeInvoices{}, zerolog.Nop())
	rec := httptest.NewRecorder()
	req := httptest.NewRequest(http.MethodPost, "/v1/invoices", strings.NewReader("{"))
	h.Create(rec, req)
	assert.Equal(t, http.StatusBadRequest, rec.Code)
}

func TestCreateInvoice_OK(t *testing.T) {
	f := &fakeInvoices{}
	h := NewInvoiceHandler(f, zerolog.Nop())
	rec := httptest.NewRecorder()
	body := `{"customer_id":"6f1c3a8e-8c1e-4a55-9a57-5b7c1f0c2d11","currency":"EUR","lines":[{"description":"Consulting","quantity":"2","unit_price":"450.00"}]}`
	req := httptest.NewRequest(http.MethodPost, "/v1/invoices", strings.NewReader(body))
	h.Create(rec, req)
	require.Equal(t, http.StatusCreated, rec.Code)
	assert.Equal(t, "EUR", f.created.Currency)
}

func TestGetInvoice_NotFound(t *testing.T) {
	h := NewInvoiceHandler(&fakeInvoices{}, zerolog.Nop())
	rec := httptest.NewRecorder()
	req := httptest.NewRequest(http.MethodGet, "/v1/invoices/"+uuid.NewString(), nil)
	h.Get(rec, req)
	assert.Equal(t, http.StatusBadRequest, rec.Code) // no chi route context
}
