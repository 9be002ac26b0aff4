package handlers

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/assert"
)

func TestCreateCustomer_BadJSON(t *testing.T) {
	h := NewCustomerHandler(nil, zerolog.Nop())
	rec := httptest.NewRecorder()
	h.Create(rec, httptest.NewRequest(http.MethodPost, "/v1/customers", strings.NewReader("nope")))
	assert.Equal(t, http.StatusBadRequest, rec.Code)
}
