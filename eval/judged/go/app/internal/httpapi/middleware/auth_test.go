package middleware

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestAuth_MissingToken(t *testing.T) {
	h := Auth([]byte("k"))(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/v1/invoices", nil))
	assert.Equal(t, http.StatusUnauthorized, rec.Code)
}
